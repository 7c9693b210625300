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
JT=(--config perfport.jocl.counters=false)
TT=(--config perfport.tornado.counters=false)
R=(--variant local-atomic --param type=int --param n=2^25 --param reps=20)
step cmp-reduction-atomic-nocount 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${R[@]}"
step cmp-reduction-atomic-tornado-counting 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${R[@]}"
step cmp-reduction-atomic-nocount-again 90 compare reduction --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${R[@]}"
S=(--variant csr-vector --param matrix=stencil2d:2048x2048 --param reps=10)
mkdir -p "$out/ptx/tornado-spmv" "$out/ptx/jocl-spmv"
step cmp-spmv 120 compare spmv --backend jocl:gpu --backend tornado:gpu "${JT[@]}" "${TT[@]}" "${S[@]}"
step jocl-spmv 60 compare spmv --backend jocl:gpu "${JT[@]}" --config perfport.jocl.binaryCache.dir=$out/ptx/jocl-spmv "${S[@]}"
PERFPORT_JAVA_OPTS=-Dtornado.printKernel=True timeout 60 $G run spmv --backend tornado:gpu "${TT[@]}" "${S[@]/reps=10/reps=1}" \
  > "$out/tornado-print.txt" 2>&1   # TornadoVM prints the kernel on stderr
{ echo "#pragma OPENCL EXTENSION cl_khr_fp64 : enable"; awk '/^__kernel void /,/^}/' "$out/tornado-print.txt"; } > "$out/ptx/tornado-spmv/spmv.cl"
cc=$(command -v gcc || command -v cc)
inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r d; do [ -f "$d/CL/cl.h" ] && echo "$d" && break; done)
$cc -O1 -I"$inc" -o /tmp/clbuild scripts/clbuild.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1 \
  && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$out/ptx/tornado-spmv/spmv.cl" "$out/ptx/tornado-spmv/spmv.bin" "-w" >> "$out/log.txt" 2>&1
ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
[ -z "$ptxas" ] && [ -n "$(command -v nvcc)" ] && ptxas=$(dirname "$(readlink -f "$(command -v nvcc)")")/ptxas
[ -z "$ptxas" ] && ptxas=$(python3 -c "import nvidia.cuda_nvcc, os; print(os.path.join(os.path.dirname(nvidia.cuda_nvcc.__file__), 'bin', 'ptxas'))" 2>/dev/null)
echo "ptxas: ${ptxas:-none}" | tee -a "$out/ptxas.txt"
find "$out/ptx" -type f -newer "$out/.t0" > "$out/ptx-files.txt"
while read -r f; do
  head -c 400 "$f" | grep -q "\.version\|\.target" || continue
  tr -d '\000' < "$f" > /tmp/ptxas.ptx     # an OpenCL binary ends in NUL, which ptxas does not take
  { echo "== $f"; [ -n "$ptxas" ] && "$ptxas" -arch=sm_90 -v -o /tmp/ptxas.cubin /tmp/ptxas.ptx 2>&1 | grep -v "^$" | head -40
    for op in ld.global ld.global.nc ld.shared st.shared fma.rn.f32 mul.rn.f32 add.rn.f32 cvt.s64.s32 mul.wide shl.b64 add.s64 bar.sync setp; do
      printf '%s %s\n' "$op" "$(grep -c "$op" "$f")"; done; } >> "$out/ptxas.txt"
done < "$out/ptx-files.txt"
tar -C "$out" -cJf "$out/ptx.tar.xz" ptx 2>/dev/null; rm -rf "$out/ptx"
cat "$out/ptxas.txt"
python3 scripts/gpu-steps-table.py "$out" | tee "$out/table.md"
