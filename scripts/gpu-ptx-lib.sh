# Sourced by GPU scripts that compare the PTX of TornadoVM's kernels with jocl's (carry .gpu-tornado);
# needs $out, $G (scripts/gpu-tornado.sh) and an $out/.t0 touched at the start.
#   tornado_ptx NAME ARGS...   runs `perfport run ARGS --backend tornado:gpu` with TornadoVM printing its
#                              kernels, and builds each (the first printed of each name) with TornadoVM's
#                              options by scripts/clbuild.c into $out/ptx/tornado-NAME/
#   jocl_ptx NAME ARGS...      runs `perfport compare ARGS --backend jocl:gpu` with its binary cache (which
#                              holds NVIDIA's PTX) in $out/ptx/jocl-NAME/
#   ptxas_all                  ptxas -v (sm_90) of every PTX made since .t0 into $out/ptxas.txt, then
#                              packs $out/ptx into $out/ptx.tar.xz
tornado_ptx() {
  local name=$1; shift
  local d="$out/ptx/tornado-$name"; mkdir -p "$d"
  PERFPORT_JAVA_OPTS=-Dtornado.printKernel=True timeout 120 $G run "$@" --backend tornado:gpu > "$d/print.txt" 2>&1
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
    [[ -f $f ]] && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$f" "${f%.cl}.bin" "-cl-mad-enable -cl-fast-relaxed-math -w" >> "$out/log.txt" 2>&1
  done
  gzip -f "$d/print.txt"
}
jocl_ptx() {
  local name=$1; shift
  mkdir -p "$out/ptx/jocl-$name"
  timeout 120 $G compare "$@" --backend jocl:gpu --config perfport.jocl.binaryCache.dir="$out/ptx/jocl-$name" > /dev/null 2>> "$out/log.txt"
}
ptxas_all() {
  local ptxas f
  ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
  echo "ptxas: ${ptxas:-none}" >> "$out/ptxas.txt"
  find "$out/ptx" -type f -name '*.bin' -newer "$out/.t0" | sort | while read -r f; do
    head -c 400 "$f" | grep -q "\.version\|\.target" || continue
    tr -d '\000' < "$f" > /tmp/ptxas.ptx
    { echo "== ${f#$out/ptx/}"; [ -n "$ptxas" ] && "$ptxas" -arch=sm_90 -v -o /tmp/ptxas.cubin /tmp/ptxas.ptx 2>&1 | grep -E "entry|Used|spill|stack" | head -40; } >> "$out/ptxas.txt"
  done
  tar -C "$out" -cJf "$out/ptx.tar.xz" ptx 2>/dev/null; rm -rf "$out/ptx"
}
