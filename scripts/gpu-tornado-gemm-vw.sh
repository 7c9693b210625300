#!/usr/bin/env bash
# Issue 13: TornadoVM's SGEMM at n = 1024 with vector-owning shapes. A FloatArray has no vector load, but where a
# work-item owns VWM (VWN) consecutive elements of the local tiles (vwm/vwn 2 or 4, strided), NVIDIA's compiler may
# merge its scalar local loads into ld.shared.v2/v4, as jocl's float4 kernel has them; the random searches of
# 2026-11-27 kept vwm = 1. One call (carry .gpu-tornado): jocl j1 and TornadoVM's best (TB) beside TornadoVM on
# j1's shape (vwm = vwn = 4, kwi 1 and 2), on j2's (vw 2) and on TB with vw 4; 300 repetitions each; cuBLAS
# beside; the PTX of TornadoVM's j1 and TB kernels with their ld.shared forms counted.
#   OUT=$OUT bash scripts/gpu-tornado-gemm-vw.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
touch "$out/.t0"
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1 (ks 4), J2
source scripts/gpu-ptx-lib.sh      # tornado_ptx, ptxas_all
total=${TOTAL:-460}
R=(--param reps=300)
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
TB4=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=1
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
T=(--config perfport.tornado.counters=false)
step jocl-j1 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" "${R[@]}"
step tornado-tb 80 compare gemm --backend tornado:gpu "${T[@]}" "${GM0[@]}" "${TB[@]}" "${R[@]}"
step tornado-j1-kwi1 80 compare gemm --backend tornado:gpu "${T[@]}" "${GM0[@]}" "${J1[@]/kwi=8/kwi=1}" "${R[@]}"
step tornado-j1-kwi2 80 compare gemm --backend tornado:gpu "${T[@]}" "${GM0[@]}" "${J1[@]/kwi=8/kwi=2}" "${R[@]}"
step tornado-tb-vw4 80 compare gemm --backend tornado:gpu "${T[@]}" "${GM0[@]}" "${TB4[@]}" "${R[@]}"
step tornado-j2-kwi1 80 compare gemm --backend tornado:gpu "${T[@]}" "${GM0[@]}" "${J2[@]/kwi=8/kwi=1}" --param ks=4 "${R[@]}"
step jocl-j1-again 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" "${R[@]}"
CLBUILD_OPTS="-cl-mad-enable -cl-fast-relaxed-math -w" tornado_ptx j1 gemm "${GM0[@]}" "${J1[@]/kwi=8/kwi=1}" --param reps=1
CLBUILD_OPTS="-cl-mad-enable -cl-fast-relaxed-math -w" tornado_ptx tb gemm "${GM0[@]}" "${TB[@]}" --param reps=1
PTX_OPS="ld.shared.v4 ld.shared.v2 ld.shared.f32 st.shared.v4 st.shared.f32 ld.global fma.rn.f32" ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
