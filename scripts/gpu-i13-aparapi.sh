#!/usr/bin/env bash
# Aparapi's own SGEMM configurations on the GPU: an exhaustive search over scalar (vwm = vwn = 1),
# strided, staged tiles at 4096 and 1024 (the route has no vector loads; 128 results per work-item at most).
#   cd .gpu-NAME && OUT=$OUT bash scripts/gpu-i13-aparapi.sh [seconds, default 40]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-40}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
GRID=(--param mwg=128 --param nwg=64,128 --param kwg=16,32 --param mdimc=16 --param ndimc=8,16 --param mdima=16 --param ndimb=16
      --param kwi=2 --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
for n in 4096 1024; do
  left=$((total - SECONDS)); (( left > 3 )) || break
  t0=$SECONDS
  timeout "$left" $G tune gemm --backend aparapi:gpu --config perfport.aparapi.counters=false --strategy exhaustive --variant indirect \
    --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=$n --param n=$n --param k=$n --param reps=5 "${GRID[@]}" \
    --format json > "$out/tune-aparapi-$n.json" 2>> "$out/log.txt"
  echo "   tune-aparapi-$n: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
done
