#!/usr/bin/env bash
# Issue 13/16: why TornadoVM's SGEMM is slower than jocl's and Aparapi's on the same tiles. One call
# (carry .gpu-tornado): the 128x128x32 shape with 16x8 threads, scalar (vwm = vwn = 1), strided,
# staged, ks 4 (Aparapi's best at n = 1024, "a3") on TornadoVM and on jocl, and jocl's own best (j1);
# the PTX each route handed the driver (jocl: its binary cache, which holds NVIDIA's PTX; TornadoVM:
# its printed OpenCL C built again by scripts/clbuild.c) and ptxas -v's registers, spills and stack
# frame for sm_90. Writes $out/ptxas.txt and $out/ptx.tar.xz.
#   OUT=$OUT bash scripts/gpu-gemm-ptx.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-400}
touch "$out/.t0"
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
source scripts/gpu-ptx-lib.sh      # tornado_ptx, ptxas_all
A3=("${A3[@]}" --param kwi=1 --param ks=4)
mkdir -p "$out/ptx/jocl-a3" "$out/ptx/jocl-j1"
step tornado-a3 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
# TornadoVM dumps no binary of a kernel it builds from source: its printed OpenCL C, built again
CLBUILD_OPTS=-w tornado_ptx a3 gemm "${GM[@]/reps=20/reps=1}" "${A3[@]}"
step jocl-a3 40 compare gemm --backend jocl:gpu "${q[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-a3 "${GM[@]}" "${A3[@]}"
step jocl-j1 40 compare gemm --backend jocl:gpu "${q[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-j1 "${GM[@]}" "${J1[@]}"
step tornado-a3-again 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
PTX_OPS="ld.local st.local ld.shared st.shared ld.global fma.rn.f32 mul.rn.f32 add.rn.f32 cvt.s64.s32 mul.wide bar.sync" ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
