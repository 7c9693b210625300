#pragma OPENCL EXTENSION cl_khr_fp64 : enable  
#pragma OPENCL EXTENSION cl_khr_fp16 : enable  
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable  
__kernel void k(__global long *_kernel_context, __constant uchar *_constant_region, __local uchar *_local_region, __global int *_atomics, __global uchar *a, __global uchar *out, __private int n4)
{
  float f_21, f_22, f_27, f_32, f_19, f_35, f_20, f_33, f_34; 
  uint ui_5; 
  long l_10, l_11, l_28, l_29, l_9, l_30; 
  float4 v4f_13; 
  int i_26, i_16, i_17, i_14, i_15, i_18, i_8, i_24, i_25, i_7, i_23; 
  ulong ul_12, ul_6, ul_1, ul_4, ul_3, ul_0, ul_31; 

  // BLOCK 0
  ul_0  =  (ulong) a;
  ul_1  =  (ulong) out;
  __local float adf_2[1024];
  ul_3  =  ul_0 + 16L;
  ul_4  =  ul_0 + 16L;
  ui_5  =  *((__global uint *) ul_4);
  ul_6  =  ul_0 + ((ulong) ui_5 << 3);
  i_7  =  get_global_id(0);
  i_8  =  i_7 << 2;
  l_9  =  (long) i_8;
  l_10  =  l_9 << 2;
  l_11  =  l_10 + 16L;
  ul_12  =  ul_6 + l_11;
  v4f_13  =  vload4(0, (__global float *) ul_12);
  i_14  =  get_local_id(0);
  i_15  =  i_14 << 2;
  adf_2[i_15]  =  v4f_13.s0;
  i_16  =  i_15 + 1;
  adf_2[i_16]  =  v4f_13.s1;
  i_17  =  i_15 + 2;
  adf_2[i_17]  =  v4f_13.s2;
  i_18  =  i_15 + 3;
  adf_2[i_18]  =  v4f_13.s3;
  barrier(CLK_LOCAL_MEM_FENCE);
  f_19  =  adf_2[i_15];
  f_20  =  adf_2[i_16];
  f_21  =  adf_2[i_17];
  f_22  =  adf_2[i_18];
  i_23  =  i_14 + 1;
  i_24  =  get_local_size(0);
  i_25  =  i_23 % i_24;
  i_26  =  i_25 << 2;
  f_27  =  adf_2[i_26];
  l_28  =  (long) i_7;
  l_29  =  l_28 + 4L;
  l_30  =  l_29 << 2;
  ul_31  =  ul_1 + l_30;
  f_32  =  f_19 + f_20;
  f_33  =  f_32 + f_21;
  f_34  =  f_33 + f_22;
  f_35  =  f_34 + f_27;
  *((__global float *) ul_31)  =  f_35;
  return;
}  //  kernel
__kernel void typed(__global const float4* a, __global float* out) {
  int g = get_global_id(0); float4 v = a[g]; out[g] = v.x + v.y + v.z + v.w; }
__kernel void vl(__global const float* a, __global float* out) {
  int g = get_global_id(0); float4 v = vload4(g, a); out[g] = v.x + v.y + v.z + v.w; }
