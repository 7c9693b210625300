#!/usr/bin/env bash
# Issue 16 item 3, after gpu-tornado-gaps.sh (call 2 of 2026-11-27, third stop): TornadoVM's csr-vector
# kernel took 48 registers where jocl's takes 30 (ptxas -v, sm_90), so fewer groups fit an SM. One call
# (carry .gpu-tornado):
#  - spmv csr-vector on the 2048² stencil, jocl beside TornadoVM with its default build options
#    ("-cl-mad-enable -cl-fast-relaxed-math -w"), with -cl-nv-maxrregcount=32 alone, and with -cl-mad-enable alone;
#  - TRSM (m 2048, n 256, nb 64) on both routes, and the PTX of every TornadoVM kernel it builds (each
#    kernel's printed OpenCL C built again by scripts/clbuild.c) and of jocl's, with ptxas -v.
#   OUT=$OUT bash scripts/gpu-tornado-gaps2.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
source scripts/gpu-ptx-lib.sh
JT=(--config perfport.jocl.counters=false)
TT=(--config perfport.tornado.counters=false)
S=(--variant csr-vector --param matrix=stencil2d:2048x2048 --param reps=10)
step cmp-spmv 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
PERFPORT_JAVA_OPTS=-Dtornado.opencl.compiler.flags=-cl-nv-maxrregcount=32 \
  step cmp-spmv-maxrreg32 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
PERFPORT_JAVA_OPTS=-Dtornado.opencl.compiler.flags=-cl-mad-enable \
  step cmp-spmv-madonly 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
step cmp-spmv-again 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
T=(--param m=2048 --param n=256 --param nb=64 --param type=float --param reps=3)
mkdir -p "$out/ptx/jocl-trsm"
step cmp-trsm 120 compare trsm --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${T[@]}"
step jocl-trsm 60 compare trsm --backend jocl:gpu "${JT[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-trsm "${T[@]}"
tornado_ptx trsm trsm "${TT[@]}" "${T[@]/reps=3/reps=1}"
ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
