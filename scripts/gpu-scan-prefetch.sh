#!/usr/bin/env bash
# Issue 16: the single-pass scan's prefetch knob (1: the next tile's ticket one tile ahead; 2: also the
# next tile's elements loaded before this tile's look-back) beside the best schedules so far (wg 512,
# items 16, k 1056; rake 1 at 2^28) and torch.cumsum in the same call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-scan-prefetch.sh
# Table: python3 scripts/gpu-steps-table.py $OUT (its scan lines).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add)
W=(--param wg=512 --param items=16 --param k=1056)
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  for t in int float; do
    for pf in 0 1 2; do
      step "scan-$t-pf$pf-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=$t --param n=$n --param reps=$reps "${W[@]}" --param prefetch=$pf
    done
  done
  for pf in 0 1 2; do
    step "scan-int-rk-pf$pf-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=$n --param reps=$reps "${W[@]}" --param rake=1 --param prefetch=$pf
  done
  step "scan-int-pf2-w512-i8-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=$n --param reps=$reps --param wg=512 --param items=8 --param k=1056 --param prefetch=2
  step "scan-int-pf2-w256-i16-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=$n --param reps=$reps --param wg=256 --param items=16 --param k=1056 --param prefetch=2
  step "scan-int-warp-pf1-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=$n --param reps=$reps "${W[@]}" --param warp=2 --param prefetch=1
  step "scan-int-warp-pf2-w256-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=$n --param reps=$reps --param wg=256 --param items=16 --param k=1056 --param warp=2 --param prefetch=2
done
for pf in 1 2; do   # int and float, add and max, at an odd size
  step "scan-pf$pf-odd" 60 compare scan --backend jocl:gpu --config perfport.jocl.counters=false --variant single-pass --param n=1000003 --param reps=2 "${W[@]}" --param prefetch=$pf
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
