#!/usr/bin/env bash
# jocl's launch sequences queued with one wait (DeviceSession.launchSequence): TRSM (m 2048, n 256, nb 64 and 32),
# the FFT 2^20 x 1 (7 passes, beside TornadoVM) and the split-k SGEMM 1024 (jocl j1, ks 4), wall against kernel
# time and hostSyncs; one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-jocl-seq.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, J1
total=420
for nb in 64 32; do
  step trsm-nb$nb-jocl 150 compare trsm --backend jocl:gpu "${q[@]}" --param m=2048 --param n=256 --param nb=$nb --param type=float --param reps=20
done
step fft-2p20 90 compare fft --variant stockham --param n=2^20 --param batch=1 --param reps=300 --backend jocl:gpu --backend tornado:gpu "${q[@]}" --config perfport.tornado.counters=false
step jocl-j1-ks4 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=300
python3 - "$out" <<'PY' | tee "$out/seq.txt"
import os, sys
sys.path.insert(0, 'scripts')
from gpu_results import objects
for s in objects(os.path.join(sys.argv[1], 'results.jsonl')):
    for r in s.get('rows') or []:
        c = r.get('counters', {}); m = r.get('metrics', {})
        print(f"{s['name']:16s} {r['backend']:8s} verified={r['verified']} kernel {r.get('kernelNanos', 0) / 1e3:9.1f} us wall {r.get('wallNanos', 0) / 1e3:9.1f} us"
              f" wall/kernel {r.get('wallNanos', 0) / max(1, r.get('kernelNanos', 1)):6.2f} launches {c.get('launches')} hostSyncs {c.get('hostSyncs')}"
              f" GFLOP/s {m.get('GFLOP/s', 0):.0f}" + (f" error {r.get('error')}" if r.get('error') else ''))
PY
