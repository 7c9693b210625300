/* y = a*x + y, one work-item per element; work-items past n do nothing. The sample workload of
 * docs/architecture.md ("Add a workload"). The product is rounded before the sum (no fma), as in
 * Java. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void saxpy(PP_PARAMS, const float a, __global const float* x, __global float* y, const int n) {
    int i = get_global_id(0);
    if (i < n) {
        float ax = a * x[i];
        y[i] = ax + y[i];
    }
}
