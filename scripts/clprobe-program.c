/* TornadoVM's fixed cost per launch (issue 16), third probe: the program itself. An OpenCL call trace of
 * perfport's TornadoVM saxpy (scripts/cltrace.c) shows jocl's launch sequence exactly (blocking writes, an
 * empty wait list, a wait on the kernel), which clprobe-sync.c times at jocl's kernel time. What is left is
 * the program TornadoVM builds: its source opens with three extension pragmas. Each variant below is a
 * program of its own, built with "-w" as perfport builds TornadoVM's, and timed in that sequence (blocking
 * writes of x and y, the launch, a wait, a blocking read), END - START of the kernel's own event:
 *   plain       a saxpy as jocl's, no pragma;
 *   tornado     TornadoVM 5.2's generated saxpy with its pragmas (cl_khr_fp64, cl_khr_fp16,
 *               cl_khr_int64_base_atomics), as -Dtornado.printKernel=True prints it;
 *   no-pragma   the same without the pragmas;
 *   fp64, fp16, atomics64   with one pragma each;
 *   plain+fp16  the plain saxpy with the fp16 pragma.
 * Rounds interleave the variants.   clprobe-program [launches] [rounds] */
#define CL_TARGET_OPENCL_VERSION 120
#define PROBE "clprobe-program"
#include "clprobe.h"
#include <string.h>

#define FP64 "#pragma OPENCL EXTENSION cl_khr_fp64 : enable  \n"
#define FP16 "#pragma OPENCL EXTENSION cl_khr_fp16 : enable  \n"
#define AT64 "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable  \n"
#define PLAIN \
    "__kernel void saxpy(float a, __global const float* x, __global float* y, int n) {\n" \
    "  int i = get_global_id(0); if (i < n) y[i] = a * x[i] + y[i]; }\n"
#define TORNADO \
    "__kernel void saxpy(__global long *_kernel_context, __constant uchar *_constant_region, __local uchar *_local_region, __global int *_atomics, __private float a, __global uchar *x, __global uchar *y, __private int n)\n" \
    "{\n" \
    "  float f_8, f_10, f_11, f_12; \n  int i_2; \n  ulong ul_9, ul_7, ul_1, ul_0; \n  long l_5, l_6, l_4; \n  bool b_3; \n\n" \
    "  // BLOCK 0\n  ul_0  =  (ulong) x;\n  ul_1  =  (ulong) y;\n  i_2  =  get_global_id(0);\n  b_3  =  i_2 < 1024;\n  if(b_3)\n  {\n" \
    "    // BLOCK 1\n    l_4  =  (long) i_2;\n    l_5  =  l_4 + 4L;\n    l_6  =  l_5 << 2;\n    ul_7  =  ul_0 + l_6;\n" \
    "    f_8  =  *((__global float *) ul_7);\n    ul_9  =  ul_1 + l_6;\n    f_10  =  *((__global float *) ul_9);\n" \
    "    f_11  =  f_8 * 2.5F;\n    f_12  =  f_11 + f_10;\n    *((__global float *) ul_9)  =  f_12;\n  }  // B0\n" \
    "  else\n  {\n    // BLOCK 2\n  }  // B0\n  // BLOCK 3 MERGES [2 1 ]\n  return;\n}  //  kernel\n"

int main(int argc, char** argv) {
    int launches = argc > 1 ? atoi(argv[1]) : 300, rounds = argc > 2 ? atoi(argv[2]) : 3, n = 1024;
    enum { V = 8 };
    const char* names[V] = {"plain", "tornado", "no-pragma", "fp64", "fp16", "atomics64", "plain+fp16", "plain+all"};
    const char* srcs[V] = {PLAIN, FP64 FP16 AT64 TORNADO, TORNADO, FP64 TORNADO, FP16 TORNADO, AT64 TORNADO, FP16 PLAIN, FP64 FP16 AT64 PLAIN};
    char name[256];
    cl_device_id d = probe_device(name, sizeof name);
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CHECK(e, "context");
    cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CHECK(e, "queue");
    cl_kernel k[V];
    for (int v = 0; v < V; v++) {
        cl_program prog = clCreateProgramWithSource(c, 1, &srcs[v], NULL, &e); CHECK(e, "program");
        if (clBuildProgram(prog, 1, &d, "-w", NULL, NULL) != CL_SUCCESS) {
            char log[4096] = ""; clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            fprintf(stderr, "clprobe-program: %s does not build:\n%s\n", names[v], log); return 1;
        }
        k[v] = clCreateKernel(prog, "saxpy", &e); CHECK(e, "kernel");
    }
    tv_buffers b = tv_buffers_make(c, n);
    size_t bytes = b.bytes;
    float *h = b.h, *hy = b.hy;
    cl_mem x = b.x, y = b.y;
    size_t gws = n, lws = 256, off = 0;
    float a = 2.5f;
    cl_ulong* t = malloc(sizeof(cl_ulong) * launches);
    printf("device: %s, n = %d, %d launches per variant and round, %d rounds\n", name, n, launches, rounds);
    for (int r = 0; r < rounds; r++) {
        for (int v = 0; v < V; v++) {
            int sig = strstr(srcs[v], "_kernel_context") != NULL;
            for (int i = 0; i < launches; i++) {
                tv_set_args(k[v], sig, &b, a, n);
                CHECK(clEnqueueWriteBuffer(q, x, CL_TRUE, 0, bytes, h, 0, NULL, NULL), "write x");
                CHECK(clEnqueueWriteBuffer(q, y, CL_TRUE, 0, bytes, h, 0, NULL, NULL), "write y");
                cl_event ek;
                CHECK(clEnqueueNDRangeKernel(q, k[v], 1, sig ? &off : NULL, &gws, &lws, 0, NULL, &ek), "launch");
                CHECK(clWaitForEvents(1, &ek), "wait kernel");
                CHECK(clEnqueueReadBuffer(q, y, CL_TRUE, 0, bytes, hy, 0, NULL, NULL), "read y");
                t[i] = event_nanos(ek);
                clReleaseEvent(ek);
            }
            qsort(t, launches, sizeof(cl_ulong), cmp_ulong);
            printf("round %d %-10s kernel time: median %.2f us, min %.2f us\n", r, names[v], t[launches / 2] / 1e3, t[0] / 1e3);
        }
    }
    return 0;
}
