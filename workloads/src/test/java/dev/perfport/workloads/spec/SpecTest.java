package dev.perfport.workloads.spec;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Space;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** One declaration gives parsing, help, the tuning space with its rules, the cache key and the constants. */
class SpecTest {
    static final Knob<Long> N = Knob.sizes("n").atLeast(1).byDefaultText("2^10").help("elements");
    static final Knob<String> TYPE = Knob.choice("type", "int", "float").byDefault("int").help("element type");
    static final Knob<Integer> WG = Knob.ints("wg").powerOfTwo().byDefault(64).grid(32, 64, 128, 256).tunable().help("work-group size");
    static final Knob<Integer> IPT = Knob.ints("ipt").range(1, 8).byDefault(1).grid(1, 2, 4, 8).macro("IPT").tunable().only("fast")
            .help("items per thread");
    static final Knob<Integer> TILE = Knob.ints("tile").atLeast(1).orAuto().byDefaultText("auto").macro("TILE").help("tile, auto per device");
    static final Knob<Double> ALPHA = Knob.reals("alpha").byDefault(1.5).help("the scalar");
    static final Spec SPEC = Spec.of("demo").variants("plain", "fast").knobs(N, TYPE, WG, IPT, TILE, ALPHA)
            .rules(Rule.of("items per group", v -> v.get(WG) * v.get(IPT) <= 512,
                            v -> "wg*ipt = " + v.get(WG) * v.get(IPT) + " exceeds 512 items per group").only("fast"),
                    Rule.device("work-group size", (v, d) -> v.get(WG) <= d.maxWorkGroupSize(),
                            (v, d) -> "wg " + v.get(WG) + " exceeds the device's maximum work-group size " + d.maxWorkGroupSize()))
            .build();

    static DeviceInfo device(long maxWorkGroup) {
        return new DeviceInfo("test device", "test", DeviceType.CPU, 4, maxWorkGroup, List.of(maxWorkGroup), Map.of(), Map.of(), Map.of());
    }

    @Test
    void parsesTypedValuesOverTheDefaults() {
        Values v = SPEC.parse(Params.of("n", "32M", "ipt", "4", "tile", "16"), "fast");
        assertEquals(32L << 20, v.get(N));
        assertEquals("int", v.get(TYPE));
        assertEquals(4, v.get(IPT));
        assertEquals(16, v.or(TILE, 8));
        assertEquals(1.5, v.get(ALPHA));
        assertEquals("32M", v.text(N), "a row shows the value as written");
        assertTrue(v.atDefault(WG));
        assertFalse(v.atDefault(IPT));
        Values auto = SPEC.parse(Params.of(), "plain");
        assertTrue(auto.given(TILE).isEmpty());
        assertThrows(IllegalStateException.class, () -> auto.get(TILE));
        assertThrows(IllegalStateException.class, () -> auto.get(IPT), "plain does not read ipt");
        assertFalse(auto.shown().containsKey("ipt"), "a variant's row leaves out the knobs it does not read");
        assertEquals(List.of("n", "type", "wg", "tile", "alpha"), List.copyOf(auto.shown().keySet()));
    }

    @Test
    void badInputIsOneLineNamingTheParameterTheValueAndTheLimit() {
        assertEquals("ipt must be in [1, 8], got 9", bad(Params.of("ipt", "9"), "fast"));
        assertEquals("wg must be a power of two, got 48", bad(Params.of("wg", "48"), "plain"));
        assertEquals("n must be >= 1, got 0", bad(Params.of("n", "0"), "plain"));
        assertEquals("type must be int or float, got 'double'", bad(Params.of("type", "double"), "plain"));
        assertEquals("alpha must be a number, got 'x'", bad(Params.of("alpha", "x"), "plain"));
        assertTrue(bad(Params.of("n", "lots"), "plain").contains("n must be an integer"));
        assertEquals("unknown parameter 'size' of demo; parameters: n, type, wg, ipt, tile, alpha", bad(Params.of("size", "1"), "plain"));
        assertEquals("unknown variant 'slow' of demo; variants: plain, fast", bad(Params.of(), "slow"));
        assertEquals("wg*ipt = 1024 exceeds 512 items per group", bad(Params.of("wg", "256", "ipt", "4"), "fast"));
        assertDoesNotThrow(() -> SPEC.parse(Params.of("wg", "256", "ipt", "4"), "plain"), "the rule is fast's only");
        assertDoesNotThrow(() -> SPEC.parse(Params.of("ipt", "99"), "plain"), "plain does not read ipt");
        assertDoesNotThrow(() -> SPEC.parse(Params.of("warmup", "2", "stat", "best"), "plain"), "the measurement's parameters");
    }

