#!/usr/bin/env bash
# One device-tool call that repeats this stop's GPU findings (carry .gpu-pack, source .gpu-pack/env.sh first):
#   issue 13: the Java route's and jocl's best SGEMM shapes at n = 1024 with split k, two rounds, interleaved,
#             beside cuBLAS (bench/torch_gemm.py);
#   issue 16: 10,000 launches of the tuned reduction at n = 1024 on jocl (queued) and Aparapi (one execute
#             each), beside PyTorch's launch loop; the single-pass scan with one tile per group (k = tiles)
#             beside torch.cumsum.
#   OUT=$OUT bash scripts/gpu-confirm.sh [seconds, default 420]
# Writes $OUT/results.jsonl, $OUT/log.txt, $OUT/table.md (scripts/gpu-steps-table.py).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-420}
G=${CONFIRM_RUNNER:-bash scripts/gpu-perfport.sh}
route=${CONFIRM_ROUTE:-aparapi}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
source scripts/gpu-gemm-shapes.sh   # GM0, J1, J2, J4, A1-A5
GM=("${GM0[@]}" --param reps=20)

source scripts/gpu-step.sh   # step NAME SECONDS ARGS...

PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only launch,scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1

# calls 2 and 3's best shapes (docs/results/gpu/raw/i13-splitk-call2, -call3)
J1=("${J1[@]}" --param ks=4)
J2=("${J2[@]}" --param ks=4)
J4=("${J4[@]}" --param ks=4)
A3=("${A3[@]}" --param kwi=2 --param ks=4)
A5=("${A5[@]}" --param kwi=2 --param ks=4)
A6=("${A4[@]}" --param kwi=2 --param ks=2)   # A4 of gpu-gemm-shapes.sh; "a6" in this script's step names
rq=(--config perfport.aparapi.counters=false)
for round in 1 2; do
  step "jocl-j1-r$round" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J1[@]}"
  step "$route-a3-r$round" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM[@]}" "${A3[@]}"
  step "jocl-j2-r$round" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J2[@]}"
  step "$route-a5-r$round" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM[@]}" "${A5[@]}"
  step "jocl-j4-r$round" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM[@]}" "${J4[@]}"
  step "$route-a6-r$round" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM[@]}" "${A6[@]}"
done
if [ "${CONFIRM_OVERHEAD:-1}" = 1 ]; then
  for b in jocl aparapi; do
    step "overhead-$b" 120 compare reduction --backend $b:gpu "${q[@]}" --variant tuned --param n=1024 --param gpc=1 --param type=int \
      --param launches=10000 --param reps=3
  done
  # the same kernel at large n, 10 launches per repetition: wall against kernel time on both routes
  for n in 2^25 2^28; do
    for b in jocl aparapi; do
      step "wall-$b-${n/^/p}" 90 compare reduction --backend $b:gpu "${q[@]}" --variant tuned --param n=$n --param type=int --param vw=4 \
        --param ipt=4 --param gpc=8 --param wg=256 --param launches=10 --param reps=5
    done
  done
  # single-pass scan: the tuned persistent schedule (k 1056) and one tile per group (k = tiles), int, 2^25 and 2^28
  SP=(--variant single-pass --param op=add --param type=int --param wg=512 --param items=16)
  step scan-k1056-2p25 60 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param k=1056
  step scan-ktiles-2p25 60 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param k=4096
  step scan-k2112-2p25 60 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param k=2112
  step scan-k1056-2p28 90 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param k=1056 --param rake=1
  step scan-ktiles-2p28 90 compare scan --backend jocl:gpu "${q[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param k=32768 --param rake=1
fi
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
