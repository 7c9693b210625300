package dev.perfport.core.launch;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class LaunchValidatorTest {

    /** A plain host-array buffer: enough to exercise validation without a backend. */
    record HostBuffer(ElemType type, long length, MemoryLevel level, boolean[] closed) implements DeviceBuffer {
        HostBuffer(ElemType t, long n) {
            this(t, n, MemoryLevel.GLOBAL, new boolean[1]);
        }

        public boolean isClosed() {
            return closed[0];
        }

        public void write(long o, Object s, int so, int c) {
            DeviceBuffer.checkCopy(this, o, s, so, c);
        }

        public void read(long o, Object d, int d0, int c) {
            DeviceBuffer.checkCopy(this, o, d, d0, c);
        }

        public void close() {
            closed[0] = true;
        }
    }

    static DeviceInfo device(Support slm, Support staticGroups, Support dbl) {
        return new DeviceInfo("TestDev", "v", DeviceType.CPU, 2, 1024, List.of(1024L, 64L, 16L),
                Map.of(MemoryLevel.GLOBAL, new MemoryLevelInfo(MemoryLevel.GLOBAL, 1 << 30, Support.NATIVE, ""),
                        MemoryLevel.CONSTANT, new MemoryLevelInfo(MemoryLevel.CONSTANT, 1024, Support.NATIVE, ""),
                        MemoryLevel.LOCAL, new MemoryLevelInfo(MemoryLevel.LOCAL, 32768, Support.NATIVE, ""),
                        MemoryLevel.STATIC_LOCAL, new MemoryLevelInfo(MemoryLevel.STATIC_LOCAL, 32768, slm, "")),
                Map.of(Feature.STATIC_WORK_GROUPS, staticGroups, Feature.DOUBLE_PRECISION, dbl), Map.of());
    }

    static final DeviceInfo DEV = device(Support.NATIVE, Support.NATIVE, Support.NATIVE);

    static final KernelDef K = KernelDef.builder("k").global("in", ElemType.INT, Access.READ)
            .scalar("n", ElemType.INT).local("scratch", ElemType.INT).staticLocal("slm", ElemType.INT).build();

    static ValidatedLaunch validate(DeviceInfo d, KernelDef k, Launch l, Object... args) {
        return LaunchValidator.validate(d, k, Constants.empty(), l, args, (ls, b) -> 2);
    }

    final HostBuffer in = new HostBuffer(ElemType.INT, 100);

    @Test
    void acceptsAndSumsLocalMemory() {
        ValidatedLaunch v = validate(DEV, K, NDRange.of(1024, 256), in, 5, LocalSize.of(256), LocalSize.of(4));
        assertEquals(1024, v.localBytes());
        assertEquals(16, v.staticLocalBytes());
    }

    @Test
    void localSizeMustDivideGlobal() {
        var e = assertThrows(InvalidLaunchException.class,
                () -> validate(DEV, K, NDRange.of(1000, 256), in, 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("does not divide global size 1000") && e.getMessage().contains("256"), e.getMessage());
    }

    @Test
    void workGroupLimits() {
        var e = assertThrows(InvalidLaunchException.class,
                () -> validate(DEV, K, NDRange.of(64, 128, 32, 64), in, 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("2048 work-items exceeds") && e.getMessage().contains("1024"), e.getMessage());
        e = assertThrows(InvalidLaunchException.class,
                () -> validate(DEV, K, NDRange.of(128, 128, 1, 128), in, 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("maximum work-item size 64"), e.getMessage());
    }

    @Test
    void localPlusStaticLocalMustFit() {
        var e = assertThrows(InvalidLaunchException.class,
                () -> validate(DEV, K, NDRange.of(256, 256), in, 5, LocalSize.of(6000), LocalSize.of(3000)));
        assertTrue(e.getMessage().contains("24000 B local + 12000 B static local = 36000 B exceeds the 32768 B"), e.getMessage());
    }

    @Test
    void declaredLocalBytesCount() {
        KernelDef k = KernelDef.builder("tiles").scalar("n", ElemType.INT)
                .declaredLocalBytes(c -> 2L * c.getInt("TILE") * c.getInt("TILE") * 4).build();
        var e = assertThrows(InvalidLaunchException.class, () -> LaunchValidator.validate(DEV, k,
                Constants.of("TILE", 128), NDRange.of(16, 16), new Object[]{1}, (a, b) -> 1));
        assertTrue(e.getMessage().contains("131072 B local"), e.getMessage());
    }

    @Test
    void staticGroupsBoundedByResidency() {
        KernelDef k = KernelDef.builder("v1").form(LaunchForm.STATIC_GROUPS).scalar("n", ElemType.INT).build();
        var e = assertThrows(InvalidLaunchException.class,
                () -> validate(DEV, k, StaticGroups.of(3, 64, TaskMapping.BLOCKED, 10), 1));
        assertTrue(e.getMessage().contains("k = 3 exceeds the 2 that can be co-resident"), e.getMessage());
        assertEquals(2, validate(DEV, k, StaticGroups.of(2, 64, TaskMapping.DYNAMIC, 10), 1).residency());
    }

    @Test
    void launchFormMustMatch() {
        KernelDef k = KernelDef.builder("v1").form(LaunchForm.STATIC_GROUPS).build();
        assertThrows(InvalidLaunchException.class, () -> validate(DEV, k, NDRange.of(64, 64)));
        KernelDef plain = KernelDef.builder("p").build();
        assertThrows(InvalidLaunchException.class, () -> validate(DEV, plain, StaticGroups.of(1, 64, TaskMapping.CYCLIC, 1)));
    }

    @Test
    void unsupportedFeaturesAreRefused() {
        DeviceInfo noSlm = device(Support.UNSUPPORTED, Support.UNSUPPORTED, Support.UNSUPPORTED);
        var e = assertThrows(UnsupportedFeatureException.class,
                () -> validate(noSlm, K, NDRange.of(256, 256), in, 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("static local memory"), e.getMessage());
        KernelDef k = KernelDef.builder("sg").form(LaunchForm.STATIC_GROUPS).build();
        assertThrows(UnsupportedFeatureException.class, () -> validate(noSlm, k, StaticGroups.of(1, 64, TaskMapping.CYCLIC, 1)));
        KernelDef d = KernelDef.builder("d").global("x", ElemType.DOUBLE, Access.READ).build();
        e = assertThrows(UnsupportedFeatureException.class,
                () -> validate(noSlm, d, NDRange.of(1, 1), new HostBuffer(ElemType.DOUBLE, 1)));
        assertTrue(e.getMessage().contains("double precision"), e.getMessage());
    }

    @Test
    void argumentsAreChecked() {
        var e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, K, NDRange.of(256, 256), in, 5, LocalSize.of(1)));
        assertTrue(e.getMessage().contains("takes 4 arguments"), e.getMessage());
        e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, K, NDRange.of(256, 256),
                new HostBuffer(ElemType.FLOAT, 4), 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("expects a INT buffer, got a FLOAT buffer"), e.getMessage());
        e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, K, NDRange.of(256, 256), in, 5.0f, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("'n' expects a int value"), e.getMessage());
        e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, K, NDRange.of(256, 256), in, 5, 256, LocalSize.of(1)));
        assertTrue(e.getMessage().contains("expects a LocalSize"), e.getMessage());
        in.close();
        e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, K, NDRange.of(256, 256), in, 5, LocalSize.of(1), LocalSize.of(1)));
        assertTrue(e.getMessage().contains("released"), e.getMessage());
    }

    @Test
    void constantBufferCapacity() {
        KernelDef k = KernelDef.builder("c").constantBuffer("table", ElemType.FLOAT).build();
        var e = assertThrows(InvalidLaunchException.class, () -> validate(DEV, k, NDRange.of(1, 1), new HostBuffer(ElemType.FLOAT, 1000)));
        assertTrue(e.getMessage().contains("4000 B exceeds the 1024 B of constant memory"), e.getMessage());
    }

    @Test
    void rangesRejectNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new NDRange(new long[]{1, 1, 1, 1}, new long[]{1, 1, 1, 1}));
        assertThrows(IllegalArgumentException.class, () -> NDRange.of(0, 1));
        assertThrows(IllegalArgumentException.class, () -> StaticGroups.of(0, 64, TaskMapping.BLOCKED, 1));
        assertEquals(4, NDRange.of(1024, 256).groupCount());
    }

    @Test
    void copyChecks() {
        HostBuffer b = new HostBuffer(ElemType.INT, 10);
        assertThrows(IllegalArgumentException.class, () -> b.write(new float[10]));
        assertThrows(IndexOutOfBoundsException.class, () -> b.write(new int[11]));
        assertThrows(IndexOutOfBoundsException.class, () -> b.read(5, new int[10], 0, 6));
        b.write(new int[10]);
        b.close();
        assertThrows(IllegalStateException.class, () -> b.write(new int[10]));
    }
}
