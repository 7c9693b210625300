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
A3=("${A3[@]}" --param kwi=1 --param ks=4)
mkdir -p "$out/ptx/tornado-a3" "$out/ptx/jocl-a3" "$out/ptx/jocl-j1"
step tornado-a3 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
# TornadoVM dumps no binary of a kernel it builds from source: print its OpenCL C and build that
# with scripts/clbuild.c (TornadoVM's build options, -w) for the PTX the driver makes of it
PERFPORT_JAVA_OPTS=-Dtornado.printKernel=True timeout 60 $G run gemm --backend tornado:gpu "${GM[@]/reps=20/reps=1}" "${A3[@]}" \
  > "$out/tornado-print.txt" 2>&1   # TornadoVM prints the kernel on stderr
{ echo "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"; awk '/^__kernel void xgemmFloat/,/^}/' "$out/tornado-print.txt"; } > "$out/ptx/tornado-a3/xgemm.cl"
cc=$(command -v gcc || command -v cc)
inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r d; do [ -f "$d/CL/cl.h" ] && echo "$d" && break; done)
$cc -O1 -I"$inc" -o /tmp/clbuild scripts/clbuild.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1 \
  && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$out/ptx/tornado-a3/xgemm.cl" "$out/ptx/tornado-a3/xgemm.bin" "-w" >> "$out/log.txt" 2>&1
step jocl-a3 40 compare gemm --backend jocl:gpu "${q[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-a3 "${GM[@]}" "${A3[@]}"
step jocl-j1 40 compare gemm --backend jocl:gpu "${q[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-j1 "${GM[@]}" "${J1[@]}"
step tornado-a3-again 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
[ -z "$ptxas" ] && [ -n "$(command -v nvcc)" ] && ptxas=$(dirname "$(readlink -f "$(command -v nvcc)")")/ptxas
[ -z "$ptxas" ] && ptxas=$(python3 -c "import nvidia.cuda_nvcc, os; print(os.path.join(os.path.dirname(nvidia.cuda_nvcc.__file__), 'bin', 'ptxas'))" 2>/dev/null)
echo "ptxas: ${ptxas:-none}" | tee -a "$out/ptxas.txt"
find "$out/ptx" -type f -newer "$out/.t0" > "$out/ptx-files.txt"
while read -r f; do
  head -c 400 "$f" | grep -q "\.version\|\.target" || continue
  name=$(echo "$f" | sed 's#.*/ptx/##; s#/#_#g; s#^/##')
  tr -d '\000' < "$f" > /tmp/ptxas.ptx     # an OpenCL binary ends in NUL, which ptxas does not take
  { echo "== $f"; [ -n "$ptxas" ] && "$ptxas" -arch=sm_90 -v -o /tmp/ptxas.cubin /tmp/ptxas.ptx 2>&1 | grep -v "^$" | head -40
    for op in ld.local st.local ld.shared st.shared ld.global fma.rn.f32 mul.rn.f32 add.rn.f32 cvt.s64.s32 mul.wide bar.sync; do
      printf '%s %s\n' "$op" "$(grep -c "$op" "$f")"; done; } >> "$out/ptxas.txt"
done < "$out/ptx-files.txt"
tar -C "$out" -cJf "$out/ptx.tar.xz" ptx 2>/dev/null; rm -rf "$out/ptx"
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
