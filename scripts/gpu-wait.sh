#!/usr/bin/env bash
# Issue 16 item 2: what the host pays after a long kernel ends, by how it waits (one call, carry .gpu-tornado):
# scripts/clprobe-wait.c with short and long busy kernels, 10 queued launches and 1.   OUT=$OUT bash scripts/gpu-wait.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
bash scripts/gpu-tornado.sh backends > /dev/null 2>> "$out/log.txt"   # unpacks the bundle (its libOpenCL.so.1, the ICD file)
cc=$(command -v gcc || command -v cc)
inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r x; do [ -f "$x/CL/cl.h" ] && echo "$x" && break; done)
$cc -O1 -I"$inc" -o /tmp/clprobe-wait scripts/clprobe-wait.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1 || exit 1
for iters in ${WAIT_ITERS:-1000 20000 40000 200000}; do
  for l in 10 1; do
    OCL_ICD_VENDORS=/tmp/ocl-vendors timeout 120 /tmp/clprobe-wait "$iters" "$l" 15 | tee -a "$out/clprobe-wait.txt"
  done
done
