package dev.perfport.backend.jocl;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.OpenClPrelude;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_program;

import java.util.Arrays;
import java.util.List;

/**
 * Program building for one session and its caches: a kernel's source gets the perfport prelude
 * and a {@code #line 1}, so build-log line numbers are those of the kernel file (mapped back where
 * a compiler ignores {@code #line}, see {@link BuildLogs}); its build options are the constants',
 * the kernel's, the vendor's and the session's. Built programs are kept in a {@link ProgramCache}
 * and, when one is given, as binaries across processes in a {@link BinaryCache}. Compiles are
 * serialised by {@link #lock()}.
 */
final class JoclPrograms {
    /** Programs kept per session; several kernels share one .cl file and one build. */
    static final int PROGRAM_CACHE_SIZE = 32;

    private final JoclContext ctx;
    private final JoclDevice dev;
    private final ProgramCache programs;
    private final Object compileLock = new Object();
    /** Whether the compiler honours #line; null until a failed build asks (guarded by compileLock). */
    private Boolean honoursLine;
    /** False: kernels are built with -DPP_NO_COUNTERS and atomic counters are not reported. */
    private final boolean counting;
    /** Options this session adds to every build, after the constants and the kernel's own. */
    private final String buildOptions;
    /** Program binaries across processes, or null. */
    private final BinaryCache binaries;
    private List<String> deviceIdentity;
    private long binaryHits;
    private long binaryMisses;
    private TouchKernels touch;   // guarded by compileLock

    JoclPrograms(JoclContext ctx, boolean counting, String buildOptions, BinaryCache binaries) {
        this.ctx = ctx;
        this.dev = ctx.device();
        this.binaries = binaries;
        this.counting = counting;
        this.buildOptions = buildOptions == null ? "" : buildOptions.strip();
        this.programs = new ProgramCache(PROGRAM_CACHE_SIZE, this::releaseProgram);
    }

    /** Held while compiling and while the session closes. */
    Object lock() {
        return compileLock;
    }

    /** Programs built, cache hits, cached programs (for tests). */
    long[] cacheStats() {
        synchronized (compileLock) {
            return new long[]{programs.misses(), programs.hits(), programs.size()};
        }
    }

    /** Programs loaded from the binary cache, and those built from source while it was on. */
    long binaryHits() {
        return binaryHits;
    }

    long binaryMisses() {
        return binaryMisses;
    }

    TouchKernels touch() {
        synchronized (compileLock) {
            if (touch == null) touch = new TouchKernels(ctx.context());
            return touch;
        }
    }

    /** The kernel of {@code def} built with {@code constants} for {@code session} (its program from the cache when there). */
    JoclKernel compile(JoclSession session, KernelDef def, Constants constants) {
        long t0 = System.nanoTime();
        KernelImpl.OpenClSource src = def.impl(Dialect.OPENCL_C)
                .filter(KernelImpl.OpenClSource.class::isInstance).map(KernelImpl.OpenClSource.class::cast)
                .orElseThrow(() -> new UnsupportedFeatureException("kernel '" + def.name() + "' has no OpenCL C source"));
        String requested = join(constants.toOpenClOptions(), src.buildOptions(), vendorOptions(constants, dev.info()), buildOptions,
                counting ? "" : "-DPP_NO_COUNTERS", QUIET);
        String contract = fpContract(requested);
        String options = contract == null ? requested : join(requested.replaceAll(FP_CONTRACT_OPTION, " "));
        // _Pragma on the prelude's first line (a comment) keeps every line number where it was
        String source = (contract == null ? "" : "_Pragma(\"OPENCL FP_CONTRACT " + contract + "\") ")
                + OpenClPrelude.source() + BuildLogs.SEPARATOR + src.source();
        String where = "kernel '" + def.name() + "' (__kernel " + src.entryPoint() + ") on " + deviceName();
        synchronized (compileLock) {
            session.checkOpen();
            cl_program program = programs.get(new ProgramCache.Key(source, options), () -> build(source, options, where));
            cl_kernel k;
            try {
                k = CL.clCreateKernel(program, src.entryPoint(), null);
            } catch (CLException e) {
                if (e.getStatus() == CL.CL_INVALID_KERNEL_NAME) {
                    throw new KernelBuildException(where + ": the source has no __kernel function named '"
                            + src.entryPoint() + "' (" + Cl.name(e) + ")", "");
                }
                throw Cl.error("clCreateKernel for " + where, e);
            }
            ctx.created("kernel");
            try {
                long nargs = Cl.kernelLong(k, CL.CL_KERNEL_NUM_ARGS);
                int expected = OpenClPrelude.HIDDEN_ARGS + def.args().size();
                if (nargs != expected) {
                    throw new KernelBuildException(where + ": the __kernel function takes " + nargs
                            + " parameters, but the definition declares " + def.args().size() + " arguments "
                            + def.args() + " + " + OpenClPrelude.HIDDEN_ARGS + " hidden ones = " + expected
                            + " (does its parameter list start with PP_PARAMS?)", "");
                }
                long wg = Cl.kernelWorkGroupLong(k, dev.device(), CL.CL_KERNEL_WORK_GROUP_SIZE);
                // NVIDIA's OpenCL reports 256 for every kernel, yet runs groups up to the device
                // maximum (H100, driver 580): there the value is advice, not a limit
                if (dev.residency().nvidia()) wg = Math.max(wg, dev.info().maxWorkGroupSize());
                long ownLocal = Cl.kernelWorkGroupLong(k, dev.device(), CL.CL_KERNEL_LOCAL_MEM_SIZE);
                long[] reqd = Cl.kernelWorkGroupSizes(k, dev.device(), CL.CL_KERNEL_COMPILE_WORK_GROUP_SIZE);
                return new JoclKernel(session, def, constants, k, System.nanoTime() - t0, wg, ownLocal,
                        reqd.length == 3 ? reqd : new long[3]);
            } catch (RuntimeException e) {
                try {
                    ctx.release("kernel", () -> CL.clReleaseKernel(k));
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                if (e instanceof CLException ce) throw Cl.error("querying " + where, ce);
                throw e;
            }
        }
    }

    private String deviceName() {
        return dev.info().name();
    }

    /**
     * {@code -cl-fp-contract=off|on|fast}: whether the compiler may fuse {@code a*b+c} into one
     * rounding (an FMA). It is clang's option, not an OpenCL build option (PoCL refuses it), so
     * jocl takes it out of the options and puts {@code #pragma OPENCL FP_CONTRACT} (standard
     * OpenCL C) before the program instead.
     */
    static final String FP_CONTRACT_OPTION = "(?<=^|\\s)-cl-fp-contract=(off|on|fast)(?=\\s|$)";

    /** OFF or ON for the last {@code -cl-fp-contract=} in {@code options}, or null when there is none. */
    static String fpContract(String options) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(FP_CONTRACT_OPTION).matcher(options);
        String last = null;
        while (m.find()) last = m.group(1).equals("off") ? "OFF" : "ON";
        return last;
    }

