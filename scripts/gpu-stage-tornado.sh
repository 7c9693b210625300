#!/usr/bin/env bash
# Stages perfport with its tornado backend for the GPU machine as ONE compressed file,
# .gpu-tornado/bundle.tar.xz (git-ignored through .git/info/exclude). Unpacked, a JDK with JVMCI
# (~58 MB), TornadoVM's runtime (29 MB minimal SDK) and the distribution exceed the 64 MiB the
# device tool carries; compressed, without what perfport does not read, about 39 MB. Run on the development machine:
#
#   TORNADOVM_HOME=/path/to/sdk ./mvnw -B -q package -DskipTests   # distribution with the tornado plugin (package, not install: no SNAPSHOTs in ~/.m2)
#   ../shared/gpu/stage.sh cli/target/perfport                      # once: the OpenCL loader in .gpu/ocl
#   TORNADOVM_HOME=/path/to/sdk bash scripts/gpu-stage-tornado.sh
#
# then, through the device tool with carry [".gpu-tornado"]:  bash scripts/gpu-tornado.sh compare reduction ...
set -euo pipefail
cd "$(dirname "$0")/.."
sdk=${TORNADOVM_HOME:?set TORNADOVM_HOME to the TornadoVM SDK to stage}
dist=cli/target/perfport
[[ -f $dist/plugins/perfport-backend-tornado-plugin.jar ]] \
    || { echo "gpu-stage-tornado: $dist has no tornado plugin; build with TORNADOVM_HOME set first" >&2; exit 2; }
[[ -e .gpu/ocl/libOpenCL.so.1 ]] \
    || { echo "gpu-stage-tornado: no OpenCL loader in .gpu/ocl; run ../shared/gpu/stage.sh once" >&2; exit 2; }
jdk=${STAGE_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
[[ -x $jdk/bin/jlink ]] || { echo "gpu-stage-tornado: no jlink in $jdk; set STAGE_JDK to a JDK 25.0.2+" >&2; exit 2; }
out=.gpu-tornado
x=$(git rev-parse --git-common-dir)/info/exclude; grep -qx "/$out/" "$x" 2>/dev/null || echo "/$out/" >> "$x"   # a worktree's .git is a file
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# jdk.internal.vm.ci for TornadoVM's JVMCI, jdk.zipfs for PF4J (it reads plugin jars as zip file systems), jdk.jfr for
# profiles of the host's time (scripts/gpu-jfr.sh); no --compress: xz packs the plain image better
"$jdk/bin/jlink" --add-modules java.base,java.logging,java.xml,java.management,java.naming,java.sql,jdk.unsupported,jdk.incubator.vector,jdk.crypto.ec,jdk.management,jdk.internal.vm.ci,jdk.zipfs,jdk.jfr \
    --strip-debug --no-man-pages --no-header-files --output "$tmp/jre"
rm -f "$tmp"/jre/lib/server/classes*.jsa
cp -a .gpu/ocl "$tmp/ocl"
cp -aL "$sdk" "$tmp/tornado"
# an SDK built from source also holds TornadoVM's tests, benchmarks, examples and CUDA-library bindings with their
# dependencies, and Truffle's API: nothing perfport's modules read (a plain build's SDK, about 53 MB, would not fit)
(cd "$tmp/tornado/share/java" && rm -f tornado/{tornado-unittests,tornado-benchmarks,tornado-examples,tornado-fuzz,tornado-cu,lucene,jmh,junit,hamcrest,ejml,jopt}*.jar graalJars/truffle-api-*.jar)
cp -a "$dist" "$tmp/perfport"
# without report seed-004's CPU references (OpenBLAS, FFTW and their JavaCPP: 22 MB), as gpu-perfport.sh stages it:
# the bundle must fit the 64 MiB the device tool carries
rm -f "$tmp"/perfport/lib/{javacpp,openblas,fftw}-*.jar
mkdir -p "$out"
tar -C "$tmp" -cf - jre ocl tornado perfport | xz -T0 -6 > "$out/bundle.tar.xz"
echo "staged $(du -h "$out/bundle.tar.xz" | cut -f1) in $out/bundle.tar.xz (TornadoVM from $sdk)"
