#!/usr/bin/env bash
# Issue 16 item 3: where TornadoVM's fixed ~4 us per launch comes from (one call, carry .gpu-tornado):
# scripts/clprobe-launch.c (plain, TornadoVM's signature, its stack-frame write, its constant and atomics
# regions in CL_MEM_ALLOC_HOST_PTR buffers; back to back and one launch between copies) and perfport's saxpy at
# n = 1024 on jocl and TornadoVM in the same call.   OUT=$OUT bash scripts/gpu-tornado-launch.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # G, step, probe_build, probe, clprobe
clprobe 2000 3
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
step cmp-saxpy-1024-again 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
