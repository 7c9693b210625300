#!/usr/bin/env bash
# Issue 16 item 3, after gpu-tornado-limit.sh: the kernels that now state NVIDIA's largest register limit (matmul alpha,
# the tuned reduction, the FFT pass), with the limits and without (-Dperfport.tornado.registerLimits=false), beside jocl,
# interleaved, three rounds, one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-tornado-limit2.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
for r in 1 2 3; do
  for lim in on off; do
    o=; [ $lim = off ] && o=-Dperfport.tornado.registerLimits=false
    PERFPORT_JAVA_OPTS=$o step "fft-2p20-$lim-$r" 120 compare fft --variant stockham --param n=2^20 --param batch=1 --param reps=10 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
    PERFPORT_JAVA_OPTS=$o step "reduction-tuned-2p25-$lim-$r" 120 compare reduction --variant tuned --param type=int --param n=2^25 --param reps=20 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
    PERFPORT_JAVA_OPTS=$o step "alpha-$lim-$r" 120 compare matmul --variant alpha --param n=2048 --param tile=16 --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}"
  done
done
python3 - "$out/results.jsonl" <<'PY' | tee "$out/table.md"
import json, sys
txt = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0
print("| step | jocl kernel us | tornado kernel us | tornado / jocl | verified |\n|---|---|---|---|---|")
while i < len(txt):
    while i < len(txt) and txt[i].isspace(): i += 1
    if i >= len(txt): break
    o, i = dec.raw_decode(txt, i)
    rows = {r["backend"]: r for r in (o["rows"] or [])}
    if "jocl" in rows and "tornado" in rows and rows["jocl"].get("kernelNanos") and rows["tornado"].get("kernelNanos"):
        j, t = rows["jocl"]["kernelNanos"] / 1e3, rows["tornado"]["kernelNanos"] / 1e3
        print(f"| {o['name']} | {j:.1f} | {t:.1f} | {t / j:.2f} | {rows['jocl']['verified'] and rows['tornado']['verified']} |")
    else:
        print(f"| {o['name']} | rc {o['rc']} | | | |")
PY
rm -f "$out/rows.json"
