#!/usr/bin/env bash
# Issue 16 item 3, the rest of TornadoVM against jocl after the fixes of 2026-11-27 (second stop), one call
# (carry .gpu-tornado): VaR doublebuffer, the FFT's multi-pass path (which TornadoVM's compiler used to
# reject) and the paper variants still over 1.25 (reduction local-atomic, spmv csr-vector), with PyTorch.
#   OUT=$OUT bash scripts/gpu-tornado-confirm.sh          (ONLY=fft: the FFT steps alone)
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
total=${TOTAL:-300}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
want var-reduction && PYTHONUNBUFFERED=1 timeout 100 python3 bench/torch_ref.py --only var,reduction --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_fft.py --out "$out/torch-fft.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
want() { [[ -z ${ONLY:-} || $1 == *${ONLY}* ]]; }   # ONLY=fft runs the steps whose names hold "fft"
JT=(--config perfport.jocl.counters=false)
V=(--param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
want cmp-var-doublebuffer && step cmp-var-doublebuffer 120 compare var --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant doublebuffer "${V[@]}"
want cmp-fft-multi && step cmp-fft-multi 120 compare fft --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant stockham --param n=512 --param batch=2^14 \
  --param passes=multi --param reps=10
want cmp-fft-fused && step cmp-fft-fused 120 compare fft --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant stockham --param n=512 --param batch=2^14 --param reps=10
want cmp-fft-2p20 && step cmp-fft-2p20 120 compare fft --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant stockham --param n=2^20 --param batch=1 --param reps=10
want cmp-reduction-paper && step cmp-reduction-paper 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant local-atomic --variant two-kernel \
  --param n=2^25 --param reps=20
want cmp-spmv && step cmp-spmv 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" --variant csr-vector --param matrix=stencil2d:2048x2048 --param reps=10
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
