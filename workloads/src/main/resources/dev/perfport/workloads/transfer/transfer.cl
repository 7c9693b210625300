/* The transfer study's naive matrix multiplication (seed 002 §6.7) over a block of rows: C = A·B,
 * A n×k, B k×n, row-major float; one work-item per element of rows row0 .. row0+rows-1 of C. The
 * product is rounded before the sum (no fma), as in Java. */
#pragma OPENCL FP_CONTRACT OFF

__kernel void matmul_rows(PP_PARAMS, __global const float* a, __global const float* b, __global float* c,
                          const int n, const int k, const int row0, const int rows) {
    int gi = get_global_id(0);
    if (gi < rows * n) {
        int i = row0 + gi / n;
        int j = gi % n;
        float acc = 0.0f;
        for (int kk = 0; kk < k; kk++) {
            float p = a[i * k + kk] * b[kk * n + j];
            acc = acc + p;
        }
        c[i * n + j] = acc;
    }
}
