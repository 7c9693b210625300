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
# the driver hands the limit to its own ptxas, not to the PTX: run ptxas on the same PTX without and with -maxrregcount
px=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
for r in none 64 128 255; do
  tr -d '\000' < "$out/ptx/tornado-alpha/alpha.bin" > /tmp/alpha.ptx
  o=(); [ $r != none ] && o=(-maxrregcount=$r)
  echo "== ptxas ${o[*]:-(no limit)}: $($px -arch=sm_90 -v "${o[@]}" -o /tmp/alpha.cubin /tmp/alpha.ptx 2>&1 | grep -E 'Used|spill' | tr '\n' ' ')" >> "$out/ptxas.txt"
  [ $r = 255 ] && cuobjdump -sass /tmp/alpha.cubin > "$out/alpha-r255.sass" 2>/dev/null
  [ $r = none ] && cuobjdump -sass /tmp/alpha.cubin > "$out/alpha.sass" 2>/dev/null
done
PTX_OPS="ld.global fma.rn mul.wide add.s64 bra" ptxas_all
cat "$out/ptxas.txt"
