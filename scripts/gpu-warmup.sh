#!/usr/bin/env bash
# Issue 16 item 2: a large run's wall against its kernel time, with and without the tuned reduction's warm-up
# (untimed queued launches that let the JIT compile the host's launch path), on jocl, Aparapi and TornadoVM,
# in one call (carry .gpu-tornado).   OUT=$OUT bash scripts/gpu-warmup.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
B=(--variant tuned --param n=2^28 --param vw=4 --param ipt=4 --param gpc=8 --param launches=10 --param reps=5 --param type=int)
J=(compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${B[@]}")
for i in 1 2; do
  step jocl-2p28-w0-$i 60 "${J[@]}" --param warmup=0
  step jocl-2p28-w2000-$i 60 "${J[@]}" --param warmup=2000
  step jocl-2p28-w10000-$i 90 "${J[@]}" --param warmup=10000
done
step aparapi-2p28-w0 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${B[@]}" --param warmup=0
step aparapi-2p28-w2000 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false "${B[@]}" --param warmup=2000
step tornado-2p28-w2000 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${B[@]}" --param warmup=2000
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
rm -f "$out/rows.json"
