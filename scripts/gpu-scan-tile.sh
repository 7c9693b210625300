#!/usr/bin/env bash
# Issue 16: `tune scan` with the tile stage (striped, items, wg swept together) on both OpenCL routes at 2^25 (int),
# then each route's tuned rows (config=tuned from that cache) at 2^25 and 2^28 beside torch.cumsum. One call
# (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-scan-tile.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-450}
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
S=(--variant single-pass --param op=add --param type=int)
for b in jocl aparapi; do
  step "tune-$b" 180 tune scan --backend $b:gpu "${C[@]}" --progress plain --param n=2^25 --param type=int
done
for b in jocl aparapi; do
  step "$b-tuned-2p25" 40 compare scan --backend $b:gpu "${C[@]}" "${S[@]}" --param n=2^25 --param reps=20
  step "$b-tuned-2p28" 60 compare scan --backend $b:gpu "${C[@]}" "${S[@]}" --param n=2^28 --param reps=5
done
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json" "$out/tune-cache.json"
