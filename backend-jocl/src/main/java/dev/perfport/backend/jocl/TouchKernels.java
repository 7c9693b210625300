package dev.perfport.backend.jocl;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * Two one-work-item kernels that read or write a buffer, for timing mapped transfers the way a
 * kernel uses them (built on first use, released with the session).
 */
final class TouchKernels {
    private static final String SOURCE = "__kernel void touch_read(__global const float* b, __global float* sink) { sink[0] = b[0]; }\n"
            + "__kernel void touch_write(__global float* b, __global float* sink) { b[0] = sink[0]; }\n";
    private final cl_program program;
    private final cl_kernel read, write;

    TouchKernels(cl_context context) {
        program = CL.clCreateProgramWithSource(context, 1, new String[]{SOURCE}, null, null);
        CL.clBuildProgram(program, 0, null, null, null, null);
        read = CL.clCreateKernel(program, "touch_read", null);
        write = CL.clCreateKernel(program, "touch_write", null);
    }

    /** Enqueues one work-item that reads ({@code read}) or writes the buffer. */
    void run(cl_command_queue q, boolean read, cl_mem buffer, cl_mem sink) {
        cl_kernel k = read ? this.read : write;
        synchronized (this) {
            CL.clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(buffer));
            CL.clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(sink));
            CL.clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1}, new long[]{1}, 0, null, null);
        }
    }

    void release() {
        CL.clReleaseKernel(read);
        CL.clReleaseKernel(write);
        CL.clReleaseProgram(program);
    }
}
