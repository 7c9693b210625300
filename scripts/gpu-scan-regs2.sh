#!/usr/bin/env bash
# Issue 16, after gpu-scan-regs.sh (scan_single_pass takes 39 registers: 3 groups of 512 per SM; capped
# at 32, 4): the capped scan over persistent group counts and tile sizes, int and float, beside
# torch.cumsum in the same call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-scan-regs2.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add)
cap=(--config perfport.jocl.buildOptions=-cl-nv-maxrregcount=32)
for n in 2^28 2^25; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  step "scan-int-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param wg=512 --param items=16 --param k=1056 --param n=$n --param reps=$reps
  for k in 528 1056 2112; do
    step "scan-int-cap-k$k-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=int --param wg=512 --param items=16 --param k=$k --param n=$n --param reps=$reps
  done
  step "scan-int-cap-i12-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=int --param wg=512 --param items=12 --param k=1056 --param n=$n --param reps=$reps
  step "scan-int-cap-w1024-i8-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=int --param wg=1024 --param items=8 --param k=528 --param n=$n --param reps=$reps
  step "scan-int-cap-lb1-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=int --param wg=512 --param items=16 --param k=1056 --param lookback=1 --param n=$n --param reps=$reps
  step "scan-float-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=float --param wg=512 --param items=16 --param k=1056 --param n=$n --param reps=$reps
  step "scan-float-cap-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=float --param wg=512 --param items=16 --param k=1056 --param n=$n --param reps=$reps
  step "scan-int-cap-again-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${cap[@]}" --param type=int --param wg=512 --param items=16 --param k=1056 --param n=$n --param reps=$reps
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
