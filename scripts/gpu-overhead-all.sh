#!/usr/bin/env bash
# Issue 16 item 2 on every backend, in one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-overhead-all.sh
# Host time per launch at n = 1024 (the tuned reduction, gpc 1, launches queued where the route can, one wait and one
# 4-byte read per repetition) on jocl, Aparapi, TornadoVM and the emulator, beside PyTorch's torch.sum loop; and a
# large run's wall against its kernel time (2^28, 10 launches a repetition) on the three GPU routes, jocl three times,
# with the tuned reduction's default warm-up (untimed launches first, so that the host code is JIT-compiled) and,
# for before/after in the same call, without it (warmup=0).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only launch --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
R=(--variant tuned --param n=1024 --param gpc=1 --param type=int)
step overhead-jocl 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${R[@]}" --param launches=10000 --param reps=3
step overhead-aparapi 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${R[@]}" --param launches=10000 --param reps=2
step overhead-tornado 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${R[@]}" --param launches=10000 --param reps=2
step overhead-cell 120 compare reduction --backend cell-emulation "${R[@]}" --param launches=2000 --param reps=2
B=(--variant tuned --param n=2^28 --param vw=4 --param ipt=4 --param gpc=8 --param launches=10 --param reps=10 --param type=int)
for i in 1 2 3; do
  step overhead-jocl-2p28-$i 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${B[@]}"
done
step overhead-jocl-2p28-cold 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${B[@]}" --param warmup=0
step overhead-aparapi-2p28-cold 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${B[@]}" --param warmup=0
step overhead-tornado-2p28-cold 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${B[@]}" --param warmup=0
step overhead-aparapi-2p28 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${B[@]}"
step overhead-tornado-2p28 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${B[@]}"
python3 scripts/gpu-vs-torch.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
rm -f "$out/rows.json"
python3 scripts/gpu-wall-summary.py "$out" > "$out/wall.md" 2>> "$out/log.txt"; cat "$out/wall.md"
