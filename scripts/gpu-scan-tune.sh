#!/usr/bin/env bash
# Issue 16, fourth stop of 2026-11-27 (one call, carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-scan-tune.sh
#  - perfport tune scan (single-pass; hierarchical over warp, coalesce, regs, items, wg, gpc) at 2^25 int on the H100;
#  - the tuner's configuration and the coalesced, capped tiles at 2^25 and 2^28, int and float, beside torch.cumsum in
#    the same call, with k (persistent groups) by the residency query and fixed;
#  - the same configuration verified at n = 1000003 (int and float, add and max).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
J=(--config perfport.jocl.counters=false)
t0=$SECONDS
timeout 300 $G "${J[@]}" --config perfport.tune.cache="$out/tune-cache.json" --format json tune scan --backend jocl:gpu \
  --strategy hierarchical --param n=2^25 --param type=int --param op=add > "$out/tune.json" 2> "$out/tune-trace.txt"
echo "   tune scan: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
mapfile -t best < <(python3 -c '
import json,sys
rows=json.load(open(sys.argv[1]))
for k,v in rows[0]["best"].items(): print("--param"); print(f"{k}={v}")' "$out/tune.json" 2>> "$out/log.txt")
echo "tuned: ${best[*]}" | tee -a "$out/log.txt"
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add)
C=(--param warp=2 --param coalesce=1 --param regs=32)
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  sp() { local name=$1; shift; step "scan-$name-$s" 90 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps "$@"; }
  sp int-base --param type=int --param wg=512 --param items=16 --param k=1056
  [ ${#best[@]} -gt 0 ] && sp int-tuned --param type=int "${best[@]}"
  [ ${#best[@]} -gt 0 ] && sp float-tuned --param type=float "${best[@]}"
  sp int-c512x16-kres --param type=int --param wg=512 --param items=16 "${C[@]}"
  sp int-c512x16-k528 --param type=int --param wg=512 --param items=16 --param k=528 "${C[@]}"
  sp int-c512x16-k1056 --param type=int --param wg=512 --param items=16 --param k=1056 "${C[@]}"
  sp int-c512x16-k2112 --param type=int --param wg=512 --param items=16 --param k=2112 "${C[@]}"
  sp int-c256x24 --param type=int --param wg=256 --param items=24 --param k=2112 "${C[@]}"
  sp int-c512x20 --param type=int --param wg=512 --param items=20 --param k=1056 "${C[@]}"
  sp int-c512x16-r40 --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2 --param coalesce=1 --param regs=40
  sp float-c512x16-k1056 --param type=float --param wg=512 --param items=16 --param k=1056 "${C[@]}"
  sp float-base --param type=float --param wg=512 --param items=16 --param k=1056
  sp int-c512x16-again --param type=int --param wg=512 --param items=16 --param k=1056 "${C[@]}"
done
step odd-c512x16 90 compare scan --backend jocl:gpu --config perfport.jocl.counters=false --variant single-pass --param n=1000003 --param reps=2 \
  --param wg=512 --param items=16 --param k=1056 "${C[@]}"
[ ${#best[@]} -gt 0 ] && step odd-tuned 90 compare scan --backend jocl:gpu --config perfport.jocl.counters=false --variant single-pass \
  --param n=1000003 --param reps=2 "${best[@]}"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
python3 - "$out/results.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    s = json.loads(line)
    if s["name"].startswith("odd"):
        for r in s["rows"] or []:
            print(s["name"], r.get("params", {}).get("type"), r.get("params", {}).get("op"), "verified" if r.get("verified") else "FAILED " + str(r.get("error")))
PY
tail -25 "$out/tune-trace.txt" | tr '\r' '\n' | grep -v "^\S*jocl:.*\[" | tail -12
cd "$out" && tar -cJf tune.tar.xz tune.json tune-trace.txt tune-cache.json torch.jsonl 2>/dev/null && rm -f tune.json tune-cache.json rows.json
