package dev.perfport.backend.jocl;

import dev.perfport.core.checked.BufferAddresses;
import dev.perfport.core.memory.DeviceBuffer;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.util.OptionalLong;

/**
 * Where a jocl buffer lies in Oclgrind's memory: a one-work-item kernel writes the buffer's
 * pointer as a number. Built on the first report (a clean run pays nothing), on a queue of its own
 * in the session's context.
 */
final class OclgrindAddresses implements BufferAddresses {
    private static final String SOURCE = "__kernel void pp_address(__global const uchar* b, __global ulong* out) { out[0] = (ulong)b; }\n";

    private final JoclSession session;
    private cl_program program;
    private cl_kernel kernel;
    private cl_command_queue queue;
    private cl_mem out;

    OclgrindAddresses(JoclSession session) {
        this.session = session;
    }

    @Override
    public synchronized OptionalLong of(DeviceBuffer buffer) {
        if (!(buffer instanceof JoclBuffer b) || b.session() != session || b.isClosed()) return OptionalLong.empty();
        try {
            if (kernel == null) build();
            long[] address = new long[1];
            CL.clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(b.mem()));
            CL.clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(out));
            CL.clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[]{1}, new long[]{1}, 0, null, null);
            CL.clEnqueueReadBuffer(queue, out, CL.CL_TRUE, 0, Sizeof.cl_ulong, Pointer.to(address), 0, null, null);
            return OptionalLong.of(address[0]);
        } catch (CLException e) {
            return OptionalLong.empty();   // the report then names Oclgrind's buffer number instead
        }
    }

    @SuppressWarnings("deprecation") // clCreateCommandQueue: as JoclSession
    private void build() {
        cl_device_id device = session.joclDevice().device();
        program = CL.clCreateProgramWithSource(session.context(), 1, new String[]{SOURCE}, null, null);
        CL.clBuildProgram(program, 1, new cl_device_id[]{device}, "", null, null);
        kernel = CL.clCreateKernel(program, "pp_address", null);
        queue = CL.clCreateCommandQueue(session.context(), device, 0, null);
        out = CL.clCreateBuffer(session.context(), CL.CL_MEM_READ_WRITE, Sizeof.cl_ulong, null, null);
    }

    @Override
    public synchronized void close() {
        if (out != null) CL.clReleaseMemObject(out);
        if (queue != null) CL.clReleaseCommandQueue(queue);
        if (kernel != null) CL.clReleaseKernel(kernel);
        if (program != null) CL.clReleaseProgram(program);
        out = null;
        queue = null;
        kernel = null;
        program = null;
    }
}
