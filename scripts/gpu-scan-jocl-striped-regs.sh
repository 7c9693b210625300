#!/usr/bin/env bash
# Issue 16: jocl's striped single-pass kernel holds 154 registers at items 32 and 254 at items 64 (call 8 of 2026-11-28's
# ninth stop), so one group fits an SM. Does a register cap (regs, -cl-nv-maxrregcount) give it back occupancy?
# One call (carry .gpu-tornado): jocl at 2^25 (int, gpc 4) over caps, jocl's tuned schedule beside, torch.cumsum.
#   OUT=$OUT bash scripts/gpu-scan-jocl-striped-regs.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-300}
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
Q=(--config perfport.jocl.counters=false --variant single-pass --param op=add --param type=int --param n=2^25 --param reps=20)
step jocl-tuned 40 compare scan --backend jocl:gpu "${Q[@]}" --param warp=2 --param coalesce=1 --param regs=32 --param items=16 --param wg=512 --param gpc=8
for r in 0 64 80 96 128; do
  step "s1-i32-wg256-regs$r" 40 compare scan --backend jocl:gpu "${Q[@]}" --param striped=1 --param items=32 --param wg=256 --param gpc=4 --param regs=$r
done
for r in 0 96 128; do
  step "s1-i64-wg128-regs$r" 40 compare scan --backend jocl:gpu "${Q[@]}" --param striped=1 --param items=64 --param wg=128 --param gpc=4 --param regs=$r
done
rm -f "$out/rows.json" "$out/tune-cache.json"
