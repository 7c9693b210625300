#!/usr/bin/env bash
# Issue 16 item 3, 2026-11-27 (second stop of the day): TornadoVM's VaR (float exp), adaptive convolution (private
# accumulators) and fused FFT (a pass body per radix) against jocl's kernel time, and Aparapi's tuned
# reduction at vw 1, ipt 1 with vw and ipt folded (and without), each beside PyTorch, in one call
# (carry .gpu-tornado, the bundle of scripts/gpu-stage-tornado.sh; it holds the jocl and Aparapi plugins too):
#   OUT=$OUT bash scripts/gpu-tornado-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
total=${TOTAL:-560}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 100 python3 bench/torch_ref.py --only var,reduction --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_conv.py --width 8192 --height 8192 --filter 17 --reps 20 --out "$out/torch-conv.jsonl" >> "$out/log.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_fft.py --out "$out/torch-fft.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
JT=(--config perfport.jocl.counters=false)
V=(--param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
step cmp-var-singlebuffer 150 compare var --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant singlebuffer "${V[@]}"
step cmp-var-loadstore 120 compare var --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant loadstore "${V[@]}"
C=(--variant adaptive --param width=8192 --param height=8192 --param fw=17 --param fh=17 --param bw=32 --param bh=8 --param tx=8 --param ty=2 --param reps=10)
step cmp-conv 150 compare convolution --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${C[@]}"
step cmp-fft 120 compare fft --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant stockham --param n=512 --param batch=2^14 --param reps=10
R=(--variant tuned --param vw=1 --param ipt=1 --param reps=20)
for n in 2^25 2^28; do
  step "cmp-reduction-$n" 120 compare reduction --backend jocl:gpu --backend aparapi:gpu --config perfport.jocl.counters=false \
    --config perfport.aparapi.counters=false "${R[@]}" --param n=$n
done
step cmp-reduction-2^25-aparapi-unspecialised 90 run reduction --backend aparapi:gpu --config perfport.aparapi.counters=false \
  --config perfport.aparapi.specialise=false "${R[@]}" --param n=2^25
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
