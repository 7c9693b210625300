/* Builds an OpenCL C file for the first GPU and writes the program binary (NVIDIA: PTX) and the build log:
 *   clbuild SOURCE.cl OUT.ptx ["build options"]
 * Used by scripts/gpu-gemm-ptx.sh to get the PTX of a kernel that TornadoVM generated (TornadoVM does not
 * dump binaries of kernels it builds from source), to compare it with jocl's. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    if (argc < 3) { fprintf(stderr, "usage: clbuild SOURCE.cl OUT.ptx [options]\n"); return 2; }
    FILE* f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char* src = malloc(n + 1); if (fread(src, 1, n, f) != (size_t) n) return 2; src[n] = 0; fclose(f);
    cl_platform_id p[8]; cl_uint np = 0; clGetPlatformIDs(8, p, &np);
    cl_device_id d = 0;
    for (cl_uint i = 0; i < np && !d; i++) if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS) d = 0;
    if (!d) { fprintf(stderr, "clbuild: no GPU\n"); return 2; }
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    const char* s = src; cl_program prog = clCreateProgramWithSource(c, 1, &s, NULL, &e);
    e = clBuildProgram(prog, 1, &d, argc > 3 ? argv[3] : "", NULL, NULL);
    size_t ln = 0; clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &ln);
    char* log = malloc(ln + 1); clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, ln, log, NULL); log[ln] = 0;
    fprintf(stderr, "clbuild: build %s (%d)\n%s\n", e == CL_SUCCESS ? "ok" : "FAILED", e, log);
    if (e != CL_SUCCESS) return 1;
    size_t bs = 0; clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL);
    unsigned char* bin = malloc(bs); unsigned char* bins[1] = {bin};
    clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL);
    FILE* o = fopen(argv[2], "wb"); fwrite(bin, 1, bs, o); fclose(o);
    return 0;
}
