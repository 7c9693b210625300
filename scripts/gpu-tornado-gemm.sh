#!/usr/bin/env bash
# Issue 13, TornadoVM's SGEMM at n = 1024 (KWI unrolled as an inner loop over a compiled-in constant),
# beside jocl's best shape, jocl on the same tiles (a3) and cuBLAS (bench/torch_gemm.py), a random
# search, and TRSM with nb = 64 (whose
# direct GEMM TornadoVM used to reject: "logic node LogicConstantNode"), in one call
# (carry .gpu-tornado, the bundle of scripts/gpu-stage-tornado.sh):
#   OUT=$OUT bash scripts/gpu-tornado-gemm.sh [seconds, default 540]     (KWIS="1 2 4 8": the kwi values tried)
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-540}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
q=(--config perfport.jocl.counters=false)
GM0=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=1024 --param n=1024 --param k=1024)
GM=("${GM0[@]}" --param reps=20)
J1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1 --param ks=4)
A3=(--param mwg=128 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
A4=(--param mwg=64 --param nwg=128 --param kwg=64 --param mdimc=8 --param ndimc=8 --param mdima=16 --param ndimb=32
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=2)
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
