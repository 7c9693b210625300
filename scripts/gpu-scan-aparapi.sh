#!/usr/bin/env bash
# Issue 16 item 3: Aparapi's single-pass scan (scan.cl's default schedule, status words as int pairs behind a
# sequence lock) against jocl's same schedule, at the same tile (wg 256: Aparapi's kernel limit on NVIDIA, items
# 16, 8 groups a compute unit), int and float, 2^25 and 2^28; jocl's tuned schedule (warp=2 coalesce=1, wg 512)
# and torch.cumsum beside them, in one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-scan-aparapi.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
total=420
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false --variant single-pass --param op=add)
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  for t in int float; do
    step "scan-$t-$s-same" 90 compare scan --backend jocl:gpu --backend aparapi:gpu "${q[@]}" --param type=$t --param n=$n \
      --param wg=256 --param items=16 --param gpc=8 --param reps=$reps
    step "scan-$t-$s-jocl-tuned" 60 compare scan --backend jocl:gpu "${q[@]}" --param type=$t --param n=$n \
      --param wg=512 --param items=16 --param gpc=8 --param warp=2 --param coalesce=1 --param regs=32 --param reps=$reps
  done
done
step scan-int-2p25-same-again 90 compare scan --backend jocl:gpu --backend aparapi:gpu "${q[@]}" --param type=int --param n=2^25 \
  --param wg=256 --param items=16 --param gpc=8 --param reps=20
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
cat "$out/torch.jsonl" 2>/dev/null
python3 scripts/gpu-route-rows.py "$out" | tee "$out/routes.txt"
