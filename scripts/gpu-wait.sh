#!/usr/bin/env bash
# Issue 16 item 2: what the host pays after a long kernel ends, by how it waits (one call, carry .gpu-tornado):
# scripts/clprobe-wait.c with short and long busy kernels, 10 queued launches and 1.   OUT=$OUT bash scripts/gpu-wait.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # probe_build, probe
probe_build clprobe-wait || exit 1
for iters in ${WAIT_ITERS:-1000 20000 40000 200000}; do
  for l in 10 1; do
    timeout 120 env OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clprobe-wait "$iters" "$l" 15 | tee -a "$out/clprobe-wait.txt"
  done
done
