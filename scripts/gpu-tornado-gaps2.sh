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
mkdir -p "$out/ptx/jocl-trsm" "$out/ptx/tornado-trsm"
step cmp-trsm 120 compare trsm --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${T[@]}"
step jocl-trsm 60 compare trsm --backend jocl:gpu "${JT[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-trsm "${T[@]}"
PERFPORT_JAVA_OPTS=-Dtornado.printKernel=True timeout 120 $G run trsm --backend tornado:gpu "${TT[@]}" "${T[@]/reps=3/reps=1}" \
  > "$out/tornado-print.txt" 2>&1
# one file per kernel name (the first printed of each), with the fp64 pragma TornadoVM's header has
awk -v d="$out/ptx/tornado-trsm" '
  /^__kernel void / { name=$3; sub(/\(.*/, "", name); if (!(name in seen)) { seen[name]=1; f=d "/" name ".cl";
      print "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" > f; on=1 } else on=0 }
  on { print >> f } /^}/ { on=0 }' "$out/tornado-print.txt"
cc=$(command -v gcc || command -v cc)
inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r d; do [ -f "$d/CL/cl.h" ] && echo "$d" && break; done)
$cc -O1 -I"$inc" -o /tmp/clbuild scripts/clbuild.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1
for f in "$out"/ptx/tornado-trsm/*.cl; do
  OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$f" "${f%.cl}.bin" "-cl-mad-enable -cl-fast-relaxed-math -w" >> "$out/log.txt" 2>&1
done
ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
[ -z "$ptxas" ] && [ -n "$(command -v nvcc)" ] && ptxas=$(dirname "$(readlink -f "$(command -v nvcc)")")/ptxas
echo "ptxas: ${ptxas:-none}" | tee -a "$out/ptxas.txt"
find "$out/ptx" -type f -name '*.bin' -newer "$out/.t0" > "$out/ptx-files.txt"
while read -r f; do
  head -c 400 "$f" | grep -q "\.version\|\.target" || continue
  tr -d '\000' < "$f" > /tmp/ptxas.ptx
  { echo "== $f"; [ -n "$ptxas" ] && "$ptxas" -arch=sm_90 -v -o /tmp/ptxas.cubin /tmp/ptxas.ptx 2>&1 | grep -E "entry|Used|spill|stack" | head -40; } >> "$out/ptxas.txt"
done < "$out/ptx-files.txt"
tar -C "$out" -cJf "$out/ptx.tar.xz" ptx 2>/dev/null; rm -rf "$out/ptx"
gzip -f "$out/tornado-print.txt"
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
