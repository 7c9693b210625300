#!/usr/bin/env bash
# Issue 16 item 3, VaR: Aparapi's kernel time against jocl's with the configuration's constants folded
# into Aparapi's classes (perfport.aparapi.specialise, default on) and without, beside PyTorch's
# torch.compile valuation, in one call (carry .gpu-pack, source .gpu-pack/env.sh first):
#   OUT=$OUT bash scripts/gpu-var-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 150 python3 bench/torch_ref.py --only var --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
V=(--param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
step() {   # name, perfport arguments...
  local name=$1; shift
  timeout 150 $G "$@" --format json > "$out/rows.json" 2>> "$out/log.txt"
  local rc=$? rows; rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
  printf '{"name":"%s","rc":%d,"rows":%s}\n' "$name" "$rc" "$rows" >> "$out/results.jsonl"
  echo "   $name: rc=$rc" | tee -a "$out/log.txt"
}
for v in singlebuffer loadstore; do
  step "var-$v-jocl" compare var --backend jocl:gpu --config perfport.jocl.counters=false --variant $v "${V[@]}"
  step "var-$v-aparapi" compare var --backend aparapi:gpu --config perfport.aparapi.counters=false --variant $v "${V[@]}"
  step "var-$v-aparapi-unspecialised" compare var --backend aparapi:gpu --config perfport.aparapi.counters=false \
    --config perfport.aparapi.specialise=false --variant $v "${V[@]}"
done
python3 - "$out" <<'PY' | tee "$out/table.md"
import json, sys, os
d = sys.argv[1]
text, i, dec, res = open(os.path.join(d, "results.jsonl")).read(), 0, json.JSONDecoder(), []
while (i := text.find('{"name"', i)) >= 0:
    try:
        o, i = dec.raw_decode(text, i); res.append(o)
    except ValueError:
        i += 1
kt = {}
for s in res:
    for r in s["rows"] or []:
        m = r.get("metrics") or {}
        kt[s["name"]] = r.get("kernelNanos")
        print(f"- {s['name']}: verified={r.get('verified')} kernel {r.get('kernelNanos', 0) / 1e6:.2f} ms, "
              + ", ".join(f"{k} {v:.4g}" for k, v in m.items()) + ("" if r.get("verified") else f" ({r.get('error')})"))
for v in ("singlebuffer", "loadstore"):
    j = kt.get(f"var-{v}-jocl")
    for a in (f"var-{v}-aparapi", f"var-{v}-aparapi-unspecialised"):
        if j and kt.get(a):
            print(f"- {a} / jocl kernel time: {kt[a] / j:.2f}x")
for l in open(os.path.join(d, "torch.jsonl")) if os.path.exists(os.path.join(d, "torch.jsonl")) else []:
    t = json.loads(l)
    if t.get("workload") == "var":
        print(f"- PyTorch {t.get('op')}: best {t.get('best'):.4g} {t.get('metric')}")
PY
