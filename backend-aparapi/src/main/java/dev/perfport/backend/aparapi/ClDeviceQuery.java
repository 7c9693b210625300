package dev.perfport.backend.aparapi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * {@code clGetDeviceInfo} through the Java FFM API, for the facts Aparapi's device objects do not
 * carry: vendor, versions, extensions (double precision), constant-buffer size, local-memory type,
 * unified host memory and NVIDIA's compute capability. Aparapi's {@code OpenCLDevice.getDeviceId()}
 * is the {@code cl_device_id} handle its JNI library obtained from the same OpenCL ICD loader, so
 * the handle is valid here. Only queries are made; nothing is created or released.
 */
// restricted FFM methods: perfport runs with --enable-native-access (the launcher, the tests)
@SuppressWarnings("restricted")
final class ClDeviceQuery {
    static final int CL_DEVICE_MAX_CLOCK_FREQUENCY = 0x100C;
    static final int CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE = 0x1020;
    static final int CL_DEVICE_LOCAL_MEM_TYPE = 0x1022;
    static final int CL_DEVICE_VENDOR = 0x102C;
    static final int CL_DRIVER_VERSION = 0x102D;
    static final int CL_DEVICE_VERSION = 0x102F;
    static final int CL_DEVICE_EXTENSIONS = 0x1030;
    static final int CL_DEVICE_DOUBLE_FP_CONFIG = 0x1032;
    static final int CL_DEVICE_HOST_UNIFIED_MEMORY = 0x1035;
    static final int CL_DEVICE_OPENCL_C_VERSION = 0x103D;
    static final int CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV = 0x4000;
    static final int CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV = 0x4001;
    static final int CL_DEVICE_WARP_SIZE_NV = 0x4003;
    /** CL_DEVICE_LOCAL_MEM_TYPE value of dedicated local memory. */
    static final int CL_LOCAL = 1;

    /** Names under which the OpenCL ICD loader is found on Linux, macOS and Windows. */
    private static final List<String> LIBRARIES = List.of("libOpenCL.so.1", "libOpenCL.so",
            "/System/Library/Frameworks/OpenCL.framework/OpenCL", "OpenCL.dll");

    private final MethodHandle getDeviceInfo;

    private ClDeviceQuery(MethodHandle getDeviceInfo) {
        this.getDeviceInfo = getDeviceInfo;
    }

    /** Finds {@code clGetDeviceInfo}; the exception says why it could not. */
    static ClDeviceQuery load() {
        IllegalArgumentException last = null;
        for (String name : LIBRARIES) {
            try {
                SymbolLookup lib = SymbolLookup.libraryLookup(name, Arena.global());
                MemorySegment f = lib.find("clGetDeviceInfo")
                        .orElseThrow(() -> new IllegalArgumentException(name + " has no clGetDeviceInfo"));
                MethodHandle h = Linker.nativeLinker().downcallHandle(f, FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
                return new ClDeviceQuery(h);
            } catch (IllegalArgumentException e) {
                last = e;
            }
        }
        throw new IllegalStateException("the OpenCL library was not found for device queries (tried " + LIBRARIES + ")", last);
    }

    /** A string parameter, or "" when the device rejects the query. */
    String string(long device, int param) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment size = a.allocate(ValueLayout.JAVA_LONG);
            if (call(device, param, 0, MemorySegment.NULL, size) != 0) return "";
            long n = size.get(ValueLayout.JAVA_LONG, 0);
            if (n <= 0 || n > 1 << 20) return "";
            MemorySegment buf = a.allocate(n + 1);
            if (call(device, param, n, buf, MemorySegment.NULL) != 0) return "";
            return buf.getString(0).strip();
        }
    }

    /** An unsigned integer parameter of {@code bytes} bytes (4 or 8), or {@code dflt} when the device rejects the query. */
    long number(long device, int param, int bytes, long dflt) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buf = a.allocate(8);
            if (call(device, param, bytes, buf, MemorySegment.NULL) != 0) return dflt;
            return bytes == 4 ? Integer.toUnsignedLong(buf.get(ValueLayout.JAVA_INT, 0)) : buf.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    private int call(long device, int param, long size, MemorySegment value, MemorySegment sizeRet) {
        try {
            return (int) getDeviceInfo.invokeExact(MemorySegment.ofAddress(device), param, size, value, sizeRet);
        } catch (Throwable t) {
            throw new IllegalStateException("clGetDeviceInfo(" + Integer.toHexString(param) + ") failed: " + t, t);
        }
    }
}
