#!/usr/bin/env bash
# Issue 16 item 3 and issue 13: TornadoVM's "fixed cost per launch" inside its kernel time is the GPU
# left idle by the route's host time between launches while the JVM is cold (clprobe-sync.c: jocl's own
# sequence with 1 ms of host time before each launch takes 8.5-9.7 us against 6; perfport's TornadoVM saxpy
# at n = 1024: 9.7-10.6 us with 50 repetitions, 4.4 us with 300). Each gap row again, with the repetitions
# of before and with many more (the row keeps the fastest), both routes in one JVM, and cuBLAS for the
# SGEMM (bench/torch_gemm.py). One call, carry .gpu-tornado:   OUT=$OUT bash scripts/gpu-warm-reps.sh
# WARMUP=N instead runs each row once, with the few repetitions and --warmup N (N untimed runs of the row first).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-560}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)   # TornadoVM's best (call 9)
W=(); [ -n "${WARMUP:-}" ] && W=(--warmup "$WARMUP")
reps="${REPS_LOW:-20} ${REPS_HIGH:-300}"; [ -n "${WARMUP:-}" ] && reps=${REPS_LOW:-20}
for r in $reps; do
  step "saxpy-1024-r$r" 60 compare saxpy "${W[@]}" "${B[@]}" --param n=1024 --param reps=$r
  step "fft-2p20-r$r" 90 compare fft "${W[@]}" --variant stockham --param n=2^20 --param batch=1 --param reps=$r "${B[@]}"
  step "reduction-tuned-2p25-r$r" 90 compare reduction "${W[@]}" --variant tuned --param type=int --param n=2^25 --param reps=$r "${B[@]}"
  step "trsm-nb64-r$((r / 4))" 120 compare trsm "${W[@]}" "${B[@]}" --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=$((r / 4))
  step "jocl-j1-ks4-r$r" 60 compare gemm "${W[@]}" --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=$r
  step "tornado-best-r$r" 60 compare gemm "${W[@]}" --backend tornado:gpu "${GM0[@]}" "${TB[@]}" --param reps=$r
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
