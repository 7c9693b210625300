#!/usr/bin/env bash
# Issue 16 item 3: matmul alpha (seed 003's naive kernel) on TornadoVM at 1.74x jocl's kernel time: the route or our
# kernel? Timings beside jocl at n = 2048 (tile 16) and the PTX of both (ptxas -v, instruction counts), one call;
# alpha carries a register cap since (MatmulTornado.ALPHA_REGISTERS), beta is measured with and without one
# (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-matmul-alpha.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
source scripts/gpu-ptx-lib.sh
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
M=(matmul --param n=2048 --param tile=16)
step cmp-alpha 120 compare "${M[@]}" --variant alpha --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
step cmp-beta 120 compare "${M[@]}" --variant beta --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
# every TornadoVM kernel of the JVM capped at 32 (in place of TornadoVM's options, as gpu-tornado-gaps3.sh): does beta gain too?
PERFPORT_JAVA_OPTS=-Dtornado.opencl.compiler.flags=-cl-nv-maxrregcount=32 \
  step cmp-beta-r32 120 compare "${M[@]}" --variant beta --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
step cmp-alpha-again 120 compare "${M[@]}" --variant alpha --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
jocl_ptx alpha "${M[@]}" --variant alpha --param reps=1 "${C[@]}"
tornado_ptx alpha "${M[@]}" --variant alpha --param reps=1 "${C[@]}"
tornado_ptx beta "${M[@]}" --variant beta --param reps=1 "${C[@]}"
PTX_OPS="ld.global fma.rn mul.wide add.s64 mad.lo bra" ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
rm -f "$out/rows.json"
