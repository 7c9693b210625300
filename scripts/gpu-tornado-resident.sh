#!/usr/bin/env bash
# Issue 16 item 3: do TornadoVM's remaining kernel-time gaps come from the copies around each launch? The kernels
# whose plans copy a read-write buffer out and back in at every launch (saxpy's y, the FFT's out and tmp, TRSM's B)
# with perfport.tornado.residentReadWrite false (the copies) and true (kept on the device while the plan's copy is
# the newest), beside jocl, interleaved, two rounds, one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-tornado-resident.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
for r in 1 2; do
  for res in false true; do
    R=(--config perfport.tornado.residentReadWrite=$res)
    step "saxpy-1024-$res-$r" 90 compare saxpy --param n=1024 --param reps=50 --backend jocl:gpu --backend tornado:gpu "${C[@]}" "${R[@]}"
    step "fft-2p20-$res-$r" 120 compare fft --variant stockham --param n=2^20 --param batch=1 --param reps=10 --backend jocl:gpu --backend tornado:gpu "${C[@]}" "${R[@]}"
    step "trsm-2048-$res-$r" 120 compare trsm --param m=2048 --param n=256 --param nb=64 --param reps=5 --backend jocl:gpu --backend tornado:gpu "${C[@]}" "${R[@]}"
  done
done
python3 - "$out/results.jsonl" <<'PY' | tee "$out/table.md"
import json, sys
txt = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0
print("| step | jocl kernel us | tornado kernel us | tornado / jocl | jocl wall ms | tornado wall ms | verified |\n|---|---|---|---|---|---|---|")
while i < len(txt):
    while i < len(txt) and txt[i].isspace(): i += 1
    if i >= len(txt): break
    o, i = dec.raw_decode(txt, i)
    rows = {r["backend"]: r for r in (o["rows"] or [])}
    if "jocl" in rows and "tornado" in rows and rows["jocl"].get("kernelNanos") and rows["tornado"].get("kernelNanos"):
        j, t = rows["jocl"]["kernelNanos"] / 1e3, rows["tornado"]["kernelNanos"] / 1e3
        jw, tw = rows["jocl"]["wallNanos"] / 1e6, rows["tornado"]["wallNanos"] / 1e6
        print(f"| {o['name']} | {j:.1f} | {t:.1f} | {t / j:.2f} | {jw:.3f} | {tw:.3f} | {rows['jocl']['verified'] and rows['tornado']['verified']} |")
    else:
        print(f"| {o['name']} | rc {o['rc']} | | | |")
PY
rm -f "$out/rows.json"
