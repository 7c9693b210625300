/* Where TornadoVM's fixed ~4 us per launch comes from (issue 16 item 3, docs/results/gpu/routes.md):
 * the kernel time (CL_PROFILING_COMMAND_END - START of the kernel's own event) of a saxpy over n = 1024
 * floats, launched the way each route launches it, on the first GPU:
 *   plain      clSetKernelArg + clEnqueueNDRangeKernel, as jocl does;
 *   tornado    TornadoVM's signature (_kernel_context, _constant_region, _local_region of 8 bytes,
 *              _atomics before the kernel's own arguments, all unused by the kernel);
 *   ctx-write  before each launch a 24-byte clEnqueueWriteBuffer from pageable memory (TornadoVM's
 *              kernel stack frame, OCLKernelStackFrame: 3 reserved slots), and the kernel lists its
 *              event in its wait list (OCLInstalledCode.submitWithEvents);
 *   both       the two together;
 *   hostptr    TornadoVM's signature with _constant_region and _atomics bound to buffers made with
 *              CL_MEM_ALLOC_HOST_PTR, as TornadoVM makes its constant and atomics regions
 *              (OCLMemoryManager), though the kernel reads neither;
 *   tornado+   hostptr and the frame write together: TornadoVM's launch;
 *   deps       (one launch between copies only) tornado+ with the copies' events in the kernel's wait list.
 * Rounds interleave the modes; each prints the median and the minimum over its launches.
 *   clprobe-launch [launches per round] [rounds] */
#define CL_TARGET_OPENCL_VERSION 120
#define PROBE "clprobe"
#include "clprobe.h"
#include <string.h>

static const char* SRC =
    "__kernel void saxpy(float a, __global const float* x, __global float* y, int n) {\n"
    "  int i = get_global_id(0); if (i < n) y[i] = a * x[i] + y[i]; }\n"
    "__kernel void saxpy_t(__global long* _kernel_context, __constant uchar* _constant_region,\n"
    "    __local uchar* _local_region, __global int* _atomics, float a, __global uchar* x, __global uchar* y, int n) {\n"
    "  int i = get_global_id(0); if (i < n) { __global float* yp = (__global float*) (y + ((long) i + 4) * 4);\n"
    "    *yp = a * *((__global float*) (x + ((long) i + 4) * 4)) + *yp; } }\n";

/* the kernel's arguments; with TornadoVM's signature (sig) its four regions first, host: the constant and
 * atomics regions as CL_MEM_ALLOC_HOST_PTR buffers */
static void set_args(cl_kernel k, int sig, int host, cl_mem ctx, cl_mem hconst, cl_mem atom, cl_mem hatom, float a, cl_mem x, cl_mem y, int n) {
    int ai = 0;
    if (sig) {
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &ctx), "arg");
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), host ? &hconst : &ctx), "arg");
        CHECK(clSetKernelArg(k, ai++, 8, NULL), "arg");
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), host ? &hatom : &atom), "arg");
    }
    CHECK(clSetKernelArg(k, ai++, sizeof(float), &a), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &x), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &y), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(int), &n), "arg");
}

/* each kernel's END - START, released; prints the median and the minimum */
static void report(cl_event* ev, int count, cl_ulong* t, int round, const char* mode, const char* how) {
    for (int i = 0; i < count; i++) {
        cl_ulong s0, s1;
        clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof s0, &s0, NULL);
        clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof s1, &s1, NULL);
        t[i] = s1 - s0;
        clReleaseEvent(ev[i]);
    }
    qsort(t, count, sizeof(cl_ulong), cmp_ulong);
    printf("round %d %-9s %skernel time: median %.2f us, min %.2f us\n", round, mode, how, t[count / 2] / 1e3, t[0] / 1e3);
}

