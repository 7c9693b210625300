#!/usr/bin/env bash
# lead's second TornadoVM call: the tuned reduction (new TornadoVM kernel) beside jocl's, int and float
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/out}; mkdir -p "$out"
G="bash scripts/gpu-tornado.sh"
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false)
for e in 25 28; do n=2^$e
  echo "== tuned n=$n" >> "$out/log.txt"
  timeout 150 $G compare reduction "${B[@]}" --variant tuned --variant two-kernel --param n=$n --param reps=20 --format json > "$out/tuned-2p$e.json" 2>> "$out/log.txt"
  echo "tuned n=$n rc=$?" | tee -a "$out/log.txt"
done
