# Sourced by the GPU scripts that run C probes (carry .gpu-tornado), after cd to the repository and out=$OUT:
# names the GPU in $out/log.txt, sets G (perfport with the tornado bundle), sources gpu-step.sh (step NAME
# SECONDS ARGS...) and unpacks the bundle (its libOpenCL.so.1 and the ICD file). Then:
#   probe_build NAME        builds scripts/NAME.c (with scripts/clprobe.h) against the bundle's OpenCL loader
#                           into /tmp/NAME; its errors go to $out/log.txt
#   probe NAME ARGS...      runs /tmp/NAME on the NVIDIA driver
#   clprobe LAUNCHES ROUNDS builds and runs clprobe-launch into $out/clprobe.txt (and the terminal)
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh
$G backends > /dev/null 2>> "$out/log.txt"
probe_cc=$(command -v gcc || command -v cc)
probe_inc=$(ls -d /usr/local/cuda/include /usr/include 2>/dev/null | while read -r x; do [ -f "$x/CL/cl.h" ] && echo "$x" && break; done)
probe_build() {
  $probe_cc -O1 -I"$probe_inc" -Iscripts -o "/tmp/$1" "scripts/$1.c" /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1
}
probe() {
  local name=$1; shift
  OCL_ICD_VENDORS=/tmp/ocl-vendors "/tmp/$name" "$@"
}
clprobe() {
  probe_build clprobe-launch && probe clprobe-launch "$1" "$2" | tee "$out/clprobe.txt"
}
