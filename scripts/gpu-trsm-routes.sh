#!/usr/bin/env bash
# Seed 001: TRSM and gemm's direct kernel at TRSM's shapes on jocl, Aparapi and TornadoVM with the same
# (default) configuration, to see why Aparapi's TRSM outran jocl's in the H100 report (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-trsm-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
B=(--backend jocl:gpu --backend aparapi:gpu --backend tornado:gpu --config perfport.jocl.counters=false
   --config perfport.aparapi.counters=false --config perfport.tornado.counters=false)
for nb in 32 64; do
  step "cmp-trsm-nb$nb" 150 compare trsm "${B[@]}" --param m=2048 --param n=256 --param nb=$nb --param type=float --param reps=3
done
for m in 64 1984; do
  step "cmp-direct-${m}x256x64" 90 compare gemm "${B[@]}" --variant direct --param m=$m --param n=256 --param k=64 --param type=float --param reps=10
done
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
