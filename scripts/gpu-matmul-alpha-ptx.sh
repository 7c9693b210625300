#!/usr/bin/env bash
# Issue 16 item 3: TornadoVM's matmul alpha built by NVIDIA's OpenCL with TornadoVM's options and with the register limit
# of 255 beside them, ptxas -v of both PTX (registers, instruction counts), one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-matmul-alpha-ptx.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-ptx-lib.sh
M=(matmul --param n=2048 --param tile=16 --variant alpha --param reps=1 --config perfport.tornado.counters=false)
tornado_ptx alpha "${M[@]}"
CLBUILD_OPTS="-cl-mad-enable -cl-fast-relaxed-math -w -cl-nv-maxrregcount=255" tornado_ptx alpha-r255 "${M[@]}"
( cd "$out/ptx" && for f in */*.bin; do echo "== $f: $(tr -d '\000' < "$f" | grep -E '\.maxnreg|\.reqntid|\.maxntid' | tr '\n' ' ')"; done ) >> "$out/ptxas.txt"
PTX_OPS="ld.global fma.rn mul.wide add.s64 bra" ptxas_all
cat "$out/ptxas.txt"
