/* What the C probes of scripts/ share (clprobe-*.c): a one-line failure, a sort order for timings, and the
 * device: the first GPU, or with CLPROBE_ANY set any device (a check on PoCL). Each probe defines PROBE, its
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
#endif
