#!/usr/bin/env bash
# Issue 16 item 3, convolution (seed 002, 8192², 17×17, adaptive): Aparapi's kernel time against jocl's
# with the filter size and tile factors folded into Aparapi's class (perfport.aparapi.specialise, default
# on) and without, beside cuDNN (bench/torch_conv.py), in one call (carry .gpu-pack, source .gpu-pack/env.sh):
#   OUT=$OUT bash scripts/gpu-conv-routes.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_conv.py --width 8192 --height 8192 --filter 17 --reps 20 --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
C=(--variant adaptive --param width=8192 --param height=8192 --param fw=17 --param fh=17 --param reps=10)
step() {   # name, perfport arguments...
  local name=$1; shift
  timeout 150 $G "$@" --format json > "$out/rows.json" 2>> "$out/log.txt"
  local rc=$? rows; rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
  printf '{"name":"%s","rc":%d,"rows":%s}\n' "$name" "$rc" "$rows" >> "$out/results.jsonl"
  echo "   $name: rc=$rc" | tee -a "$out/log.txt"
}
B=(--param bw=32 --param bh=8)
step conv-jocl run convolution --backend jocl:gpu --config perfport.jocl.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
step conv-aparapi run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
step conv-aparapi-unspecialised run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false \
  --config perfport.aparapi.specialise=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
IFS=, read -ra tiles <<< "${CONV_TILES:-4x2}"   # more tile factors for Aparapi: CONV_TILES=4x2,4x1,2x2
for t in "${tiles[@]}"; do
  step "conv-aparapi-tx${t%x*}-ty${t#*x}" run convolution --backend aparapi:gpu --config perfport.aparapi.counters=false "${C[@]}" "${B[@]}" \
    --param tx=${t%x*} --param ty=${t#*x}
done
step conv-jocl-2 run convolution --backend jocl:gpu --config perfport.jocl.counters=false "${C[@]}" "${B[@]}" --param tx=8 --param ty=2
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
        p, m = r.get("params") or {}, r.get("metrics") or {}
        kt[s["name"]] = r.get("kernelNanos")
        print(f"- {s['name']}: verified={r.get('verified')} kernel {r.get('kernelNanos', 0) / 1e6:.3f} ms, tx {p.get('tx')} ty {p.get('ty')}, "
              + ", ".join(f"{k} {v:.4g}" for k, v in m.items()) + ("" if r.get("verified") else f" ({r.get('error')})"))
j = min(v for k, v in kt.items() if k.startswith("conv-jocl") and v)
for k, v in kt.items():
    if k.startswith("conv-aparapi") and v:
        print(f"- {k} / jocl's best kernel time: {v / j:.2f}x")
for l in open(os.path.join(d, "torch.jsonl")) if os.path.exists(os.path.join(d, "torch.jsonl")) else []:
    t = json.loads(l)
    if t.get("workload") == "convolution":
        print(f"- cuDNN {t.get('impl')}: best {t.get('best_ms'):.3f} ms, median {t.get('median_ms'):.3f} ms")
PY
