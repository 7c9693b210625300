#!/usr/bin/env bash
# Issue 16: `tune scan` on Aparapi now that striped is a tuned knob and the schedules Aparapi does not express are
# refused by the backend (not evaluations): the hierarchical tuner at 2^25 on aparapi:gpu, then Aparapi's tuned
# row (config=tuned from that cache) beside jocl's tuned schedule and torch.cumsum, int and float at 2^25, int at
# 2^28, in one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tune-aparapi-scan.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-420}
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
for t in int float; do
  step "tune-aparapi-$t" 150 tune scan --backend aparapi:gpu "${C[@]}" --progress plain --param n=2^25 --param type=$t
done
J=(--param wg=512 --param items=16 --param gpc=8 --param warp=2 --param coalesce=1 --param regs=32)
for t in int float; do
  step "jocl-tuned-$t-2p25" 60 compare scan --backend jocl:gpu "${C[@]}" --variant single-pass --param op=add --param type=$t --param n=2^25 "${J[@]}" --param reps=20
  step "aparapi-tuned-$t-2p25" 60 compare scan --backend aparapi:gpu "${C[@]}" --variant single-pass --param op=add --param type=$t --param n=2^25 --param reps=20
done
step jocl-tuned-int-2p28 60 compare scan --backend jocl:gpu "${C[@]}" --variant single-pass --param op=add --param type=int --param n=2^28 "${J[@]}" --param reps=5
step aparapi-tuned-int-2p28 60 compare scan --backend aparapi:gpu "${C[@]}" --variant single-pass --param op=add --param type=int --param n=2^28 --param reps=5
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