int main(int argc, char** argv) {
    int launches = argc > 1 ? atoi(argv[1]) : 2000, rounds = argc > 2 ? atoi(argv[2]) : 3, n = 1024;
    char name[256];
    cl_device_id d = probe_device(name, sizeof name);
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CHECK(e, "context");
    cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "queue");
    cl_program prog = clCreateProgramWithSource(c, 1, &SRC, NULL, &e); CHECK(e, "program");
    CHECK(clBuildProgram(prog, 1, &d, "-cl-mad-enable", NULL, NULL), "build");
    cl_kernel kp = clCreateKernel(prog, "saxpy", &e); CHECK(e, "kernel saxpy");
    cl_kernel kt = clCreateKernel(prog, "saxpy_t", &e); CHECK(e, "kernel saxpy_t");
    float* h = calloc(n + 8, sizeof(float));
    cl_mem x = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (n + 8) * sizeof(float), h, &e); CHECK(e, "x");
    cl_mem y = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (n + 8) * sizeof(float), h, &e); CHECK(e, "y");
    cl_mem ctx = clCreateBuffer(c, CL_MEM_READ_WRITE, 1024, NULL, &e); CHECK(e, "context buffer");
    cl_mem atom = clCreateBuffer(c, CL_MEM_READ_WRITE, 4096, NULL, &e); CHECK(e, "atomics buffer");
    cl_mem hconst = clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e); CHECK(e, "host constant buffer");
    cl_mem hatom = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 4096, NULL, &e); CHECK(e, "host atomics buffer");
    unsigned char frame[24] = {0};
    size_t gws = n, lws = 256;
    float a = 2.5f;
    const char* names[7] = {"plain", "tornado", "ctx-write", "both", "hostptr", "tornado+", "deps"};
    cl_ulong* t = malloc(sizeof(cl_ulong) * launches);
    cl_event* ev = malloc(sizeof(cl_event) * launches);
    printf("device: %s, n = %d, %d launches per round, %d rounds\n", name, n, launches, rounds);
    for (int r = 0; r < rounds; r++) {
        for (int mode = 0; mode < 6; mode++) {
            int host = mode >= 4;
            int sig = host || (mode & 1), write = host ? mode == 5 : mode >> 1;
            cl_kernel k = sig ? kt : kp;
            for (int i = 0; i < launches; i++) {
                set_args(k, sig, host, ctx, hconst, atom, hatom, a, x, y, n);
                cl_event w = 0;
                if (write) CHECK(clEnqueueWriteBuffer(q, ctx, CL_FALSE, 0, sizeof frame, frame, 0, NULL, &w), "write");
                CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, write ? 1 : 0, write ? &w : NULL, &ev[i]), "launch");
                if (w) clReleaseEvent(w);
            }
            CHECK(clFinish(q), "finish");
            report(ev, launches, t, r, names[mode], "");
        }
    }
    /* one launch at a time, as perfport's repetitions run: copy x and y in, launch, read y back (blocking) */
    float* hy = calloc(n + 8, sizeof(float));
    for (int r = 0; r < rounds; r++) {
        for (int mode = 0; mode < 7; mode += mode == 0 ? 5 : 1) {
            /* 6 ("deps"): as tornado+, and the kernel also lists the two copies' events in its wait list,
             * as TornadoVM passes a task's copy-in events to its launch */
            int host = mode >= 5, sig = host, write = host, deps = mode == 6;
            cl_kernel k = sig ? kt : kp;
            int reps = launches / 10;
            for (int i = 0; i < reps; i++) {
                cl_event wl[3] = {0, 0, 0};
                CHECK(clEnqueueWriteBuffer(q, x, CL_FALSE, 0, (n + 8) * sizeof(float), h, 0, NULL, deps ? &wl[1] : NULL), "copy x");
                CHECK(clEnqueueWriteBuffer(q, y, CL_FALSE, 0, (n + 8) * sizeof(float), h, 0, NULL, deps ? &wl[2] : NULL), "copy y");
                set_args(k, sig, host, ctx, hconst, atom, hatom, a, x, y, n);
                cl_event w = 0;
                if (write) CHECK(clEnqueueWriteBuffer(q, ctx, CL_FALSE, 0, sizeof frame, frame, 0, NULL, &w), "write");
                wl[0] = w;
                CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &gws, &lws, deps ? 3 : write ? 1 : 0, deps || write ? wl : NULL, &ev[i]), "launch");
                for (int j = 0; j < 3; j++) if (wl[j]) clReleaseEvent(wl[j]);
                CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, (n + 8) * sizeof(float), hy, 0, NULL, NULL), "read y");
            }
            report(ev, reps, t, r, names[mode], "one launch between copies, ");
        }
    }
    return 0;
}
