package dev.perfport.core.launch;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;

import java.util.Arrays;
import java.util.List;

/**
 * Checks a launch against the kernel and the device before anything runs. Every backend goes
 * through it, so the same bad input gives the same message everywhere. Messages name the
 * problem and the limit.
 */
public final class LaunchValidator {

    /** Answers the residency query for a static launch. */
    @FunctionalInterface
    public interface Residency {
        /**
         * {@return how many groups of this local size and local-memory use are guaranteed co-resident}
         *
         * @param localSize          the local size per dimension
         * @param localBytesPerGroup local memory per group, in bytes
         */
        int maxResidentGroups(long[] localSize, long localBytesPerGroup);
    }

    private LaunchValidator() {
    }

    /**
     * {@return the launch with what validation derived (local-memory use, ...)} Checks a launch against
     * the kernel and the device before anything runs.
     *
     * @param dev       the device
     * @param def       the kernel definition
     * @param constants the constants it was built with
     * @param launch    the launch
     * @param args      the arguments, in the definition's order
     * @param residency the residency query, for static launches
     * @throws dev.perfport.core.error.InvalidLaunchException      naming the problem and the limit
     * @throws dev.perfport.core.error.UnsupportedFeatureException when the device lacks a feature the kernel needs
     */
    public static ValidatedLaunch validate(DeviceInfo dev, KernelDef def, Constants constants,
                                           Launch launch, Object[] args, Residency residency) {
        String where = "kernel '" + def.name() + "' on " + dev.name();
        checkForm(def, launch, where);
        checkFeatures(dev, def, launch, where);
        checkGeometry(dev, launch, where);
        checkArgs(dev, def, args, where);

        long local = def.declaredLocalBytes().applyAsLong(constants);
        long stat = 0;
        for (int i = 0; i < args.length; i++) {
            ArgDef a = def.args().get(i);
            if (a.level() == MemoryLevel.LOCAL) local += ((LocalSize) args[i]).elements() * a.type().bytes();
            if (a.level() == MemoryLevel.STATIC_LOCAL) stat += ((LocalSize) args[i]).elements() * a.type().bytes();
        }
        long cap = dev.capacity(MemoryLevel.LOCAL);
        if (local + stat > cap) {
            throw new InvalidLaunchException("local memory over capacity for " + where + ": " + local + " B local"
                    + (stat > 0 ? " + " + stat + " B static local = " + (local + stat) + " B" : "")
                    + " exceeds the " + cap + " B of local memory available to a work-group");
        }
        int res = 0;
        if (launch instanceof StaticGroups sg) {
            long[] ls = sg.localSizes();
            res = residency.maxResidentGroups(ls, local + stat);
            if (sg.k() > res) {
                throw new InvalidLaunchException("too many static work-groups for " + where + ": k = " + sg.k()
                        + " exceeds the " + res + " that can be co-resident (residency query, local size "
                        + Arrays.toString(ls) + ", " + (local + stat) + " B local memory per group)");
            }
        }
        return new ValidatedLaunch(launch, local, stat, res);
    }

    private static void checkForm(KernelDef def, Launch launch, String where) {
        if (def.form() == LaunchForm.STATIC_GROUPS && !(launch instanceof StaticGroups)) {
            throw new InvalidLaunchException(where + " is written for static work-groups; launch it with StaticGroups(k, ...), not " + launch);
        }
        if (def.form() == LaunchForm.NDRANGE && launch instanceof StaticGroups) {
            throw new InvalidLaunchException(where + " is an NDRange kernel; it cannot be launched as " + launch);
        }
    }

    private static void checkFeatures(DeviceInfo dev, KernelDef def, Launch launch, String where) {
        if (def.usesStaticLocal() && dev.support(MemoryLevel.STATIC_LOCAL) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException(where + " needs static local memory, which this device does not support");
        }
        if (launch instanceof StaticGroups && dev.support(Feature.STATIC_WORK_GROUPS) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException(where + " needs static work-groups, which this device does not support");
        }
        boolean dbl = def.args().stream().anyMatch(a -> a.type() == ElemType.DOUBLE);
        if (dbl && dev.support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException(where + " uses double precision, which this device does not support");
        }
    }

    private static void checkGeometry(DeviceInfo dev, Launch launch, String where) {
        List<Long> maxItems = dev.maxWorkItemSizes();
        if (launch.dims() > maxItems.size()) {
            throw new InvalidLaunchException(where + ": " + launch.dims() + " dimensions requested, the device supports "
                    + maxItems.size());
        }
        for (int d = 0; d < launch.dims(); d++) {
            if (launch.local(d) > maxItems.get(d)) {
                throw new InvalidLaunchException(where + ": local size " + launch.local(d) + " in dimension " + d
                        + " exceeds the device's maximum work-item size " + maxItems.get(d));
            }
        }
        if (launch.localItems() > dev.maxWorkGroupSize()) {
            throw new InvalidLaunchException(where + ": work-group of " + launch.localItems()
                    + " work-items exceeds the device's maximum work-group size " + dev.maxWorkGroupSize());
        }
        if (launch instanceof NDRange r) {
            for (int d = 0; d < r.dims(); d++) {
                if (r.global(d) % r.local(d) != 0) {
                    throw new InvalidLaunchException(where + ": local size " + r.local(d) + " does not divide global size "
                            + r.global(d) + " in dimension " + d + " (remainder " + (r.global(d) % r.local(d)) + ")");
                }
            }
        }
    }

    private static void checkArgs(DeviceInfo dev, KernelDef def, Object[] args, String where) {
        List<ArgDef> defs = def.args();
        if (args.length != defs.size()) {
            throw new InvalidLaunchException(where + " takes " + defs.size() + " arguments " + defs + ", got " + args.length);
        }
        for (int i = 0; i < args.length; i++) {
            ArgDef a = defs.get(i);
            Object v = args[i];
            String what = where + ", argument " + i + " '" + a.name() + "'";
            switch (a.level()) {
                case GLOBAL, CONSTANT -> {
                    if (!(v instanceof DeviceBuffer b)) {
                        throw new InvalidLaunchException(what + " expects a " + a.type() + " buffer, got " + describe(v));
                    }
                    if (b.isClosed()) throw new InvalidLaunchException(what + ": the buffer was released (closed)");
                    if (b.type() != a.type()) {
                        throw new InvalidLaunchException(what + " expects a " + a.type() + " buffer, got a " + b.type() + " buffer");
                    }
                    if (a.level() == MemoryLevel.CONSTANT && b.bytes() > dev.capacity(MemoryLevel.CONSTANT)) {
                        throw new InvalidLaunchException(what + ": constant buffer of " + b.bytes() + " B exceeds the "
                                + dev.capacity(MemoryLevel.CONSTANT) + " B of constant memory");
                    }
                }
                case LOCAL, STATIC_LOCAL -> {
                    if (!(v instanceof LocalSize)) {
                        throw new InvalidLaunchException(what + " is " + a.level() + " memory and expects a LocalSize, got " + describe(v));
                    }
                }
                case PRIVATE -> {
                    if (!a.type().boxClass().isInstance(v)) {
                        throw new InvalidLaunchException(what + " expects a " + a.type().clName() + " value, got " + describe(v));
                    }
                }
            }
        }
    }

    private static String describe(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName() + " " + v;
    }
}
