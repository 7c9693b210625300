#!/usr/bin/env bash
# Issue 16: TornadoVM's fixed cost per launch, third probe (one call, carry .gpu-tornado): an OpenCL call trace
# of perfport's TornadoVM saxpy on the NVIDIA driver (scripts/cltrace.c, with the program sources it builds),
# then scripts/clprobe-program.c (TornadoVM's program and variants of it in jocl's launch sequence), and
# perfport's saxpy at n = 1024 on both routes in the same call.   OUT=$OUT bash scripts/gpu-tornado-program.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
$G backends > /dev/null 2>> "$out/log.txt"   # unpacks the bundle (its libOpenCL.so.1, the ICD file)
cc=$(command -v gcc || command -v cc)
inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r x; do [ -f "$x/CL/cl.h" ] && echo "$x" && break; done)
$cc -O1 -I"$inc" -shared -fPIC -o /tmp/cltrace.so scripts/cltrace.c -ldl >> "$out/log.txt" 2>&1
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
CLTRACE="$out/trace-tornado.txt" CLTRACE_LOADER=/tmp/perfport-tornado/ocl/libOpenCL.so.1 LD_PRELOAD=/tmp/cltrace.so \
  $G run saxpy --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=5 > "$out/traced-run.txt" 2>> "$out/log.txt"
$cc -O1 -I"$inc" -o /tmp/clprobe-program scripts/clprobe-program.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1 \
  && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clprobe-program "${LAUNCHES:-300}" "${ROUNDS:-3}" | tee "$out/clprobe-program.txt"
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
