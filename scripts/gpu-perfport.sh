#!/usr/bin/env bash
# perfport on the GPU machine (an NVIDIA driver, no JDK, no Maven, no package registry), from the release archive.
#
#   bash scripts/gpu-perfport.sh --stage      on the development machine: builds the archive (./mvnw -Prelease) and puts
#                                             it, with the OpenCL ICD loader, in .gpu-release/ (git-ignored, about 50 MB)
#   bash scripts/gpu-perfport.sh ARGS...      on the GPU machine, through the device tool with carry [".gpu-release"]:
#                                             unpacks the archive once under /tmp and runs bin/perfport ARGS...
#
# The archive brings its own Java runtime; all the GPU machine lacks is the OpenCL ICD loader, pointed here at the NVIDIA
# driver's OpenCL library (GPU_WITH_POCL=1 adds PoCL where that machine has it). PERFPORT_JAVA_OPTS passes JVM options.
cd "$(dirname "$0")/.." || exit 2
stage=.gpu-release
if [[ "${1:-}" == --stage ]]; then
    set -euo pipefail
    grep -qx "/$stage/" .git/info/exclude 2>/dev/null || { mkdir -p .git/info; echo "/$stage/" >> .git/info/exclude; }
    ./mvnw -B -q -Prelease -DskipTests package
    rm -rf "$stage" && mkdir -p "$stage/ocl"
    cp cli/target/perfport-*-linux-x86_64.tar.gz cli/target/perfport-*-linux-x86_64.tar.gz.sha256 "$stage/"
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get download ocl-icd-libopencl1 >/dev/null 2>&1) \
        || { echo "gpu-perfport.sh: could not download ocl-icd-libopencl1 (run apt-get update once)" >&2; exit 2; }
    dpkg -x "$tmp"/ocl-icd-libopencl1_*.deb "$tmp/x"
    cp -a "$tmp"/x/usr/lib/x86_64-linux-gnu/libOpenCL.so* "$stage/ocl/" && rm -rf "$tmp"
    echo "staged $(du -sh "$stage" | cut -f1) in $stage/ (carry it; limit 64 MiB with the tracked tree)"
    exit 0
fi
[[ -d "$stage" ]] || { echo "gpu-perfport.sh: no $stage/ here: stage it with 'bash scripts/gpu-perfport.sh --stage' and carry it" >&2; exit 2; }
archive=$(ls "$stage"/perfport-*-linux-x86_64.tar.gz | head -1)
home=/tmp/perfport-release/$(basename "$archive" -linux-x86_64.tar.gz)
if [[ ! -x "$home/bin/perfport" ]]; then
    (cd "$stage" && sha256sum -c --quiet "$(basename "$archive").sha256") || { echo "gpu-perfport.sh: $archive fails its checksum" >&2; exit 2; }
    mkdir -p /tmp/perfport-release && tar -xzf "$archive" -C /tmp/perfport-release
fi
export LD_LIBRARY_PATH="$PWD/$stage/ocl${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
mkdir -p /tmp/ocl-vendors
nv=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
[[ -n "$nv" ]] && echo "$nv" > /tmp/ocl-vendors/nvidia.icd
[[ "${GPU_WITH_POCL:-0}" == 1 && -f /etc/OpenCL/vendors/pocl.icd ]] && cp /etc/OpenCL/vendors/pocl.icd /tmp/ocl-vendors/
export OCL_ICD_VENDORS=/tmp/ocl-vendors PERFPORT_JAVA_OPTS="${PERFPORT_JAVA_OPTS:--Xmx24g}"
exec "$home/bin/perfport" "$@"
