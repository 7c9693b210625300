#!/usr/bin/env bash
# Issue 16 item 3: TRSM on TornadoVM runs gemm's direct kernel (and its block inversion) only; this
# times the direct kernel alone at TRSM's shapes (m 2048, n 256, nb 64: X_i = inv(D_i)·B_i is 64×256×64,
# the updates are rest×256×64), jocl beside TornadoVM (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tornado-direct.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
for mk in 64:64 1024:64 1984:64; do
  m=${mk%:*}; k=${mk#*:}
  step "cmp-direct-${m}x256x$k" 60 compare gemm --backend jocl:gpu --backend tornado:gpu "${C[@]}" --variant direct --param m=$m --param n=256 --param k=$k \
    --param type=float --param reps=10
done
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
