#!/usr/bin/env bash
# Issue 16 item 3, the fixes of gpu-tornado-gaps.sh and gpu-tornado-gaps2.sh measured on main in one call
# (carry .gpu-tornado): spmv csr-vector (now capped at 32 registers on NVIDIA by its TornadoKernel),
# TRSM at nb 32 and 64 (gemm's direct kernel with its group shape compiled in), reduction local-atomic
# int without counter atomics on both routes; jocl beside TornadoVM in each step.
#   OUT=$OUT bash scripts/gpu-tornado-confirm2.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 100 python3 bench/torch_ref.py --only reduction --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
S=(--variant csr-vector --param matrix=stencil2d:2048x2048 --param reps=10)
step cmp-spmv 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${C[@]}" "${S[@]}"
for nb in 32 64; do
  step cmp-trsm-nb$nb 120 compare trsm --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param m=2048 --param n=256 --param nb=$nb --param type=float --param reps=3
done
step cmp-reduction-atomic 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${C[@]}" --variant local-atomic --param type=int --param n=2^25 --param reps=20
step cmp-spmv-again 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${C[@]}" "${S[@]}"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
