#!/usr/bin/env bash
# Issue 16 item 3: TRSM (m 2048, n 256, nb 64 and 32) on jocl and TornadoVM after the plan cache was sized for it
# (64 plans, at most 2 GiB of buffers; 12 plans made every repetition rebuild TRSM's 23 task graphs), the FFT's
# sequence as a check, and TornadoVM's host time per launch again; one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tornado-graphs3.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-clprobe.sh   # G, step
total=560
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
R=(--variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=2)
step trsm-nb64 200 compare trsm "${B[@]}" --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=20
step fft-2p20 90 compare fft --variant stockham --param n=2^20 --param batch=1 --param reps=300 "${B[@]}"
step overhead-jocl 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${R[@]}"
step overhead-tornado 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${R[@]}"
step trsm-nb32 200 compare trsm "${B[@]}" --param m=2048 --param n=256 --param nb=32 --param type=float --param reps=20
python3 scripts/gpu-route-rows.py "$out" | tee "$out/graphs3.txt"
