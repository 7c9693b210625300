#!/usr/bin/env bash
# Issue 16: the single-pass scan with up to 64 items per work-item (Aparapi's tuned kernel ran 97, 107 and 166 Gelem/s
# at items 16, 24 and 32; a striped tile of wg·items elements must fit local memory, so 48 and 64 need wg <= 128).
# One call (carry .gpu-tornado): Aparapi's striped kernel at tiles around call 5's best, its hierarchical tuning with
# the new grid (int and float), its tuned rows beside jocl's tuned schedule of call 5, and torch.cumsum.
#   OUT=$OUT bash scripts/gpu-scan-items64.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-420}
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
S=(--variant single-pass --param op=add --param n=2^25 --param reps=20)
J=(--param warp=2 --param coalesce=1 --param regs=32 --param items=12 --param wg=1024 --param gpc=2)
step jocl-tuned-int 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=int "${J[@]}"
for t in "256 32 4" "128 32 8" "128 48 4" "128 48 8" "128 64 4" "128 64 8" "64 64 8" "64 64 16"; do
  set -- $t
  step "aparapi-wg$1-items$2-gpc$3" 40 compare scan --backend aparapi:gpu "${C[@]}" "${S[@]}" --param type=int --param striped=1 --param wg=$1 --param items=$2 --param gpc=$3
done
for t in int float; do
  step "tune-aparapi-$t" 120 tune scan --backend aparapi:gpu "${C[@]}" --progress plain --param n=2^25 --param type=$t
  step "aparapi-tuned-$t" 40 compare scan --backend aparapi:gpu "${C[@]}" "${S[@]}" --param type=$t
  step "jocl-tuned-$t" 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=$t "${J[@]}"
done
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json" "$out/tune-cache.json"
