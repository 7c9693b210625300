#!/usr/bin/env bash
# Issue 13, TornadoVM's SGEMM at n = 1024 (KWI unrolled as an inner loop over a compiled-in constant),
# beside jocl's best shape, jocl on the same tiles (a3) and cuBLAS (bench/torch_gemm.py), a random
# search, and TRSM with nb = 64 (whose
# direct GEMM TornadoVM used to reject: "logic node LogicConstantNode"), in one call
# (carry .gpu-tornado, the bundle of scripts/gpu-stage-tornado.sh):
#   OUT=$OUT bash scripts/gpu-tornado-gemm.sh [seconds, default 540]     (KWIS="1 2 4 8": the kwi values tried)
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-540}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
A3=("${A3[@]}" --param ks=4)
A4=("${A4[@]}" --param ks=2)
step jocl-j1-ks4 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J1[@]}"
step jocl-a3-ks4 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${A3[@]}" --param kwi=1
for kwi in ${KWIS:-1 2}; do
  step "tornado-a4-ks2-kwi$kwi" 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A4[@]}" --param kwi=$kwi
  step "tornado-a3-ks4-kwi$kwi" 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}" --param kwi=$kwi
done
step tornado-tune 150 tune gemm --backend tornado:gpu "${GM0[@]}" --strategy random --budget ${TUNE_BUDGET:-30} --seed 27 --param reps=5 \
  --param mwg=64,128 --param nwg=64,128 --param kwg=32,64 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 \
  --param kwi=1,2 --param vwm=1 --param vwn=1,2 --param strm=0,1 --param strn=1 --param sa=1 --param sb=1 --param ks=2,4
rb=$(python3 scripts/gpu-best.py "$out/results.jsonl" tornado-tune)
echo "best: tornado: ${rb:-none}" | tee -a "$out/log.txt"
[ -n "$rb" ] && step tornado-best 40 compare gemm --backend tornado:gpu "${GM[@]}" $rb
step jocl-j1-ks4-again 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J1[@]}"
step trsm 90 compare trsm --backend jocl:gpu --backend tornado:gpu "${q[@]}" --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=3
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
