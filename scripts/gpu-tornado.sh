#!/usr/bin/env bash
# Runs perfport with the tornado backend on the GPU machine from the bundle that
# gpu-stage-tornado.sh made (carry .gpu-tornado): unpacks it under /tmp, points the OpenCL loader
# at the NVIDIA driver, and starts the JVM with TornadoVM's options as ./perfport does.
#   bash scripts/gpu-tornado.sh compare reduction --backend tornado:gpu --backend jocl:gpu ...
cd "$(dirname "$0")/.." || exit 2
b=/tmp/perfport-tornado
if [[ ! -x $b/jre/bin/java ]]; then
    rm -rf "$b"; mkdir -p "$b"
    xz -dc .gpu-tornado/bundle.tar.xz | tar -C "$b" -xf - || { echo "gpu-tornado: cannot unpack the bundle" >&2; exit 2; }
fi
export JAVA_HOME=$b/jre PATH=$b/jre/bin:$PATH TORNADOVM_HOME=$b/tornado
export LD_LIBRARY_PATH="$b/ocl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/ocl-vendors
nv=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
[[ -n $nv ]] && echo "$nv" > /tmp/ocl-vendors/nvidia.icd
[[ ${GPU_WITH_POCL:-0} == 1 && -f /etc/OpenCL/vendors/pocl.icd ]] && cp /etc/OpenCL/vendors/pocl.icd /tmp/ocl-vendors/
export OCL_ICD_VENDORS=/tmp/ocl-vendors
echo "gpu-tornado: java $(java -version 2>&1 | head -1 | cut -d'"' -f2), OpenCL ICDs: $(ls /tmp/ocl-vendors | tr '\n' ' ')" >&2
mapfile -t opts < <(bash backend-tornado/bin/tornado-jvm-args "$TORNADOVM_HOME") || exit 2
dist=$b/perfport
# TornadoVM hands out at most tornado.device.memory of a device (4GB by default): bench gpu's stream rows at 2^28 in
# double need three buffers of 2 GiB; PERFPORT_JAVA_OPTS, given after, can set it again
exec java --enable-native-access=ALL-UNNAMED "${opts[@]}" -Xmx24g -Dtornado.device.memory=64GB ${PERFPORT_JAVA_OPTS:-} -Dperfport.home="$dist" \
    -cp "$dist/lib/*:$dist/plugins/perfport-backend-tornado-plugin.jar" dev.perfport.cli.Main "$@"
