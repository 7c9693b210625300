#!/usr/bin/env bash
# Issue 16: the single-pass scan's tile shapes beyond those of the earlier rounds (items 24 and 32),
# beside torch.cumsum in the same call (carry .gpu-pack, source .gpu-pack/env.sh first):
#   OUT=$OUT bash scripts/gpu-scan-sweep.sh
# Table: python3 scripts/gpu-steps-table.py $OUT (its scan lines).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add --param type=int)
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5)
  s=${n/^/p}
  step "scan-w512-i16-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=512 --param items=16 --param k=1056
  step "scan-w256-i32-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=256 --param items=32 --param k=1056
  step "scan-w128-i32-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=128 --param items=32 --param k=2112
  step "scan-w256-i24-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=256 --param items=24 --param k=1056
  step "scan-w512-i32-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=512 --param items=32 --param k=528
  step "scan-w256-i32-rk-$s" 120 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps --param wg=256 --param items=32 --param k=1056 --param rake=1
done
step scan-w256-i32-odd 120 compare scan --backend jocl:gpu "${q[@]}" --param n=1000003 --param reps=2 --param wg=256 --param items=32 --param k=1056
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
