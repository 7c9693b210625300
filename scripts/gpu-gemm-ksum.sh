#!/usr/bin/env bash
# Issue 13: where TornadoVM's time goes at n = 1024 on the a3 tiles: ks 1 (the tiled kernel alone), 2 and 4
# (plus gemm_ksum) on jocl and TornadoVM, interleaved, beside cuBLAS; and issue 16's single-pass scan in
# shapes not tried before, beside torch.cumsum (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-gemm-ksum.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-300}
source scripts/gpu-gemm-1024.sh   # G, cuBLAS, step, q, GM0, GM, J1, A3, A4
A3=("${A3[@]}" --param kwi=1)
for ks in 1 2 4; do
  step "jocl-a3-ks$ks" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${A3[@]}" --param ks=$ks
  step "tornado-a3-ks$ks" 60 compare gemm --backend tornado:gpu "${GM[@]}" "${A3[@]}" --param ks=$ks
done
# issue 16: single-pass scan shapes not tried before (wg 1024; items 8 and 12), beside the best so far (wg 512, items 16)
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
sq=(--config perfport.jocl.counters=false --variant single-pass --param op=add --param type=int)
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  step "scan-w512-i16-$s" 60 compare scan --backend jocl:gpu "${sq[@]}" --param n=$n --param reps=$reps --param wg=512 --param items=16 --param k=1056
  step "scan-w1024-i16-$s" 60 compare scan --backend jocl:gpu "${sq[@]}" --param n=$n --param reps=$reps --param wg=1024 --param items=16 --param k=528
  step "scan-w1024-i8-$s" 60 compare scan --backend jocl:gpu "${sq[@]}" --param n=$n --param reps=$reps --param wg=1024 --param items=8 --param k=528
  step "scan-w512-i12-$s" 60 compare scan --backend jocl:gpu "${sq[@]}" --param n=$n --param reps=$reps --param wg=512 --param items=12 --param k=1056
  step "scan-w512-i8-$s" 60 compare scan --backend jocl:gpu "${sq[@]}" --param n=$n --param reps=$reps --param wg=512 --param items=8 --param k=1056
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
