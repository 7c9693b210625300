#!/usr/bin/env bash
# Issues 13 and 16 after this stop's TornadoVM changes (event lists of 1,024; graphs for repeated launches; a
# written-first buffer never copied in again, so the GEMM's C canary stays on the host), one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tornado-graphs2.sh [repetitions, default 300]
# SGEMM 1024 (jocl j1 ks 4 against TornadoVM's best shape, two rounds, cuBLAS beside them), then TRSM m 2048,
# n 256, nb 64 on jocl and TornadoVM (its blocks as launch sequences; "before": perfport.tornado.graphLaunches=1).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, J1
total=540
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
for round in 1 2; do
  step "jocl-j1-ks4-round$round" 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=$reps
  step "tornado-best-round$round" 90 compare gemm --backend tornado:gpu --config perfport.tornado.counters=false "${GM0[@]}" "${TB[@]}" --param reps=$reps
done
step trsm-nb64-after 150 compare trsm "${B[@]}" --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=20
step trsm-nb64-before 150 compare trsm "${B[@]}" --config perfport.tornado.graphLaunches=1 --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=20
python3 scripts/gpu-route-rows.py "$out" | tee "$out/graphs2.txt"
