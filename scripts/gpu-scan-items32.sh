#!/usr/bin/env bash
# Issue 16: the single-pass scan with 32 items per work-item, now in the tuner's items grid (Aparapi's tuned kernel
# went from 107 to 166 Gelem/s at items 32, call 4 of 2026-11-28's ninth stop). One call (carry .gpu-tornado):
# jocl's hierarchical tuning at 2^25 with the new grid (int), its tuned rows (int and float at 2^25, int at 2^28)
# beside Aparapi's tuned schedule (striped 1, items 32, wg 256, gpc 4), both routes at that same schedule, and
# torch.cumsum.
#   OUT=$OUT bash scripts/gpu-scan-items32.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-420}
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
S=(--variant single-pass --param op=add)
step tune-jocl-int 200 tune scan --backend jocl:gpu "${C[@]}" --progress plain --param n=2^25 --param type=int
A=(--param striped=1 --param items=32 --param wg=256 --param gpc=4)
step jocl-tuned-int-2p25 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=int --param n=2^25 --param reps=20
step aparapi-best-int-2p25 40 compare scan --backend aparapi:gpu "${C[@]}" "${S[@]}" --param type=int --param n=2^25 "${A[@]}" --param reps=20
step jocl-same-int-2p25 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=int --param n=2^25 "${A[@]}" --param reps=20
step jocl-tuned-int-2p28 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=int --param n=2^28 --param reps=5
step aparapi-best-int-2p28 60 compare scan --backend aparapi:gpu "${C[@]}" "${S[@]}" --param type=int --param n=2^28 "${A[@]}" --param reps=5
best=$(python3 - "$out/tune-cache.json" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    sys.exit(0)
chosen = [e for e in d["entries"] if e.get("backend") == "jocl" and e.get("chosen")]
if chosen:
    p = max(chosen, key=lambda e: e["chosen"])["params"]
    print(" ".join(f"--param {k}={p[k]}" for k in ("warp", "coalesce", "striped", "regs", "items", "wg", "gpc")))
PY
)
echo "jocl's tuned int schedule: ${best:-none}" | tee -a "$out/log.txt"
[ -n "$best" ] && step jocl-tuned-float-2p25 40 compare scan --backend jocl:gpu "${C[@]}" "${S[@]}" --param type=float --param n=2^25 $best --param reps=20
step aparapi-best-float-2p25 40 compare scan --backend aparapi:gpu "${C[@]}" "${S[@]}" --param type=float --param n=2^25 "${A[@]}" --param reps=20
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json"
