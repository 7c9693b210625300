#!/usr/bin/env bash
# Issue 16 item 3 and issue 13, after matmul alpha (routes.md): does stating NVIDIA's largest register limit
# (-cl-nv-maxrregcount=255, every TornadoVM kernel of the JVM, in place of TornadoVM's options) change the other
# TornadoVM gaps? Each case beside jocl in one step, without and with the limit, one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tornado-limit.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
L=-Dtornado.opencl.compiler.flags=-cl-nv-maxrregcount=255
both() {   # NAME ARGS...: the case, then the case with the limit
  local name=$1; shift
  step "$name" 120 compare "$@" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
  PERFPORT_JAVA_OPTS=$L step "$name-r255" 120 compare "$@" --backend jocl:gpu --backend tornado:gpu "${C[@]}"
}
both fft-2p20 fft --variant stockham --param n=2^20 --param batch=1 --param reps=10
both reduction-tuned-2p25 reduction --variant tuned --param type=int --param n=2^25 --param reps=20
both trsm trsm --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=3
both saxpy-1024 saxpy --param n=1024 --param reps=50
step jocl-j1-ks4 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J1[@]}"
step tornado-a3-ks4 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}" --param ks=4 --param kwi=2
PERFPORT_JAVA_OPTS=$L step tornado-a3-ks4-r255 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}" --param ks=4 --param kwi=2
step tornado-a4-ks2 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A4[@]}" --param ks=2 --param kwi=1
PERFPORT_JAVA_OPTS=$L step tornado-a4-ks2-r255 40 compare gemm --backend tornado:gpu "${GM[@]}" "${A4[@]}" --param ks=2 --param kwi=1
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
rm -f "$out/rows.json"
