#!/usr/bin/env bash
# Issue 16 item 3, after gpu-matmul-alpha.sh: TornadoVM's matmul alpha with every kernel of the JVM capped at 40, 48, 56,
# 64 and 80 registers (in place of TornadoVM's options, as gpu-tornado-gaps3.sh), beside jocl, one call (carry
# .gpu-tornado; alpha's own cap in the bundle is overridden by the last -cl-nv-maxrregcount):
#   OUT=$OUT bash scripts/gpu-matmul-alpha-caps.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
M=(matmul --param n=2048 --param tile=16 --variant alpha --param reps=5)
for r in 40 48 56 64 80 255; do
  PERFPORT_JAVA_OPTS=-Dtornado.opencl.compiler.flags=-cl-nv-maxrregcount=$r \
    step cmp-alpha-r$r 120 compare "${M[@]}" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
rm -f "$out/rows.json"
