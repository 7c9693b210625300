# Sourced by GPU scripts that compare the PTX of TornadoVM's kernels with jocl's (carry .gpu-tornado);
# needs $out, $G (scripts/gpu-tornado.sh) and an $out/.t0 touched at the start.
#   tornado_ptx NAME ARGS...   runs `perfport run ARGS --backend tornado:gpu` with TornadoVM printing its
#                              kernels, and builds each (the first printed of each name) by scripts/clbuild.c
#                              into $out/ptx/tornado-NAME/, with $CLBUILD_OPTS (default: TornadoVM's options)
#   jocl_ptx NAME ARGS...      runs `perfport compare ARGS --backend jocl:gpu` with its binary cache (which
#                              holds NVIDIA's PTX) in $out/ptx/jocl-NAME/
#   ptxas_all                  ptxas -v (sm_90) of every PTX made since .t0 into $out/ptxas.txt (with a count
#                              of each PTX instruction named in $PTX_OPS, when set), then packs $out/ptx into
#                              $out/ptx.tar.xz
tornado_ptx() {
  local name=$1; shift
  local d="$out/ptx/tornado-$name"; mkdir -p "$d"
  PERFPORT_JAVA_OPTS=-Dtornado.printKernel=True timeout 120 $G run "$@" --backend tornado:gpu > "$d/print.txt" 2>&1   # printed on stderr
  awk -v d="$d" '
    /^__kernel void / { k=$3; sub(/\(.*/, "", k); if (!(k in seen)) { seen[k]=1; f=d "/" k ".cl";
        print "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" > f; on=1 } else on=0 }
    on { print >> f } /^}/ { on=0 }' "$d/print.txt"
  if [[ ! -x /tmp/clbuild ]]; then
    local cc inc; cc=$(command -v gcc || command -v cc)
    inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r x; do [ -f "$x/CL/cl.h" ] && echo "$x" && break; done)
    $cc -O1 -I"$inc" -o /tmp/clbuild scripts/clbuild.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1
  fi
  local f; for f in "$d"/*.cl; do
    [[ -f $f ]] && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$f" "${f%.cl}.bin" \
      "${CLBUILD_OPTS:--cl-mad-enable -cl-fast-relaxed-math -w}" >> "$out/log.txt" 2>&1
  done
  gzip -f "$d/print.txt"
}
jocl_ptx() {
  local name=$1; shift
  mkdir -p "$out/ptx/jocl-$name"
  timeout 120 $G compare "$@" --backend jocl:gpu --config perfport.jocl.binaryCache.dir="$out/ptx/jocl-$name" > /dev/null 2>> "$out/log.txt"
}
ptxas_all() {
  local ptxas f op
  ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
  [ -z "$ptxas" ] && [ -n "$(command -v nvcc)" ] && ptxas=$(dirname "$(readlink -f "$(command -v nvcc)")")/ptxas
  [ -z "$ptxas" ] && ptxas=$(python3 -c "import nvidia.cuda_nvcc, os; print(os.path.join(os.path.dirname(nvidia.cuda_nvcc.__file__), 'bin', 'ptxas'))" 2>/dev/null)
  echo "ptxas: ${ptxas:-none}" >> "$out/ptxas.txt"
  find "$out/ptx" -type f -name '*.bin' -newer "$out/.t0" | sort | while read -r f; do
    head -c 400 "$f" | grep -q "\.version\|\.target" || continue
    tr -d '\000' < "$f" > /tmp/ptxas.ptx   # an OpenCL binary ends in NUL, which ptxas does not take
    { echo "== ${f#$out/ptx/}"; [ -n "$ptxas" ] && "$ptxas" -arch=sm_90 -v -o /tmp/ptxas.cubin /tmp/ptxas.ptx 2>&1 | grep -E "entry|Used|spill|stack" | head -40
      for op in ${PTX_OPS:-}; do printf '%s %s\n' "$op" "$(grep -c "$op" /tmp/ptxas.ptx)"; done; } >> "$out/ptxas.txt"
  done
  tar -C "$out" -cJf "$out/ptx.tar.xz" ptx 2>/dev/null; rm -rf "$out/ptx"
}
