/* What a host pays after a long kernel ends, by how it waits (issue 16 item 2, docs/results/gpu/routes.md):
 * a large run's wall exceeded its kernel time by 200-500 us per repetition on jocl, Aparapi paid ~270 us more per
 * execute at 2^28 than at 1024, TornadoVM more. Each round queues L launches of a busy kernel of about T us
 * (flush after the first, as jocl does), waits for the last one, then reads 4 bytes (blocking), and prints
 *   wall - span   host wall (first enqueue .. read returned) minus the device's span (START of the first .. END of the last)
 *   lag           host time of the wait call .. return, minus the part of the span still ahead at the wait's start is
 *                 not measurable; the wait call's own duration is printed instead
 * for the modes
 *   block    clWaitForEvents on the last launch's event (jocl, Aparapi)
 *   finish   clFinish
 *   poll     clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) until CL_COMPLETE, spinning
 *   nowait   no wait: the blocking read alone (in-order queue: it completes after the kernels)
 * Rounds interleave the modes; medians over the rounds.   clprobe-wait [iters] [launches] [rounds] */
#define CL_TARGET_OPENCL_VERSION 120
#define PROBE "clprobe-wait"
#include "clprobe.h"
#include <time.h>

static const char* SRC =
    "__kernel void busy(__global float* out, int iters) {\n"
    "  float a = get_global_id(0) * 1e-9f, b = 1.0f;\n"
    "  for (int i = 0; i < iters; i++) { b = b * 0.999999f + a; }\n"
    "  if (b == -1.0f) out[get_global_id(0)] = b; if (get_global_id(0) == 0) out[0] = b; }\n";

static double now_us(void) {
    struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmpd(const void* a, const void* b) {
    double x = *(const double*) a, y = *(const double*) b;
    return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
    int iters = argc > 1 ? atoi(argv[1]) : 20000, launches = argc > 2 ? atoi(argv[2]) : 10, rounds = argc > 3 ? atoi(argv[3]) : 15;
    char name[256];
    cl_device_id d = probe_device(name, sizeof name);
    cl_uint cus = 1; clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CHECK(e, "context");
    cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "queue");
    cl_program prog = clCreateProgramWithSource(c, 1, &SRC, NULL, &e); CHECK(e, "program");
    CHECK(clBuildProgram(prog, 1, &d, "", NULL, NULL), "build");
    cl_kernel k = clCreateKernel(prog, "busy", &e); CHECK(e, "kernel");
    size_t lws = 256, gws = (size_t) cus * 8 * lws;
    cl_mem out = clCreateBuffer(c, CL_MEM_READ_WRITE, gws * sizeof(float), NULL, &e); CHECK(e, "out");
    CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &out), "arg");
    CHECK(clSetKernelArg(k, 1, sizeof(int), &iters), "arg");
    const char* names[4] = {"block", "finish", "poll", "nowait"};
    double* gap[4], * span[4], * waitc[4], * readc[4];
    for (int m = 0; m < 4; m++) {
        gap[m] = malloc(sizeof(double) * rounds); span[m] = malloc(sizeof(double) * rounds);
        waitc[m] = malloc(sizeof(double) * rounds); readc[m] = malloc(sizeof(double) * rounds);
    }
    cl_event* ev = malloc(sizeof(cl_event) * launches);
    float r4;
    printf("device: %s, %u compute units, %zu work-items, iters %d, %d launches per round, %d rounds\n", name, cus, gws, iters, launches, rounds);
    /* warm-up */
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, 0, NULL, NULL), "launch");
    CHECK(clFinish(q), "finish");
    for (int r = 0; r < rounds; r++) {
        for (int m = 0; m < 4; m++) {
            double t0 = now_us();
            for (int i = 0; i < launches; i++) {
                CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, 0, NULL, &ev[i]), "launch");
                if (i == 0) clFlush(q);
            }
            double t1 = now_us();
            if (m == 0) CHECK(clWaitForEvents(1, &ev[launches - 1]), "wait");
            else if (m == 1) CHECK(clFinish(q), "finish");
            else if (m == 2) {
                cl_int s = CL_QUEUED;
                do CHECK(clGetEventInfo(ev[launches - 1], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, NULL), "status");
                while (s > CL_COMPLETE);
            }
            double t2 = now_us();
            CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof r4, &r4, 0, NULL, NULL), "read");
            double t3 = now_us();
            cl_ulong s0, s1;
            CHECK(clGetEventProfilingInfo(ev[0], CL_PROFILING_COMMAND_START, sizeof s0, &s0, NULL), "profile");
            CHECK(clGetEventProfilingInfo(ev[launches - 1], CL_PROFILING_COMMAND_END, sizeof s1, &s1, NULL), "profile");
            for (int i = 0; i < launches; i++) clReleaseEvent(ev[i]);
            span[m][r] = (s1 - s0) / 1e3;
            gap[m][r] = (t3 - t0) - span[m][r];
            waitc[m][r] = t2 - t1;
            readc[m][r] = t3 - t2;
        }
    }
    for (int m = 0; m < 4; m++) {
        qsort(gap[m], rounds, sizeof(double), cmpd); qsort(span[m], rounds, sizeof(double), cmpd);
        qsort(waitc[m], rounds, sizeof(double), cmpd); qsort(readc[m], rounds, sizeof(double), cmpd);
        printf("%-7s span median %9.1f us | wall - span: median %7.1f us, min %7.1f, max %7.1f | wait call %9.1f us | read %7.1f us\n",
               names[m], span[m][rounds / 2], gap[m][rounds / 2], gap[m][0], gap[m][rounds - 1], waitc[m][rounds / 2], readc[m][rounds / 2]);
    }
    return 0;
}
