/* TornadoVM's fixed ~4 us per launch inside its kernel event (issue 16, docs/results/gpu/routes.md), second probe.
 * clprobe-launch.c rebuilt TornadoVM's signature, frame write and regions with every command queued back to
 * back, and found nothing. This one rebuilds the host synchronisation around one launch, as each route does it
 * with profiling on (perfport's repetitions: copy x and y in, launch, read y back), and reads each kernel's own
 * event (END - START) of a saxpy over n = 1024 floats:
 *   jocl        blocking writes of x and y, the kernel with an empty wait list, clWaitForEvents on it, a
 *               blocking read (JoclSession: writes CL_TRUE, then launch and wait);
 *   jocl-dep    as jocl, the kernel also waits on the (complete) write of y;
 *   jocl-off    as jocl with a global work offset of {0} instead of NULL (TornadoVM passes its WorkerGrid's);
 *   jocl-sig    as jocl with TornadoVM's signature and its regions (CL_MEM_ALLOC_HOST_PTR constant, atomics);
 *   tv          TornadoVM with its profiler (OCLInstalledCode.submitWithEvents): non-blocking writes of x and
 *               y, the 24-byte frame write waiting on them, the host waiting for the frame write
 *               (updateProfilerKernelContextWrite), then the kernel with the frame write in its wait list and
 *               the zero offset, clWaitForEvents on it (updateProfiler), a blocking read;
 *   tv-nowait   as tv without the host's wait on the frame write;
 *   tv-nodep    as tv with an empty wait list for the kernel (the host has waited for the write);
 *   tv-plain    as tv with the plain kernel;
 *   exact       TornadoVM's calls as an OpenCL call trace of perfport's TornadoVM saxpy shows them on the H100
 *               (scripts/cltrace.c): x written once, before the rounds; y written non-blocking and waited for;
 *               the arguments set; the frame written blocking and waited for; the launch with an empty wait
 *               list and the zero offset, waited for; then clEnqueueMarkerWithWaitList, clFlush and clFinish;
 *               a blocking read of y;
 *   exact-nomark  as exact without the marker, flush and finish.
 * Rounds interleave the modes; each prints the median and the minimum.
 * The third argument adds idle company first, as a JVM with TornadoVM and jocl has it: "queues" eight more
 * command queues in the context (TornadoVM makes a queue per execution plan and thread, and one per device
 * when it creates its context), "context" a second context with a queue on the same device (jocl's), each
 * used once for a small write and then left idle.
 * "idle" instead runs jocl's and TornadoVM's sequence with the host busy for 0 to 1000 us before each launch,
 * as TornadoVM's Java side is (~180 us a launch against jocl's ~8): is a kernel that starts on a GPU left idle
 * that long slower?   clprobe-sync [launches] [rounds] [none|queues|context|idle] */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define PROBE "clprobe-sync"
#include "clprobe.h"
#include <string.h>
#include <time.h>

