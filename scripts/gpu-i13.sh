#!/usr/bin/env bash
# Issue 13 on the GPU in one call: cuBLAS (bench/torch_gemm.py), jocl and Aparapi SGEMM at the tuned
# configurations of docs/results/gpu/gemm-h100.md, Aparapi's template (tile sizes as kernel arguments)
# beside its per-configuration class, then `report seed-001`'s data (plots are drawn at home with --from).
#   cd .gpu-NAME && OUT=$OUT bash scripts/gpu-i13.sh [seconds for everything, default 95]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-95}
G="bash scripts/gpu-perfport.sh"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/log.txt"
# one row set per step: results.jsonl gets {"name", "rc", "seconds", "rows"} (rows as perfport's --format json)
step() {
  local name=$1 limit=$2 t0=$SECONDS rc rows; shift 2
  (( limit > total - SECONDS )) && limit=$((total - SECONDS))
  if (( limit <= 3 )); then echo "   $name: skipped, no time left" | tee -a "$out/log.txt"; return 0; fi
  echo "== $name: $*" >> "$out/log.txt"
  rows=$(timeout "$limit" $G "$@" --format json 2>> "$out/log.txt"); rc=$?
  printf '{"name":"%s","rc":%d,"seconds":%d,"rows":%s}\n' "$name" "$rc" $((SECONDS - t0)) "${rows:-null}" >> "$out/results.jsonl"
  echo "   $name: rc=$rc, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
}
t0=$SECONDS
PYTHONUNBUFFERED=1 timeout 25 python3 bench/torch_gemm.py --sizes 1024,4096 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
echo "   torch-gemm: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
GM=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float)
S1=(--param m=1024 --param n=1024 --param k=1024 --param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8
    --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1)
S4=(--param m=4096 --param n=4096 --param k=4096 --param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16
    --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
Q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
step sgemm-1024 25 compare gemm --backend jocl:gpu --backend aparapi:gpu "${Q[@]}" "${GM[@]}" "${S1[@]}" --param reps=20
step sgemm-4096 25 compare gemm --backend jocl:gpu --backend aparapi:gpu "${Q[@]}" "${GM[@]}" "${S4[@]}" --param reps=10
export PERFPORT_JAVA_OPTS=-Dperfport.aparapi.specialise=false
step aparapi-template-4096 20 compare gemm --backend aparapi:gpu "${Q[@]}" "${GM[@]}" "${S4[@]}" --param reps=3
unset PERFPORT_JAVA_OPTS
echo "== report seed-001" >> "$out/log.txt"
left=$((total - SECONDS))
if (( left > 10 )); then
  t0=$SECONDS
  timeout "$left" $G report seed-001 --backend jocl:gpu --backend aparapi:gpu --out "$out/rep" --param sizes=256,1024,4096 --param types=float \
    --param budget=10 --param tunesize=1024 --param reps=3 --param trsmm=2048 --param trsmn=256 --param nbs=32,64 >> "$out/log.txt" 2>&1
  echo "   report: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
fi
