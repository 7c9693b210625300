#!/usr/bin/env bash
# Issue 16 item 1 on the GPU (one call, carry .gpu-tornado; after gpu-suite.sh, or alone):
# perfport tune reduction at 2^25 (int and float), then run with the knobs at their defaults, which takes the cached best
# (config=tuned), and with config=default, beside PyTorch's torch.sum from the same call.
#   OUT=$OUT bash scripts/gpu-reduction-tuned.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config "perfport.tune.cache=$out/tune.json")
for t in int float; do
  step tune-reduction-2p25-$t 150 tune reduction --backend jocl:gpu "${C[@]}" --param n=2^25 --param type=$t --param reps=5
done
for t in int float; do
  step reduction-auto-2p25-$t 60 compare reduction --backend jocl:gpu "${C[@]}" --variant tuned --param n=2^25 --param type=$t --param reps=30
  step reduction-default-2p25-$t 60 compare reduction --backend jocl:gpu "${C[@]}" --variant tuned --param n=2^25 --param type=$t --param reps=30 --param config=default
done