    @Test
    void aDeviceRuleRefusesTheRowOnThatDevice() {
        Values v = SPEC.parse(Params.of("wg", "128"), "plain");
        assertDoesNotThrow(() -> v.refuseOn(device(1024)));
        InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> v.refuseOn(device(64)));
        assertEquals("wg 128 exceeds the device's maximum work-group size 64", e.getMessage());
    }

    private static String bad(Params p, String variant) {
        return assertThrows(ConfigException.class, () -> SPEC.parse(p, variant)).getMessage();
    }

    @Test
    void theTuningSpaceFiltersByEveryRuleBeforeAnythingRuns() {
        Values fixed = SPEC.parse(Params.of(), "fast");
        Space space = SPEC.space(fixed, device(128), Map.of());
        assertEquals(List.of("wg", "ipt"), space.names());
        assertEquals(16, space.gridSize());
        assertTrue(space.satisfies(Config.of("wg", 64, "ipt", 8)));
        assertEquals("items per group: wg*ipt = 1024 exceeds 512 items per group", space.violation(Config.of("wg", 128, "ipt", 8)).orElseThrow());
        assertEquals("work-group size: wg 256 exceeds the device's maximum work-group size 128",
                space.violation(Config.of("wg", 256, "ipt", 1)).orElseThrow());
        // 32..128 x 1..8 but 128x8 is valid: 3 x 4 - 1; 256 never (device)
        assertEquals(11, space.validPoints(100));
        assertEquals("ipt must be in [1, 8], got 9",
                assertThrows(ConfigException.class, () -> SPEC.space(fixed, device(128), Map.of("ipt", List.of(3, 9)))).getMessage());
        assertEquals(List.of(3, 5), SPEC.space(fixed, device(128), Map.of("ipt", List.of(5, 3))).param("ipt").values());
        assertEquals("'tile' is not a tuned parameter of demo's fast; tuned: wg, ipt",
                assertThrows(ConfigException.class, () -> SPEC.space(fixed, device(128), Map.of("tile", List.of(1)))).getMessage());
        assertEquals(List.of("wg"), SPEC.space(SPEC.parse(Params.of(), "plain"), device(128), Map.of()).names());
    }

    @Test
    void cacheKeyConstantsDefaultsAndHelpComeFromTheDeclaration() {
        Values v = SPEC.parse(Params.of("ipt", "2", "tile", "8"), "fast");
        Map<String, String> key = SPEC.cacheKey(v);
        assertEquals(Map.of("n", "2^10", "type", "int", "tile", "8", "alpha", "1.5", "variant", "fast"), key);
        assertEquals(Constants.of("IPT", 2, "TILE", 8), SPEC.constants(v));
        assertEquals(Constants.of(), SPEC.constants(SPEC.parse(Params.of(), "plain")), "auto and unread knobs hand nothing");
        assertEquals(Map.of("n", "2^10", "type", "int", "wg", "64", "ipt", "1", "tile", "auto", "alpha", "1.5"), SPEC.defaults().asMap());
        assertEquals(List.of("wg", "ipt"), SPEC.tunedNames());
        assertEquals("ipt: fast only: items per thread (in [1, 8]; default 1; tuned)", SPEC.help().get(3));
        assertEquals("type: element type (int or float; default int)", SPEC.help().get(1));
        assertEquals("tile: tile, auto per device (>= 1, or auto; default auto)", SPEC.help().get(4));
        assertEquals(1, SPEC.lowest("ipt"));
    }

    @Test
    void aPointOfTheSpaceReplacesTheTunedValues() {
        Values v = SPEC.parse(Params.of(), "fast").with(Config.of("wg", 128, "ipt", 2));
        assertEquals(128, v.get(WG));
        assertEquals("2", v.text(IPT));
        assertThrows(ConfigException.class, () -> v.with(IPT, 0));
    }

    @Test
    void aDeclarationThatContradictsItselfFailsWhenBuilt() {
        assertThrows(IllegalArgumentException.class, () -> Spec.of("x").variants("a").knobs(N, N).build());
        assertThrows(IllegalArgumentException.class, () -> Spec.of("x").variants("a").knobs(IPT).build(), "ipt names variant fast");
        assertThrows(IllegalStateException.class, () -> Spec.of("x").variants("a").knobs(Knob.ints("k")).build(), "no default");
        assertThrows(IllegalStateException.class, () -> Knob.ints("k").tunable(), "a tunable knob needs a grid");
    }
}
