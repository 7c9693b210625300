#!/usr/bin/env bash
# Issue 16: TornadoVM's fixed ~4 us per launch, second probe (one call, carry .gpu-tornado):
# scripts/clprobe-sync.c (each route's host synchronisation around one launch, TornadoVM's own generated
# saxpy) and perfport's saxpy at n = 1024 on jocl and TornadoVM in the same call.
#   OUT=$OUT bash scripts/gpu-tornado-sync.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # G, step, probe_build, probe
probe_build clprobe-sync && for company in ${COMPANY:-none queues context}; do
  probe clprobe-sync "${LAUNCHES:-300}" "${ROUNDS:-2}" $company | tee -a "$out/clprobe-sync.txt"
done
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
# the same saxpy in the JVM: both routes in one process, in either order, and each route alone
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
step cmp-saxpy-1024-tornado-first 60 compare saxpy --backend tornado:gpu --backend jocl:gpu "${C[@]}" --param n=1024 --param reps=50
step run-saxpy-1024-tornado-alone 60 run saxpy --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=50
step run-saxpy-1024-jocl-alone 60 run saxpy --backend jocl:gpu "${C[@]}" --param n=1024 --param reps=50
step run-saxpy-1024-tornado-300 90 run saxpy --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=300
step cmp-saxpy-2p20 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1048576 --param reps=50
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
