import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_queue_properties;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Host time of one small launch through raw JOCL, piece by piece (where perfport's
 * per-launch host time goes). A kernel of 1024 work-items; each line is the mean over N calls
 * after warm-up, in microseconds, on a queue with and without profiling; then whether a kernel's
 * store into pinned, mapped memory reaches the host without a read (a 2 ms deadline per poll).
 * On the GPU machine the jocl plugin jar of the release archive holds JOCL (classpath
 * plugins/perfport-backend-jocl-plugin.jar).
 *
 * With {@code churn}, it instead measures the plain queue's kernel and blocking 4-byte read into pinned memory in a
 * fresh context after 0, 10, 20 and 40 contexts made and released in the process, each as a perfport session uses
 * one (two queues, a buffer, a build, a launch, a pinned staging area): whether the driver's state from contexts
 * already gone slows the next one.
 *
 *   javac --release 25 -cp jocl-2.0.5.jar -d classes bench/JoclLaunchOverhead.java
 *   java -cp classes:jocl-2.0.5.jar JoclLaunchOverhead [N] [gpu|cpu] [churn]
 */
public final class JoclLaunchOverhead {
    interface Op {
        void run();
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        long type = args.length > 1 && args[1].equals("cpu") ? CL.CL_DEVICE_TYPE_CPU : CL.CL_DEVICE_TYPE_GPU;
        CL.setExceptionsEnabled(true);
        int[] np = new int[1];
        CL.clGetPlatformIDs(0, null, np);
        cl_platform_id[] ps = new cl_platform_id[np[0]];
        CL.clGetPlatformIDs(ps.length, ps, null);
        cl_device_id dev = null;
        cl_platform_id plat = null;
        for (cl_platform_id p : ps) {
            int[] nd = new int[1];
            try {
                CL.clGetDeviceIDs(p, type, 0, null, nd);
            } catch (RuntimeException e) {
                continue;
            }
            if (nd[0] > 0) {
                cl_device_id[] ds = new cl_device_id[1];
                CL.clGetDeviceIDs(p, type, 1, ds, null);
                dev = ds[0];
                plat = p;
                break;
            }
        }
        if (dev == null) throw new IllegalStateException("no OpenCL device of the requested type");
        byte[] name = new byte[256];
        CL.clGetDeviceInfo(dev, CL.CL_DEVICE_NAME, 256, Pointer.to(name), null);
        System.out.println("device: " + new String(name).trim() + "; " + n + " calls per line, mean us");
        long[] extLen = new long[1];
        CL.clGetDeviceInfo(dev, CL.CL_DEVICE_EXTENSIONS, 0, null, extLen);
        byte[] ext = new byte[(int) extLen[0]];
        CL.clGetDeviceInfo(dev, CL.CL_DEVICE_EXTENSIONS, ext.length, Pointer.to(ext), null);
        System.out.println("extensions: " + new String(ext).trim());
        if (args.length > 2 && args[2].equals("churn")) {
            churn(plat, dev, n);
            return;
        }
        Rig r = Rig.open(plat, dev);
        cl_context ctx = r.ctx();
        cl_command_queue qp = r.qp(), q = r.q();
        cl_kernel k = r.k();
        cl_mem buf = r.buf(), pin = r.pin();
        ByteBuffer pinned = r.pinned();
        long[] global = {1024}, local = {256};
        int[] host = new int[1];
        ByteBuffer direct = ByteBuffer.allocateDirect(64).order(ByteOrder.nativeOrder());

        String flagSrc = "__kernel void f(__global volatile int* flag, const int seq) { if (get_global_id(0) == 0) flag[0] = seq; }";
        cl_program fprog = CL.clCreateProgramWithSource(ctx, 1, new String[]{flagSrc}, null, null);
        CL.clBuildProgram(fprog, 0, null, null, null, null);
        cl_kernel f = CL.clCreateKernel(fprog, "f", null);
        CL.clSetKernelArg(f, 0, Sizeof.cl_mem, Pointer.to(pin));

