/* What the C probes of scripts/ share (clprobe-*.c): a one-line failure, a sort order for timings, TornadoVM's
 * saxpy buffers and arguments, an event's device time, and the device: the first GPU, or with CLPROBE_ANY set any device (a check on PoCL). Each probe defines PROBE, its
 * name for messages, before including this. */
#ifndef CLPROBE_H
#define CLPROBE_H
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(e, what) do { if ((e) != CL_SUCCESS) { fprintf(stderr, PROBE ": %s failed (%d)\n", what, (int) (e)); exit(1); } } while (0)

static inline int cmp_ulong(const void* a, const void* b) {
    cl_ulong x = *(const cl_ulong*) a, y = *(const cl_ulong*) b;
    return x < y ? -1 : x > y;
}

/* the first GPU (or, with CLPROBE_ANY, the first device); exits with 2 when there is none */
static inline cl_device_id probe_device(char* name, size_t size) {
    cl_platform_id p[8]; cl_uint np = 0; clGetPlatformIDs(8, p, &np);
    cl_device_id d = 0;
    for (cl_uint i = 0; i < np && !d; i++) if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS) d = 0;
    for (cl_uint i = 0; i < np && !d && getenv("CLPROBE_ANY"); i++)
        if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) d = 0;
    if (!d) { fprintf(stderr, PROBE ": no GPU\n"); exit(2); }
    clGetDeviceInfo(d, CL_DEVICE_NAME, size, name, NULL);
    return d;
}
/* The buffers of TornadoVM's saxpy of n floats as scripts/cltrace.c traced them (clprobe-sync.c, clprobe-program.c):
 * x and y with room for TornadoVM's 8-float array header, the 24-byte kernel frame, and the constant and atomics
 * regions it allocates in host memory; h and hy are host copies of x's and y's bytes. */
typedef struct { size_t bytes; float *h, *hy; cl_mem x, y, frame, hconst, hatom; } tv_buffers;

static inline tv_buffers tv_buffers_make(cl_context c, int n) {
    cl_int e;
    tv_buffers b;
    b.bytes = (n + 8) * sizeof(float);
    b.h = calloc(n + 8, sizeof(float));
    b.hy = calloc(n + 8, sizeof(float));
    b.x = clCreateBuffer(c, CL_MEM_READ_ONLY, b.bytes, NULL, &e); CHECK(e, "x");
    b.y = clCreateBuffer(c, CL_MEM_READ_WRITE, b.bytes, NULL, &e); CHECK(e, "y");
    b.frame = clCreateBuffer(c, CL_MEM_READ_ONLY, 24, NULL, &e); CHECK(e, "frame");
    b.hconst = clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, 4, NULL, &e); CHECK(e, "constant region");
    b.hatom = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 128, NULL, &e); CHECK(e, "atomics region");
    return b;
}

/* saxpy's arguments (a, x, y, n), after TornadoVM's four (frame, constant region, 8 bytes of local memory,
 * atomics region) when sig is set */
static inline void tv_set_args(cl_kernel k, int sig, const tv_buffers* b, float a, int n) {
    int ai = 0;
    if (sig) {
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &b->frame), "arg");
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &b->hconst), "arg");
        CHECK(clSetKernelArg(k, ai++, 8, NULL), "arg");
        CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &b->hatom), "arg");
    }
    CHECK(clSetKernelArg(k, ai++, sizeof(float), &a), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &b->x), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(cl_mem), &b->y), "arg");
    CHECK(clSetKernelArg(k, ai++, sizeof(int), &n), "arg");
}

/* the device's time of a finished command with profiling on */
static inline cl_ulong event_nanos(cl_event ev) {
    cl_ulong s0, s1;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s0, &s0, NULL);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof s1, &s1, NULL);
    return s1 - s0;
}
#endif
