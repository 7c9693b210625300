#!/usr/bin/env bash
# Issue 13 on the device tool's H200 (carry .gpu-tornado; 2026-11-28, tenth stop): TornadoVM's SGEMM at n = 4096 was
# 0.785x jocl's in call 3 (36,067 against 45,945 GFLOP/s), 0.81x on the H100 with the same shape (a4). A random search
# of TornadoVM's scalar, strided shapes around a4 at 4096, then its best twice beside jocl's j4 (interleaved), cuBLAS
# beside; and jocl's DGEMM at 4096 (its step in call 3 gave reps twice).
#   OUT=$OUT bash scripts/gpu-h200-tornado-4096.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-560}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_gemm.py --sizes 4096 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-gemm-shapes.sh   # J4, A4
q=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
G4=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=4096 --param n=4096 --param k=4096)
step jocl-j4-r0 60 compare gemm --backend jocl:gpu "${q[@]}" "${G4[@]}" "${J4[@]}" --param reps=10
step tornado-tune 240 tune gemm --backend tornado:gpu "${q[@]}" "${G4[@]}" --strategy random --budget ${TUNE_BUDGET:-40} --seed 11 --param reps=2 \
  --param mwg=64,128 --param nwg=64,128 --param kwg=32,64 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 \
  --param kwi=1,2,4 --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=1
rb=$(python3 scripts/gpu-best.py "$out/results.jsonl" tornado-tune)
echo "best: tornado: ${rb:-none}" | tee -a "$out/log.txt"
for round in 1 2; do
  step "jocl-j4-r$round" 60 compare gemm --backend jocl:gpu "${q[@]}" "${G4[@]}" "${J4[@]}" --param reps=10
  [ -n "$rb" ] && step "tornado-best-r$round" 60 compare gemm --backend tornado:gpu "${q[@]}" "${G4[@]}" $rb --param reps=10
  step "tornado-a4-r$round" 60 compare gemm --backend tornado:gpu "${q[@]}" "${G4[@]}" "${A4[@]}" --param kwi=2 --param reps=10
done
D=(--param mwg=64 --param nwg=32 --param kwg=16 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=2 --param vwm=2 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
step jocl-dgemm-4096 60 compare gemm --backend jocl:gpu "${q[@]}" "${G4[@]/type=float/type=double}" "${D[@]}" --param reps=5
# issue 16: the single-pass scan at an odd size on both routes that run it (verified rows)
for t in int float; do
  for op in add max; do
    step scan-odd-$t-$op 60 compare scan --backend jocl:gpu --backend aparapi:gpu "${q[@]}" --config perfport.aparapi.counters=false --variant single-pass --param op=$op --param type=$t --param n=1000003 --param reps=2
  done
done
rm -f "$out/rows.json"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
