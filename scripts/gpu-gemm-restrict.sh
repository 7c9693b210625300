#!/usr/bin/env bash
# Issue 13: is the read-only path the gap? jocl's gemm.cl declares A and B `const restrict`, so NVIDIA
# loads them with ld.global.nc; TornadoVM's FloatArray loads are plain ld.global (gpu-gemm-ptx.sh).
# The a3 shape on jocl with and without restrict (-Drestrict= empties the keyword), and on TornadoVM,
# two rounds interleaved, with cuBLAS (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-gemm-restrict.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
A3=("${A3[@]}" --param kwi=1 --param ks=4)
mkdir -p "$out/norestrict"
for r in 1 2; do
  step "jocl-a3-r$r" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${A3[@]}"
  step "jocl-a3-norestrict-r$r" 40 compare gemm --backend jocl:gpu "${q[@]}" --config "perfport.jocl.buildOptions=-Drestrict=" \
    --config perfport.jocl.binaryCache.dir=$out/norestrict "${GM[@]}" "${A3[@]}"
  step "tornado-a3-r$r" 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}"
done
for f in "$out"/norestrict/*.bin; do
  printf '%s: ld.global.nc %s, ld.global.f32 %s\n' "$(basename "$f")" "$(tr -d '\000' < "$f" | grep -c 'ld.global.nc')" \
    "$(tr -d '\000' < "$f" | grep -c 'ld.global.f32')" | tee -a "$out/log.txt"
done
rm -rf "$out/norestrict"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
