#!/usr/bin/env bash
# Issue 16 item 3: the two TornadoVM paper-variant gaps left over 1.25 (one call, carry .gpu-tornado):
#  - reduction local-atomic int at 2^25, jocl and TornadoVM both without counter atomics
#    (perfport.jocl.counters=false, perfport.tornado.counters=false), and TornadoVM with them, as before;
#  - spmv csr-vector on the 2048² stencil: the PTX each route handed NVIDIA's driver (jocl: its binary
#    cache; TornadoVM: its printed OpenCL C built again by scripts/clbuild.c) with ptxas -v for sm_90.
# Writes $out/ptxas.txt and $out/ptx.tar.xz.    OUT=$OUT bash scripts/gpu-tornado-gaps.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 100 python3 bench/torch_ref.py --only reduction --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
source scripts/gpu-ptx-lib.sh
JT=(--config perfport.jocl.counters=false)
TT=(--config perfport.tornado.counters=false)
R=(--variant local-atomic --param type=int --param n=2^25 --param reps=20)
step cmp-reduction-atomic-nocount 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${R[@]}"
step cmp-reduction-atomic-tornado-counting 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${R[@]}"
step cmp-reduction-atomic-nocount-again 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${R[@]}"
S=(--variant csr-vector --param matrix=stencil2d:2048x2048 --param reps=10)
mkdir -p "$out/ptx/jocl-spmv"
step cmp-spmv 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
step jocl-spmv 60 compare spmv --backend jocl:gpu "${JT[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-spmv "${S[@]}"
CLBUILD_OPTS=-w tornado_ptx spmv spmv "${TT[@]}" "${S[@]/reps=10/reps=1}"
PTX_OPS="ld.global ld.global.nc ld.shared st.shared fma.rn.f32 mul.rn.f32 add.rn.f32 cvt.s64.s32 mul.wide shl.b64 add.s64 bar.sync setp" ptxas_all
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
