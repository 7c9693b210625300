#!/usr/bin/env bash
# Issue 16 item 3, VaR: Aparapi's kernel time against jocl's with the configuration's constants folded
# into Aparapi's classes (perfport.aparapi.specialise, default on) and without, beside PyTorch's
# torch.compile valuation, in one call (carry .gpu-pack, source .gpu-pack/env.sh first):
#   OUT=$OUT bash scripts/gpu-var-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 150 python3 bench/torch_ref.py --only var --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
V=(--param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
for v in singlebuffer loadstore; do
  step "var-$v-jocl" 150 compare var --backend jocl:gpu --config perfport.jocl.counters=false --variant $v "${V[@]}"
  step "var-$v-aparapi" 150 compare var --backend aparapi:gpu --config perfport.aparapi.counters=false --variant $v "${V[@]}"
  step "var-$v-aparapi-unspecialised" 150 compare var --backend aparapi:gpu --config perfport.aparapi.counters=false \
    --config perfport.aparapi.specialise=false --variant $v "${V[@]}"
done
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
