#!/usr/bin/env bash
# Issue 16: TornadoVM's fixed cost per launch, third probe (one call, carry .gpu-tornado): an OpenCL call trace
# of perfport's TornadoVM saxpy on the NVIDIA driver (scripts/cltrace.c, with the program sources it builds),
# then scripts/clprobe-program.c (TornadoVM's program and variants of it in jocl's launch sequence), and
# perfport's saxpy at n = 1024 on both routes in the same call.   OUT=$OUT bash scripts/gpu-tornado-program.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # G, step, probe_build, probe
$probe_cc -O1 -I"$probe_inc" -shared -fPIC -o /tmp/cltrace.so scripts/cltrace.c -ldl >> "$out/log.txt" 2>&1
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
CLTRACE="$out/trace-tornado.txt" CLTRACE_LOADER=/tmp/perfport-tornado/ocl/libOpenCL.so.1 LD_PRELOAD=/tmp/cltrace.so \
  $G run saxpy --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=5 > "$out/traced-run.txt" 2>> "$out/log.txt"
probe_build clprobe-program && probe clprobe-program "${LAUNCHES:-300}" "${ROUNDS:-3}" | tee "$out/clprobe-program.txt"
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