static double now_us(void) {
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static const char* SRC =
    "__kernel void saxpy(float a, __global const float* x, __global float* y, int n) {\n"
    "  int i = get_global_id(0); if (i < n) y[i] = a * x[i] + y[i]; }\n"
    /* TornadoVM 5.2's own kernel for perfport's saxpy, as -Dtornado.printKernel=True prints it */
    "__kernel void saxpy_t(__global long *_kernel_context, __constant uchar *_constant_region, __local uchar *_local_region,\n"
    "    __global int *_atomics, __private float a, __global uchar *x, __global uchar *y, __private int n) {\n"
    "  float f_8, f_10, f_11, f_12; int i_2; ulong ul_9, ul_7, ul_1, ul_0; long l_5, l_6, l_4; bool b_3;\n"
    "  ul_0 = (ulong) x; ul_1 = (ulong) y; i_2 = get_global_id(0); b_3 = i_2 < 1024;\n"
    "  if (b_3) { l_4 = (long) i_2; l_5 = l_4 + 4L; l_6 = l_5 << 2; ul_7 = ul_0 + l_6; f_8 = *((__global float *) ul_7);\n"
    "    ul_9 = ul_1 + l_6; f_10 = *((__global float *) ul_9); f_11 = f_8 * 2.5F; f_12 = f_11 + f_10;\n"
    "    *((__global float *) ul_9) = f_12; }\n"
    "  return; }\n";

int main(int argc, char** argv) {
    int launches = argc > 1 ? atoi(argv[1]) : 300, rounds = argc > 2 ? atoi(argv[2]) : 3, n = 1024;
    char name[256];
    cl_device_id d = probe_device(name, sizeof name);
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CHECK(e, "context");
    cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "queue");
    const char* extra = argc > 3 ? argv[3] : "none";
    unsigned char one[4] = {0};
    if (!strcmp(extra, "queues")) {
        cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, 4, NULL, &e); CHECK(e, "extra buffer");
        for (int i = 0; i < 8; i++) {
            cl_command_queue qi = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "extra queue");
            CHECK(clEnqueueWriteBuffer(qi, m, CL_TRUE, 0, 4, one, 0, NULL, NULL), "extra write");
        }
    } else if (!strcmp(extra, "context")) {
        cl_context c2 = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CHECK(e, "extra context");
        cl_command_queue q2 = clCreateCommandQueue(c2, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "extra queue");
        cl_mem m = clCreateBuffer(c2, CL_MEM_READ_WRITE, 4, NULL, &e); CHECK(e, "extra buffer");
        CHECK(clEnqueueWriteBuffer(q2, m, CL_TRUE, 0, 4, one, 0, NULL, NULL), "extra write");
    }
    cl_program prog = clCreateProgramWithSource(c, 1, &SRC, NULL, &e); CHECK(e, "program");
    CHECK(clBuildProgram(prog, 1, &d, "-w", NULL, NULL), "build");   /* perfport's TornadoVM options */
    cl_kernel kp = clCreateKernel(prog, "saxpy", &e); CHECK(e, "kernel saxpy");
    cl_kernel kt = clCreateKernel(prog, "saxpy_t", &e); CHECK(e, "kernel saxpy_t");
    tv_buffers b = tv_buffers_make(c, n);
    size_t bytes = b.bytes;
    float *h = b.h, *hy = b.hy;
    cl_mem x = b.x, y = b.y, frame = b.frame;
    unsigned char fr[24] = {0};
    size_t gws = n, lws = 256, off = 0;
    float a = 2.5f;
    enum { JOCL, JOCL_DEP, JOCL_OFF, JOCL_SIG, TV, TV_NOWAIT, TV_NODEP, TV_PLAIN, EXACT, EXACT_NOMARK, MODES };
    const char* names[MODES] = {"jocl", "jocl-dep", "jocl-off", "jocl-sig", "tv", "tv-nowait", "tv-nodep", "tv-plain", "exact",
                                "exact-nomark"};
    CHECK(clEnqueueWriteBuffer(q, x, CL_TRUE, 0, bytes, h, 0, NULL, NULL), "write x");
    cl_ulong* t = malloc(sizeof(cl_ulong) * launches);
    printf("device: %s, n = %d, %d launches per mode and round, %d rounds, company: %s\n", name, n, launches, rounds, extra);
    int idle = !strcmp(extra, "idle");
    const int delays[5] = {0, 20, 100, 300, 1000};
    for (int r = 0; r < rounds; r++) {
        for (int step = 0; step < (idle ? 10 : MODES); step++) {
            int mode = idle ? (step % 2 ? EXACT : JOCL) : step, delay = idle ? delays[step / 2] : 0;
            int tv = mode >= TV, sig = mode == JOCL_SIG || (tv && mode != TV_PLAIN), exact = mode >= EXACT;
            cl_kernel k = sig ? kt : kp;
            for (int i = 0; i < launches; i++) {
                if (delay) { double t0 = now_us(); while (now_us() - t0 < delay) { } }
                cl_event ex = 0, ey = 0, ew = 0, ek = 0;
                tv_set_args(k, sig, &b, a, n);
                if (exact) {
                    CHECK(clEnqueueWriteBuffer(q, y, CL_FALSE, 0, bytes, h, 0, NULL, &ey), "write y");
                    CHECK(clWaitForEvents(1, &ey), "wait y");
                    CHECK(clEnqueueWriteBuffer(q, frame, CL_TRUE, 0, sizeof fr, fr, 0, NULL, &ew), "write frame");
                    CHECK(clWaitForEvents(1, &ew), "wait frame");
                    CHECK(clEnqueueNDRangeKernel(q, k, 1, &off, &gws, &lws, 0, NULL, &ek), "launch");
                    CHECK(clWaitForEvents(1, &ek), "wait kernel");
                    if (mode == EXACT) {
                        cl_event em;
                        CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, &em), "marker");
                        CHECK(clFlush(q), "flush");
                        CHECK(clFinish(q), "finish");
                        clReleaseEvent(em);
                    }
                } else if (!tv) {
                    CHECK(clEnqueueWriteBuffer(q, x, CL_TRUE, 0, bytes, h, 0, NULL, NULL), "write x");
                    CHECK(clEnqueueWriteBuffer(q, y, CL_TRUE, 0, bytes, h, 0, NULL, &ey), "write y");
                    CHECK(clEnqueueNDRangeKernel(q, k, 1, mode == JOCL_OFF ? &off : NULL, &gws, &lws,
                            mode == JOCL_DEP ? 1 : 0, mode == JOCL_DEP ? &ey : NULL, &ek), "launch");
                } else {
                    CHECK(clEnqueueWriteBuffer(q, x, CL_FALSE, 0, bytes, h, 0, NULL, &ex), "write x");
                    CHECK(clEnqueueWriteBuffer(q, y, CL_FALSE, 0, bytes, h, 0, NULL, &ey), "write y");
                    cl_event xy[2] = {ex, ey};
                    CHECK(clEnqueueWriteBuffer(q, frame, CL_FALSE, 0, sizeof fr, fr, 2, xy, &ew), "write frame");
                    if (mode != TV_NOWAIT) CHECK(clWaitForEvents(1, &ew), "wait frame");
                    CHECK(clEnqueueNDRangeKernel(q, k, 1, &off, &gws, &lws, mode == TV_NODEP ? 0 : 1,
                            mode == TV_NODEP ? NULL : &ew, &ek), "launch");
                }
                CHECK(clWaitForEvents(1, &ek), "wait kernel");
                CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, bytes, hy, 0, NULL, NULL), "read y");
                t[i] = event_nanos(ek);
                cl_event all[4] = {ex, ey, ew, ek};
                for (int j = 0; j < 4; j++) if (all[j]) clReleaseEvent(all[j]);
            }
            qsort(t, launches, sizeof(cl_ulong), cmp_ulong);
            printf("round %d %-9s %4d us idle, kernel time: median %.2f us, min %.2f us\n", r, names[mode], delay, t[launches / 2] / 1e3, t[0] / 1e3);
        }
    }
    return 0;
}
