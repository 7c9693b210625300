#!/usr/bin/env bash
# Issue 16 item 3: TRSM (m 2048, n 256, nb 64 and 32) on TornadoVM and jocl with the inversion and every block's
# GEMMs as one launch sequence (one TornadoVM task graph), two rounds, one call (carry .gpu-tornado):
#   OUT=$OUT bash scripts/gpu-trsm-seq.sh [repetitions, default 20]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-20}
source scripts/gpu-clprobe.sh   # G, step
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
for round in 1 2; do
  for nb in 64 32; do
    step "trsm-nb$nb-round$round" 200 compare trsm "${B[@]}" --param m=2048 --param n=256 --param nb=$nb --param type=float --param reps=$reps
  done
done
python3 - "$out" <<'PY' | tee "$out/trsm.txt"
import os, sys
sys.path.insert(0, 'scripts')
from gpu_results import objects
for s in objects(os.path.join(sys.argv[1], 'results.jsonl')):
    rows = {r['backend']: r for r in s.get('rows') or []}
    for b, r in rows.items():
        p = r.get('profile', {})
        print(f"{s['name']:20s} {b:8s} verified={r['verified']} kernel {r.get('kernelNanos', 0) / 1e6:7.3f} ms  wall {r.get('wallNanos', 0) / 1e6:8.2f} ms"
              f"  in {p.get('bytesToDevice', 0)} out {p.get('bytesToHost', 0)} launches {p.get('launches')} compile {p.get('compileNanos', 0) / 1e9:.1f} s")
    if 'jocl' in rows and 'tornado' in rows and rows['jocl'].get('kernelNanos'):
        print(f"{s['name']:20s} TornadoVM / jocl kernel time {rows['tornado']['kernelNanos'] / rows['jocl']['kernelNanos']:.2f}")
PY
