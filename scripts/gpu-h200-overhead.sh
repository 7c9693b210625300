#!/usr/bin/env bash
# Issue 16 item 2 on the device tool's H200, in one call (carry .gpu-tornado; 2026-11-28, tenth stop). Host time per
# launch at n = 1024 (the tuned reduction, int, gpc 1) on jocl, Aparapi and TornadoVM two ways: launches queued where the
# route can (readback=end: one wait and one 4-byte read a repetition), and a blocking 4-byte read after every launch
# (readback=each: the same work on every route, as a host that needs every result); beside PyTorch's torch.sum loop and
# its loop with .item() after each call. Then a large run's wall against its kernel time (2^28, 10 launches a repetition).
#   OUT=$OUT bash scripts/gpu-h200-overhead.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-540}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only launch --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
R=(--variant tuned --param n=1024 --param gpc=1 --param type=int)
for mode in end each; do
  step overhead-jocl-$mode 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${R[@]}" --param launches=10000 --param reps=3 --param readback=$mode
  step overhead-aparapi-$mode 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${R[@]}" --param launches=10000 --param reps=2 --param readback=$mode
  step overhead-tornado-$mode 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${R[@]}" --param launches=10000 --param reps=2 --param readback=$mode
done
B=(--variant tuned --param n=2^28 --param vw=4 --param ipt=4 --param gpc=8 --param launches=10 --param reps=10 --param type=int)
for i in 1 2; do
  step overhead-jocl-2p28-$i 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${B[@]}"
done
step overhead-aparapi-2p28 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${B[@]}"
step overhead-tornado-2p28 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${B[@]}"
rm -f "$out/rows.json"
python3 scripts/gpu-wall-summary.py "$out" > "$out/wall.md" 2>> "$out/log.txt"; cat "$out/wall.md"
