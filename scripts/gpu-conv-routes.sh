#!/usr/bin/env bash
# Issue 16 item 3, convolution (seed 002, 8192², 17×17, adaptive): Aparapi's kernel time against jocl's
# with the filter size and tile factors folded into Aparapi's class (perfport.aparapi.specialise, default
# on) and without, beside cuDNN (bench/torch_conv.py), in one call (carry .gpu-pack, source .gpu-pack/env.sh):
#   OUT=$OUT bash scripts/gpu-conv-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_conv.py --width 8192 --height 8192 --filter 17 --reps 20 --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
C=(--variant adaptive --param width=8192 --param height=8192 --param fw=17 --param fh=17 --param reps=10)
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
B=(--param bw=32 --param bh=8)
step conv-jocl 150 run convolution --backend jocl:gpu --config perfport.jocl.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
step conv-aparapi 150 run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
step conv-aparapi-unspecialised 150 run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false \
  --config perfport.aparapi.specialise=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
IFS=, read -ra tiles <<< "${CONV_TILES:-4x2}"   # more tile factors for Aparapi: CONV_TILES=4x2,4x1,2x2
for t in "${tiles[@]}"; do
  step "conv-aparapi-tx${t%x*}-ty${t#*x}" 150 run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false "${C[@]}" "${B[@]}" \
    --param tx=${t%x*} --param ty=${t#*x}
done
step conv-jocl-2 150 run convolution --backend jocl:gpu --config perfport.jocl.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
