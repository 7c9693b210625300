#!/usr/bin/env bash
# Issue 16 item 3: TRSM (m 2048, n 256) on jocl and TornadoVM with TornadoVM's task graphs of 16 launches
# (perfport.tornado.graphLaunches=16) instead of 8: half as many executes, so half as many idle gaps between
# graphs; one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-trsm-graph16.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # G, step
total=420
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
step trsm-nb32-g16 210 compare trsm "${B[@]}" --config perfport.tornado.graphLaunches=16 --param m=2048 --param n=256 --param nb=32 --param type=float --param reps=20
step trsm-nb64-g16 200 compare trsm "${B[@]}" --config perfport.tornado.graphLaunches=16 --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=20
python3 scripts/gpu-route-rows.py "$out" | tee "$out/trsm16.txt"
