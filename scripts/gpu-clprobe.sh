# Sourced by GPU scripts (carry .gpu-tornado, after scripts/gpu-tornado.sh has unpacked the bundle once):
#   clprobe LAUNCHES ROUNDS   builds scripts/clprobe-launch.c against the bundle's OpenCL loader and runs it on the
#                             NVIDIA driver, into $out/clprobe.txt (and the terminal)
clprobe() {
  local cc inc
  cc=$(command -v gcc || command -v cc)
  inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r x; do [ -f "$x/CL/cl.h" ] && echo "$x" && break; done)
  $cc -O1 -I"$inc" -o /tmp/clprobe scripts/clprobe-launch.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1 \
    && OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clprobe "$1" "$2" | tee "$out/clprobe.txt"
}
