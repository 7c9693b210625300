#!/usr/bin/env bash
# Issue 16 on the device tool's H200 (carry .gpu-tornado; 2026-11-28, tenth stop, call 6): Aparapi's single-pass scan
# tuned at 2^28 over its striped tiles (call 5's full search ran out of time: an Aparapi evaluation at 2^28 takes about
# 6 s), then its pick beside jocl's pick over the same knobs (call 5: striped 0, items 12, wg 512, gpc 4), two rounds,
# torch.cumsum beside.
#   OUT=$OUT bash scripts/gpu-h200-scan-2p28.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-500}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
C=(--config perfport.tune.cache="$out/tune-cache.json" --config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
SP=(--variant single-pass --param op=add --param type=int --param n=2^28)
step tune-scan-aparapi-2p28 300 tune scan --backend aparapi:gpu "${C[@]}" --progress plain --strategy exhaustive --param op=add --param type=int \
  --param n=2^28 --param reps=2 --param warp=0 --param coalesce=0 --param regs=0 --param striped=1 --param items=32,48,64 --param wg=64,128,256 --param gpc=2,4,8
JA=(--param striped=0 --param items=12 --param wg=512 --param gpc=4)
for round in 1 2; do
  step "scan-jocl-same-r$round" 60 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" "${JA[@]}" --param reps=5
  step "scan-aparapi-tuned-r$round" 60 compare scan --backend aparapi:gpu "${C[@]}" "${SP[@]}" --param reps=5 --param config=tuned
done
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json" "$out/tune-cache.json"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
