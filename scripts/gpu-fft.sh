#!/usr/bin/env bash
# Issue 14's FFT targets on the GPU in one call (i14f): cuFFT through bench/torch_fft.py, then
# perfport's jocl rows of the same cases: 2^20 single (fourstep default, a tiny fourstep tune and
# its tuned row with 'tune', the multi-pass stockham for comparison) and 512 x 2^14 batched
# (stockham fused default and a few knob settings, fourstep). Writes $OUT/log.txt, torch-fft.jsonl, rows.jsonl.
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/gpu-fft}; mkdir -p "$out"
PYTHONUNBUFFERED=1 timeout 100 python3 bench/torch_fft.py --out "$out/torch-fft.jsonl" > "$out/log.txt" 2>&1
echo "torch-fft rc=$?" >> "$out/log.txt"
q=(--backend jocl:gpu --config perfport.jocl.counters=false --format json)
p() {
  echo "== $*" >> "$out/log.txt"
  timeout 90 bash scripts/gpu-perfport.sh "$@" "${q[@]}" >> "$out/rows.jsonl" 2>> "$out/log.txt"
  echo "rc=$?" >> "$out/log.txt"
}
s=(--param n=2^20 --param batch=1 --param reps=30)
b=(--param n=512 --param batch=2^14 --param reps=30)
if [ "${1:-}" = tune ]; then   # call 1: a tiny exhaustive tune of the fourstep knobs, and its tuned row
  p run fft --variant fourstep "${s[@]}" --param config=default
  p run fft --variant stockham "${s[@]}" --param config=default
  p tune fft --variant fourstep --strategy exhaustive --param n=2^20 --param batch=1 --param reps=10
  p run fft --variant fourstep "${s[@]}"
  p run fft --variant stockham "${b[@]}" --param config=default
  p run fft --variant stockham "${b[@]}" --param config=default --param twiddle=table
  p run fft --variant stockham "${b[@]}" --param config=default --param twiddle=table --param share=on
  p run fft --variant fourstep "${b[@]}" --param config=default
  p run fft --variant fourstep "${b[@]}" --param config=default --param twiddle=table
else                           # call 2: the chosen rows, and the neighbours of the best
  p run fft --variant fourstep "${s[@]}" --param config=default
  p run fft --variant fourstep "${s[@]}" --param config=default --param wg=256
  p run fft --variant fourstep "${s[@]}" --param config=default --param radix=4
  p run fft --variant fourstep "${s[@]}" --param config=default --param twiddle=table
  p run fft --variant fourstep "${s[@]}" --param config=default --param layout=soa
  p run fft --variant stockham "${s[@]}" --param config=default
  p run fft --variant stockham "${b[@]}" --param config=default
  p run fft --variant stockham "${b[@]}" --param config=default --param twiddle=table
  p run fft --variant fourstep "${b[@]}" --param config=default --param twiddle=table
fi
tail -3 "$out/log.txt"
