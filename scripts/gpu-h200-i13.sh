#!/usr/bin/env bash
# Issue 13's SGEMM ratios again on the device tool's H200, in one call (carry .gpu-tornado; 2026-11-28, tenth stop):
# cuBLAS fp32 (bench/torch_gemm.py, TF32 off) beside each route's best known configuration at n = 1024 (two rounds,
# interleaved) and 4096, and jocl's DGEMM. Configurations: gpu-gemm-shapes.sh (j1, j4, a3, a4) and TornadoVM's TB
# (gpu-tornado-gemm-vw.sh).
#   OUT=$OUT bash scripts/gpu-h200-i13.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-560}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_gemm.py --sizes 1024,4096 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-gemm-shapes.sh   # GM0, J1, J4, A3, A4
q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false --config perfport.tornado.counters=false)
R=(--param reps=100)
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
for round in 1 2; do
  step "jocl-j1-1024-r$round" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param ks=4 "${R[@]}"
  step "jocl-j4-1024-r$round" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J4[@]}" --param ks=4 "${R[@]}"
  step "aparapi-a3-1024-r$round" 40 compare gemm --backend aparapi:gpu "${q[@]}" "${GM0[@]}" "${A3[@]}" --param kwi=2 --param ks=4 "${R[@]}"
  step "tornado-tb-1024-r$round" 60 compare gemm --backend tornado:gpu "${q[@]}" "${GM0[@]}" "${TB[@]}" "${R[@]}"
done
G4=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=4096 --param n=4096 --param k=4096 --param reps=10)
step jocl-j4-4096 60 compare gemm --backend jocl:gpu "${q[@]}" "${G4[@]}" "${J4[@]}"
step aparapi-a3-4096 60 compare gemm --backend aparapi:gpu "${q[@]}" "${G4[@]}" "${A3[@]}" --param kwi=2
step tornado-a4-4096 90 compare gemm --backend tornado:gpu "${q[@]}" "${G4[@]}" "${A4[@]}" --param kwi=2
D=(--param mwg=64 --param nwg=32 --param kwg=16 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=2 --param vwm=2 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
step jocl-dgemm-1024 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]/type=float/type=double}" "${D[@]}" --param reps=20
step jocl-dgemm-4096 60 compare gemm --backend jocl:gpu "${q[@]}" "${G4[@]/type=float/type=double}" "${D[@]}"
# issue 16: the single-pass scan at the same algorithm on both routes (jocl's pick over Aparapi's knobs in call 1,
# raw/i16-h200-call1: striped 0, items 12, wg 512, gpc 4) beside Aparapi's own pick, both sizes; odd n on both routes
SP=(--variant single-pass --param op=add --param type=int)
JA=(--param striped=0 --param items=12 --param wg=512 --param gpc=4)
AS=(--param striped=1 --param items=64 --param wg=128 --param gpc=4)
for n in 2^25 2^28; do
  step "scan-jocl-same-${n/^/p}" 60 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" "${JA[@]}" --param n=$n --param reps=10
  step "scan-aparapi-${n/^/p}" 60 compare scan --backend aparapi:gpu "${q[@]}" "${SP[@]}" "${AS[@]}" --param n=$n --param reps=10
done
for t in int float; do
  for op in add max; do
    step scan-odd-$t-$op 60 compare scan --backend jocl:gpu --backend aparapi:gpu "${q[@]}" --variant single-pass --param op=$op --param type=$t --param n=1000003 --param reps=2
  done
done
rm -f "$out/rows.json"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
