#!/usr/bin/env bash
# Issue 16 item 3 and issue 13 after launch sequences (DeviceSession.launchSequence: TornadoVM runs dependent
# launches as one task graph): TornadoVM / jocl kernel time of the FFT 2^20 x 1 (7 passes), the tuned reduction,
# saxpy 1024 and the split-k SGEMM 1024, with many repetitions, two rounds, cuBLAS beside the SGEMM, one call
# (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-seq-gaps.sh [repetitions, default 300]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
for round in 1 2; do
  step "fft-2p20-round$round" 120 compare fft --variant stockham --param n=2^20 --param batch=1 --param reps=$reps "${B[@]}"
  step "reduction-tuned-2p25-round$round" 90 compare reduction --variant tuned --param type=int --param n=2^25 --param reps=$reps "${B[@]}"
  step "saxpy-1024-round$round" 60 compare saxpy "${B[@]}" --param n=1024 --param reps=$reps
  step "jocl-j1-ks4-round$round" 60 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" "${J1[@]}" --param reps=$reps
  step "tornado-best-round$round" 90 compare gemm --backend tornado:gpu "${GM0[@]}" "${TB[@]}" --param reps=$reps
done
python3 - "$out" <<'PY' | tee "$out/gaps.txt"
import os, sys
sys.path.insert(0, 'scripts')
from gpu_results import objects
for s in objects(os.path.join(sys.argv[1], 'results.jsonl')):
    for r in s.get('rows') or []:
        p = r.get('profile', {})
        print(f"{s['name']:28s} {r['backend']:8s} verified={r['verified']} kernel {r.get('kernelNanos', 0) / 1e3:9.1f} us  wall {r.get('wallNanos', 0) / 1e3:9.1f} us"
              f"  in {p.get('bytesToDevice', 0)} out {p.get('bytesToHost', 0)} launches {p.get('launches')}")
PY