    /**
     * {@code -w} (an OpenCL build option: no warnings): a compiler may write its diagnostics to the
     * process's stderr besides the build log (PoCL's clang prints "1 warning generated." on the
     * user's terminal), and a warning is no failure. Errors still fail the build, with the log in
     * the exception. Left out while {@code PP_JOCL_DUMP} collects the logs (diagnostics).
     */
    static final String QUIET = System.getenv("PP_JOCL_DUMP") == null ? "-w" : "";

    /**
     * The options a configuration asks for through constants that only one vendor's compiler
     * understands: {@link KernelImpl.OpenClSource#NVIDIA_MAX_REGISTERS} as {@code -cl-nv-maxrregcount}
     * on NVIDIA's OpenCL, nothing elsewhere.
     */
    static String vendorOptions(Constants constants, DeviceInfo device) {
        int cap = registerCap(constants, device);
        return cap == 0 ? "" : "-cl-nv-maxrregcount=" + cap;
    }

    /** The register cap a build for {@code device} carries: the configuration's on NVIDIA, else 0 (none). */
    static int registerCap(Constants constants, DeviceInfo device) {
        if (!device.nvidia() || !constants.has(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS)) return 0;
        return Math.max(0, constants.getInt(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS));
    }

    /** Build options joined by single spaces, empty parts left out. */
    static String join(String... parts) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            if (p == null || p.isBlank()) continue;
            if (!b.isEmpty()) b.append(' ');
            b.append(p.strip().replaceAll("\\s+", " "));
        }
        return b.toString();
    }

    /**
     * Diagnostics: with the environment variable {@code PP_JOCL_DUMP} (not PERFPORT_*: those are settings) set to a folder, each
     * built program's binary (PTX text on NVIDIA's driver) is written there, its build options in a
     * first comment line, so that e.g. {@code ptxas -v} can report registers and spills of the
     * kernels as they were really built. A failed dump is reported on stderr, never fatal.
     */
    private void dumpBinary(cl_program p, String options, String where) {
        String dir = System.getenv("PP_JOCL_DUMP");
        if (dir == null || dir.isBlank()) return;
        try {
            byte[] bin = binaryOf(p);
            if (bin == null) throw new IllegalStateException("the driver gives no binary");
            String name = where.replaceAll("[^A-Za-z0-9._-]+", "_");
            if (name.length() > 60) name = name.substring(0, 60);
            java.nio.file.Path f = java.nio.file.Path.of(dir, name + "-" + Integer.toHexString(options.hashCode()) + ".ptx");
            java.nio.file.Files.createDirectories(f.getParent());
            int len = bin.length > 0 && bin[bin.length - 1] == 0 ? bin.length - 1 : bin.length;
            java.nio.file.Files.write(f, ("// perfport build options: " + options + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.nio.file.Files.write(f, Arrays.copyOf(bin, len), java.nio.file.StandardOpenOption.APPEND);
            // the compiler's log beside it: with NVIDIA's -cl-nv-verbose, ptxas's registers and spills per kernel
            String log = Cl.buildLog(p, dev.device());
            if (!log.isBlank()) java.nio.file.Files.writeString(f.resolveSibling(f.getFileName().toString().replace(".ptx", ".log")), log);
        } catch (RuntimeException | java.io.IOException e) {
            System.err.println("perfport: PP_JOCL_DUMP: could not write the binary of " + where + ": " + e);
        }
    }

    /** What decides a binary besides source and options: platform, device, driver (BinaryCache's key). */
    private List<String> deviceIdentity() {
        if (deviceIdentity == null) {
            deviceIdentity = List.of(Cl.platformString(dev.platform(), CL.CL_PLATFORM_NAME),
                    Cl.platformString(dev.platform(), CL.CL_PLATFORM_VERSION), Cl.deviceString(dev.device(), CL.CL_DEVICE_NAME),
                    Cl.deviceString(dev.device(), CL.CL_DEVICE_VENDOR), Cl.deviceString(dev.device(), CL.CL_DEVICE_VERSION),
                    Cl.deviceString(dev.device(), CL.CL_DRIVER_VERSION));
        }
        return deviceIdentity;
    }

    /** From the binary cache when it holds this build, else from source (then stored there). */
    private cl_program build(String source, String options, String where) {
        if (binaries == null) return buildSource(source, options, where);
        String key = BinaryCache.key(deviceIdentity(), source, options);
        byte[] bin = binaries.get(key);
        if (bin != null) {
            cl_program p = fromBinary(bin, options);
            if (p != null) {
                binaryHits++;
                return p;
            }
            binaries.remove(key);   // refused by the driver: rebuilt below and stored anew
        }
        binaryMisses++;
        cl_program p = buildSource(source, options, where);
        binaries.put(key, binaryOf(p));
        return p;
    }

    /** A program made from a cached binary and built (linked) for the device, or null when the driver refuses it. */
    private cl_program fromBinary(byte[] bin, String options) {
        cl_program p;
        try {
            p = CL.clCreateProgramWithBinary(ctx.context(), 1, new cl_device_id[]{dev.device()}, new long[]{bin.length},
                    new byte[][]{bin}, new int[1], null);
        } catch (CLException e) {
            return null;
        }
        ctx.created("program");
        try {
            CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, options, null, null);
            return p;
        } catch (CLException e) {
            releaseProgram(p);
            return null;
        }
    }

    /** The device binary of a built program, or null when the driver gives none. */
    private static byte[] binaryOf(cl_program p) {
        try {
            long[] sizes = new long[1];
            CL.clGetProgramInfo(p, CL.CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(sizes), null);
            if (sizes[0] <= 0 || sizes[0] > Integer.MAX_VALUE - 8) return null;
            byte[] bin = new byte[(int) sizes[0]];
            CL.clGetProgramInfo(p, CL.CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(Pointer.to(bin)), null);
            return bin;
        } catch (CLException e) {
            return null;
        }
    }

    private cl_program buildSource(String source, String options, String where) {
        cl_program p;
        try {
            p = CL.clCreateProgramWithSource(ctx.context(), 1, new String[]{source}, null, null);
        } catch (CLException e) {
            throw Cl.error("clCreateProgramWithSource for " + where, e);
        }
        ctx.created("program");
        try {
            CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, options, null, null);
            dumpBinary(p, options, where);
            return p;
        } catch (CLException e) {
            String log = Cl.buildLog(p, dev.device());
            releaseProgram(p);
            if (!honoursLineDirective()) log = BuildLogs.remap(log);
            throw new KernelBuildException(where + " failed to build"
                    + (options.isEmpty() ? "" : " with options '" + options + "'") + ": " + Cl.name(e), log);
        }
    }

    /**
     * Whether this device's compiler honours {@code #line}, found once per session by building
     * {@link BuildLogs#PROBE} (only after a build has failed, so successful builds pay nothing).
     */
    private boolean honoursLineDirective() {
        if (honoursLine == null) {
            String log = "";
            try {
                cl_program p = CL.clCreateProgramWithSource(ctx.context(), 1, new String[]{BuildLogs.PROBE}, null, null);
                ctx.created("program");
                try {
                    CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, "", null, null);
                } catch (CLException expected) {
                    log = Cl.buildLog(p, dev.device());
                } finally {
                    releaseProgram(p);
                }
            } catch (RuntimeException e) {
                // no answer: leave the log as the compiler wrote it
            }
            honoursLine = BuildLogs.honoursLineDirective(log);
        }
        return honoursLine;
    }

    private void releaseProgram(cl_program p) {
        ctx.release("program", () -> CL.clReleaseProgram(p));
    }

    /** Releases the cached programs and the touch kernels, each attempted; the caller holds {@link #lock()}. */
    void releaseAll(List<RuntimeException> errors) {
        JoclContext.attempt(errors, programs::clear);
        JoclContext.attempt(errors, () -> {
            if (touch != null) touch.release();
        });
    }
}
