#!/usr/bin/env bash
# Issue 13/16: why TornadoVM's SGEMM is slower than jocl's and Aparapi's on the same tiles. One call
# (carry .gpu-tornado): the 128x128x32 shape with 16x8 threads, scalar (vwm = vwn = 1), strided,
# staged, ks 4 (Aparapi's best at n = 1024, "a3") on TornadoVM and on jocl, and jocl's own best (j1);
# the PTX each route handed the driver (TornadoVM: tornado.opencl.codecache.dump; jocl: its binary
# cache, which holds NVIDIA's PTX) and ptxas -v's registers, spills and stack frame for sm_90.
#   OUT=$OUT bash scripts/gpu-gemm-ptx.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-400}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
GM=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=1024 --param n=1024 --param k=1024 --param reps=20)
A3=(--param mwg=128 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
J1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1 --param ks=4)
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
step jocl-a3 40 compare gemm --backend jocl:gpu --config perfport.jocl.counters=false --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-a3 "${GM[@]}" "${A3[@]}"
step jocl-j1 40 compare gemm --backend jocl:gpu --config perfport.jocl.counters=false --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-j1 "${GM[@]}" "${J1[@]}"
step tornado-a3-again 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
[ -z "$ptxas" ] && [ -n "$(command -v nvcc)" ] && ptxas=$(dirname "$(readlink -f "$(command -v nvcc)")")/ptxas
[ -z "$ptxas" ] && ptxas=$(python3 -c "import nvidia.cuda_nvcc, os; print(os.path.join(os.path.dirname(nvidia.cuda_nvcc.__file__), 'bin', 'ptxas'))" 2>/dev/null)
echo "ptxas: ${ptxas:-none}" | tee -a "$out/ptxas.txt"
# TornadoVM writes its dump under the directory it is given, or its default, /var/opencl-codecache
find / -xdev -newer "$out/.t0" -type f \( -path "*codecache*" -o -path "$out/ptx/*" \) 2>/dev/null | grep -v "\.ptx$" > "$out/ptx-files.txt"
mkdir -p "$out/keep"
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
