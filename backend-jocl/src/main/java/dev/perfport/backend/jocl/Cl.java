package dev.perfport.backend.jocl;

import dev.perfport.core.error.DeviceExecutionException;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Small typed readers over JOCL's {@code clGet*Info} calls and the translation of OpenCL error
 * codes into perfport errors. Every call expects {@code CL.setExceptionsEnabled(true)}.
 */
final class Cl {
    /** cl_nv_device_attribute_query (values from NVIDIA's cl_ext.h; JOCL has no constants for them). */
    static final int CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV = 0x4000;
    static final int CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV = 0x4001;
    static final int CL_DEVICE_REGISTERS_PER_BLOCK_NV = 0x4002;
    static final int CL_DEVICE_WARP_SIZE_NV = 0x4003;

    private Cl() {
    }

    /** Raw bytes of a query; {@code sizeQuery} asks for the size, {@code valueQuery} fills the buffer. */
    private interface Query {
        void run(long size, Pointer value, long[] sizeRet);
    }

    private static ByteBuffer bytes(Query q) {
        long[] size = new long[1];
        q.run(0, null, size);
        byte[] b = new byte[(int) size[0]];
        if (b.length > 0) q.run(b.length, Pointer.to(b), null);
        return ByteBuffer.wrap(b).order(ByteOrder.nativeOrder());
    }

    private static String string(ByteBuffer b) {
        int n = b.remaining();
        while (n > 0 && b.get(n - 1) == 0) n--;   // drop the C string terminator
        return new String(b.array(), 0, n, StandardCharsets.UTF_8).strip();
    }

    /** An unsigned number of 1, 2, 4 or 8 bytes (cl_uint, cl_ulong, size_t, cl_bool, bitfields). */
    private static long number(ByteBuffer b) {
        return switch (b.remaining()) {
            case 1 -> Byte.toUnsignedLong(b.get(0));
            case 2 -> Short.toUnsignedLong(b.getShort(0));
            case 4 -> Integer.toUnsignedLong(b.getInt(0));
            case 8 -> b.getLong(0);
            default -> throw new IllegalStateException("unexpected size " + b.remaining() + " of a numeric OpenCL query");
        };
    }

    /** size_t[] (8 bytes each on every 64-bit platform JOCL supports). */
    private static long[] sizes(ByteBuffer b) {
        long[] r = new long[b.remaining() / 8];
        for (int i = 0; i < r.length; i++) r[i] = b.getLong(i * 8);
        return r;
    }

    static String platformString(cl_platform_id p, int param) {
        return string(bytes((s, v, r) -> CL.clGetPlatformInfo(p, param, s, v, r)));
    }

    static String deviceString(cl_device_id d, int param) {
        return string(bytes((s, v, r) -> CL.clGetDeviceInfo(d, param, s, v, r)));
    }

    static long deviceLong(cl_device_id d, int param) {
        return number(bytes((s, v, r) -> CL.clGetDeviceInfo(d, param, s, v, r)));
    }

    static long[] deviceSizes(cl_device_id d, int param) {
        return sizes(bytes((s, v, r) -> CL.clGetDeviceInfo(d, param, s, v, r)));
    }

    static long kernelLong(cl_kernel k, int param) {
        return number(bytes((s, v, r) -> CL.clGetKernelInfo(k, param, s, v, r)));
    }

    static long kernelWorkGroupLong(cl_kernel k, cl_device_id d, int param) {
        return number(bytes((s, v, r) -> CL.clGetKernelWorkGroupInfo(k, d, param, s, v, r)));
    }

    static long[] kernelWorkGroupSizes(cl_kernel k, cl_device_id d, int param) {
        return sizes(bytes((s, v, r) -> CL.clGetKernelWorkGroupInfo(k, d, param, s, v, r)));
    }

    static String buildLog(cl_program p, cl_device_id d) {
        try {
            return string(bytes((s, v, r) -> CL.clGetProgramBuildInfo(p, d, CL.CL_PROGRAM_BUILD_LOG, s, v, r)));
        } catch (CLException e) {
            return "(build log unavailable: " + name(e) + ")";
        }
    }

    /** Device clock when the command started (profiling queue). */
    static long eventStart(cl_event e) {
        long[] t = new long[1];
        CL.clGetEventProfilingInfo(e, CL.CL_PROFILING_COMMAND_START, 8, Pointer.to(t), null);
        return t[0];
    }

    /** Device clock when the command ended (profiling queue). */
    static long eventEnd(cl_event e) {
        long[] t = new long[1];
        CL.clGetEventProfilingInfo(e, CL.CL_PROFILING_COMMAND_END, 8, Pointer.to(t), null);
        return t[0];
    }

    /** Device time of a finished command, from profiling: END - START. */
    static long eventNanos(cl_event e) {
        long[] t = new long[1];
        CL.clGetEventProfilingInfo(e, CL.CL_PROFILING_COMMAND_START, 8, Pointer.to(t), null);
        long start = t[0];
        CL.clGetEventProfilingInfo(e, CL.CL_PROFILING_COMMAND_END, 8, Pointer.to(t), null);
        return Math.max(0, t[0] - start);
    }

    /** The execution status of a command: CL_COMPLETE (0) or a negative error code. */
    static int eventStatus(cl_event e) {
        int[] s = new int[1];
        CL.clGetEventInfo(e, CL.CL_EVENT_COMMAND_EXECUTION_STATUS, 4, Pointer.to(s), null);
        return s[0];
    }

    /** The OpenCL name of an error code, e.g. {@code CL_OUT_OF_RESOURCES (-5)}. */
    static String name(int status) {
        return CL.stringFor_errorCode(status) + " (" + status + ")";
    }

    static String name(CLException e) {
        return name(e.getStatus());
    }

    /** A failed OpenCL call as a perfport error naming the call and the OpenCL error. */
    static DeviceExecutionException error(String what, CLException e) {
        return new DeviceExecutionException(what + ": " + name(e), e);
    }
}
