#pragma OPENCL EXTENSION cl_khr_fp64 : enable  
#pragma OPENCL EXTENSION cl_khr_fp16 : enable  
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable  
__kernel void saxpy(__global long *_kernel_context, __constant uchar *_constant_region, __local uchar *_local_region, __global int *_atomics, __private float a, __global uchar *x, __global uchar *y, __private int n)
{
  long l_5, l_4, l_6; 
  int i_2; 
  bool b_3; 
  ulong ul_0, ul_1, ul_7, ul_9; 
  float f_10, f_8, f_11, f_12; 

  // BLOCK 0
  ul_0  =  (ulong) x;
  ul_1  =  (ulong) y;
  i_2  =  get_global_id(0);
  b_3  =  i_2 < 1024;
  if(b_3)
  {
    // BLOCK 1
    l_4  =  (long) i_2;
    l_5  =  l_4 + 4L;
    l_6  =  l_5 << 2;
    ul_7  =  ul_0 + l_6;
    f_8  =  *((__global float *) ul_7);
    ul_9  =  ul_1 + l_6;
    f_10  =  *((__global float *) ul_9);
    f_11  =  f_8 * 2.5F;
    f_12  =  f_11 + f_10;
    *((__global float *) ul_9)  =  f_12;
  }  // B0
  else
  {
    // BLOCK 2
  }  // B0
  // BLOCK 3 MERGES [2 1 ]
  return;
}  //  kernel
