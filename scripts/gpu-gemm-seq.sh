#!/usr/bin/env bash
# Issue 13: TornadoVM's split-k SGEMM at 1024 with xgemm and ksum as one launch sequence (one task graph, the
# planes written first when beta is 0), beside jocl's j1 and cuBLAS, two interleaved rounds of each, in one call
# (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-gemm-seq.sh [repetitions, default 300]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)   # TornadoVM's best (call 9)
for round in 1 2; do
  step "jocl-j1-ks4-round$round" 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=$reps
  step "tornado-best-round$round" 90 compare gemm --backend tornado:gpu "${GM0[@]}" "${TB[@]}" --param reps=$reps
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
