#!/usr/bin/env bash
# Issue 13: TornadoVM's split-k SGEMM at 1024 as perfport runs it (two execution plans, the planes copied through
# the host between xgemm and ksum) against one task graph holding both tasks (scripts/TornadoGemmChain.java,
# compiled with -g into .gpu-tornado/harness beside the bundle), with perfport's jocl j1 row and cuBLAS in the
# same call. Kernel times from TornadoVM's console profiler (scripts/tornado-gemm-chain.py).
#   OUT=$OUT bash scripts/gpu-gemm-chain.sh [repetitions, default 300]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1
step jocl-j1-ks4 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=$reps
b=/tmp/perfport-tornado
export JAVA_HOME=$b/jre PATH=$b/jre/bin:$PATH TORNADOVM_HOME=$b/tornado LD_LIBRARY_PATH="$b/ocl" OCL_ICD_VENDORS=/tmp/ocl-vendors
mapfile -t opts < <(bash backend-tornado/bin/tornado-jvm-args "$TORNADOVM_HOME") || exit 2
timeout 300 java --enable-native-access=ALL-UNNAMED "${opts[@]}" -Xmx24g \
  -cp "$b/perfport/lib/*:$b/perfport/plugins/perfport-backend-tornado-plugin.jar:.gpu-tornado/harness" TornadoGemmChain "$reps" \
  > "$out/chain.txt" 2>> "$out/log.txt"
echo "chain: rc=$?" | tee -a "$out/log.txt"
grep "^round\|^device" "$out/chain.txt"
python3 scripts/tornado-gemm-chain.py "$out/chain.txt" | tee "$out/chain-summary.txt"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
gzip -9 "$out/chain.txt"