        for (cl_command_queue qq : new cl_command_queue[]{q, qp}) {
            String tag0 = qq == qp ? "profiling queue" : "plain queue";
            time(tag0 + ": enqueue kernel (no event) + blocking read of 4 B into pinned mapped memory", n, () -> {
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, null);
                CL.clEnqueueReadBuffer(qq, buf, CL.CL_TRUE, 0, 4, Pointer.to(pinned), 0, null, null);
            });
            time(tag0 + ": enqueue kernel (no event) + non-blocking read of 4 B into pinned, clFinish", n, () -> {
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, null);
                CL.clEnqueueReadBuffer(qq, buf, CL.CL_FALSE, 0, 4, Pointer.to(pinned), 0, null, null);
                CL.clFinish(qq);
            });
            time(tag0 + ": enqueue kernel (no event) + blocking read of 4 B into a direct buffer", n, () -> {
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, null);
                CL.clEnqueueReadBuffer(qq, buf, CL.CL_TRUE, 0, 4, Pointer.to(direct), 0, null, null);
            });
            // whether a kernel's store reaches the host's mapping without a read: the host polls it after a flush
            int[] seq = {0};
            long[] missed = {0};
            time(tag0 + ": kernel stores into the pinned buffer, flush, host polls the mapping (2 ms deadline)", Math.min(n, 2000), () -> {
                int s = ++seq[0];
                CL.clSetKernelArg(f, 1, Sizeof.cl_int, Pointer.to(new int[]{s}));
                CL.clEnqueueNDRangeKernel(qq, f, 1, null, new long[]{32}, new long[]{32}, 0, null, null);
                CL.clFlush(qq);
                long until = System.nanoTime() + 2_000_000;
                while (pinned.getInt(0) != s) {
                    if (System.nanoTime() - until > 0) {
                        missed[0]++;
                        CL.clFinish(qq);
                        break;
                    }
                }
            });
            System.out.println("          (deadline missed " + missed[0] + " times: 0 means the store reached the host unread)");
        }

        for (cl_command_queue qq : new cl_command_queue[]{q, qp}) {
            String tag = qq == qp ? "profiling queue" : "plain queue";
            time(tag + ": enqueue kernel, clFinish", n, () -> {
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, null);
                CL.clFinish(qq);
            });
            time(tag + ": enqueue kernel with event, clWaitForEvents, release", n, () -> {
                cl_event ev = new cl_event();
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, ev);
                CL.clWaitForEvents(1, new cl_event[]{ev});
                CL.clReleaseEvent(ev);
            });
            time(tag + ": enqueue kernel with event, flush, poll status, release", n, () -> {
                cl_event ev = new cl_event();
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, ev);
                CL.clFlush(qq);
                int[] st = new int[1];
                do {
                    CL.clGetEventInfo(ev, CL.CL_EVENT_COMMAND_EXECUTION_STATUS, 4, Pointer.to(st), null);
                } while (st[0] != CL.CL_COMPLETE);
                CL.clReleaseEvent(ev);
            });
            time(tag + ": blocking read of 4 B", n, () ->
                    CL.clEnqueueReadBuffer(qq, buf, CL.CL_TRUE, 0, 4, Pointer.to(host), 0, null, null));
            time(tag + ": non-blocking read of 4 B to a direct buffer, clFinish", n, () -> {
                CL.clEnqueueReadBuffer(qq, buf, CL.CL_FALSE, 0, 4, Pointer.to(direct), 0, null, null);
                CL.clFinish(qq);
            });
            time(tag + ": enqueue kernel (no event) + blocking read of 4 B", n, () -> {
                CL.clEnqueueNDRangeKernel(qq, k, 1, null, global, local, 0, null, null);
                CL.clEnqueueReadBuffer(qq, buf, CL.CL_TRUE, 0, 4, Pointer.to(host), 0, null, null);
            });
        }
        time("profiling queue: kernel with event, wait, 2 profiling queries, release; read with event, 2 queries, release", n, () -> {
            cl_event ev = new cl_event();
            CL.clEnqueueNDRangeKernel(qp, k, 1, null, global, local, 0, null, ev);
            CL.clWaitForEvents(1, new cl_event[]{ev});
            long[] t = new long[1];
            CL.clGetEventProfilingInfo(ev, CL.CL_PROFILING_COMMAND_START, 8, Pointer.to(t), null);
            CL.clGetEventProfilingInfo(ev, CL.CL_PROFILING_COMMAND_END, 8, Pointer.to(t), null);
            CL.clReleaseEvent(ev);
            cl_event e2 = new cl_event();
            CL.clEnqueueReadBuffer(qp, buf, CL.CL_TRUE, 0, 4, Pointer.to(host), 0, null, e2);
            CL.clGetEventProfilingInfo(e2, CL.CL_PROFILING_COMMAND_START, 8, Pointer.to(t), null);
            CL.clGetEventProfilingInfo(e2, CL.CL_PROFILING_COMMAND_END, 8, Pointer.to(t), null);
            CL.clReleaseEvent(e2);
        });
        time("8 x clSetKernelArg (an int)", n, () -> {
            for (int i = 0; i < 8; i++) CL.clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{1024}));
        });
        CL.clReleaseKernel(f);
        CL.clReleaseProgram(fprog);
        r.close();
    }

    /**
     * One context as a perfport session has it: a profiling queue and a plain one, the kernel {@code k} (a[i] += 1 over
     * 1024 ints) built and set on a 4 KiB buffer, and 64 bytes of pinned host memory (a buffer the driver allocates in
     * host memory), mapped for the context's life.
     */
    record Rig(cl_context ctx, cl_command_queue qp, cl_command_queue q, cl_program prog, cl_kernel k, cl_mem buf, cl_mem pin,
               ByteBuffer pinned) {
        static Rig open(cl_platform_id plat, cl_device_id dev) {
            cl_context_properties cp = new cl_context_properties();
            cp.addProperty(CL.CL_CONTEXT_PLATFORM, plat);
            cl_context ctx = CL.clCreateContext(cp, 1, new cl_device_id[]{dev}, null, null, null);
            cl_queue_properties prof = new cl_queue_properties();
            prof.addProperty(CL.CL_QUEUE_PROPERTIES, CL.CL_QUEUE_PROFILING_ENABLE);
            cl_command_queue qp = CL.clCreateCommandQueueWithProperties(ctx, dev, prof, null);
            cl_command_queue q = CL.clCreateCommandQueueWithProperties(ctx, dev, new cl_queue_properties(), null);
            String src = "__kernel void k(__global int* a, const int n) { int i = get_global_id(0); if (i < n) a[i] += 1; }";
            cl_program prog = CL.clCreateProgramWithSource(ctx, 1, new String[]{src}, null, null);
            CL.clBuildProgram(prog, 0, null, null, null, null);
            cl_kernel k = CL.clCreateKernel(prog, "k", null);
            cl_mem buf = CL.clCreateBuffer(ctx, CL.CL_MEM_READ_WRITE, 4096, null, null);
            CL.clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(buf));
            CL.clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{1024}));
            cl_mem pin = CL.clCreateBuffer(ctx, CL.CL_MEM_ALLOC_HOST_PTR | CL.CL_MEM_READ_WRITE, 64, null, null);
            ByteBuffer pinned = CL.clEnqueueMapBuffer(q, pin, true, CL.CL_MAP_READ | CL.CL_MAP_WRITE, 0, 64, 0, null, null, null)
                    .order(ByteOrder.nativeOrder());
            return new Rig(ctx, qp, q, prog, k, buf, pin, pinned);
        }

        void close() {
            CL.clEnqueueUnmapMemObject(q, pin, pinned, 0, null, null);
            CL.clFinish(q);
            CL.clReleaseMemObject(pin);
            CL.clReleaseMemObject(buf);
            CL.clReleaseKernel(k);
            CL.clReleaseProgram(prog);
            CL.clReleaseCommandQueue(q);
            CL.clReleaseCommandQueue(qp);
            CL.clReleaseContext(ctx);
        }
    }

    /** The launch and read of a fresh context after contexts made and released, in steps of 0, 10, 20 and 40. */
    static void churn(cl_platform_id plat, cl_device_id dev, int n) {
        int made = 0;
        for (int target : new int[]{0, 10, 20, 40}) {
            for (; made < target; made++) session(plat, dev, 10, null);
            session(plat, dev, n, "after " + made + " contexts made and released: plain queue, kernel + blocking read of 4 B into pinned");
        }
    }

    /** One context as a session has it, a launch on it, and with a label the timed loop, before it is released. */
    static void session(cl_platform_id plat, cl_device_id dev, int n, String label) {
        Rig r = Rig.open(plat, dev);
        long[] global = {1024}, local = {256};
        cl_event ev = new cl_event();
        CL.clEnqueueNDRangeKernel(r.qp(), r.k(), 1, null, global, local, 0, null, ev);
        CL.clWaitForEvents(1, new cl_event[]{ev});
        CL.clReleaseEvent(ev);
        if (label != null) {
            time(label, n, () -> {
                CL.clEnqueueNDRangeKernel(r.q(), r.k(), 1, null, global, local, 0, null, null);
                CL.clEnqueueReadBuffer(r.q(), r.buf(), CL.CL_TRUE, 0, 4, Pointer.to(r.pinned()), 0, null, null);
            });
        }
        r.close();
    }

    static void time(String what, int n, Op op) {
        for (int i = 0; i < Math.max(200, n / 10); i++) op.run();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) op.run();
        double us = (System.nanoTime() - t0) / 1e3 / n;
        System.out.printf("%8.2f us  %s%n", us, what);
    }
}
