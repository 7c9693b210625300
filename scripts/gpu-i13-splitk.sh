#!/usr/bin/env bash
# Issue 13 at n = 1024 with split k (ks), and issue 16's queued launches, in one device-tool call:
# cuBLAS (bench/torch_gemm.py) and PyTorch's launch loop (bench/torch_ref.py --only launch), jocl's
# and the Java routes' SGEMM configurations with ks 1, 2 and 4, random searches that include ks, and
# 10,000 queued launches of the tuned reduction on jocl and on Aparapi (its passes).
#   cd <checkout> && OUT=$OUT bash scripts/gpu-i13-splitk.sh [seconds, default 420]   (carry .gpu)
# TornadoVM instead of Aparapi (carry .gpu-tornado alone):
#   SPLITK_RUNNER="bash scripts/gpu-tornado.sh" SPLITK_ROUTE=tornado OUT=$OUT bash scripts/gpu-i13-splitk.sh
# (SPLITK_OVERHEAD=0 skips the launch measurements, SPLITK_JOCL_TUNE=0 jocl's search; SPLITK_BUDGET sizes the route's)
# Writes $OUT/results.jsonl (one line per command: name, exit code, rows), $OUT/log.txt, $OUT/table.md.
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; total=${1:-420}
G=${SPLITK_RUNNER:-bash scripts/gpu-perfport.sh}
route=${SPLITK_ROUTE:-aparapi}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
source scripts/gpu-gemm-shapes.sh   # GM0, J1, J2, J4, A1-A5

source scripts/gpu-step.sh   # step NAME SECONDS ARGS...

PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
if [ "${SPLITK_OVERHEAD:-1}" = 1 ]; then
  PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_ref.py --only launch --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  # issue 16: 10,000 launches at n = 1024 (jocl: queued, one wait; Aparapi: one execute each)
  for b in jocl aparapi; do
    step "overhead-$b" 120 compare reduction --backend $b:gpu "${q[@]}" --variant tuned --param n=1024 --param gpc=1 --param type=int \
      --param launches=10000 --param reps=3
  done
fi

# jocl: its tuned 1024 shape (J1) and CLBlast's 4096 shape (J4), each with ks 1, 2, 4, and J2 with ks 4
step "jocl-j2-ks4" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" --param reps=20 "${J2[@]}" --param ks=4
for ks in 1 2 4; do
  step "jocl-j1-ks$ks" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" --param reps=20 "${J1[@]}" --param ks=$ks
  step "jocl-j4-ks$ks" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" --param reps=20 "${J4[@]}" --param ks=$ks
done
# the Java route's known shapes (scalar, strided, staged) at kwi 2
rq=(--config perfport.aparapi.counters=false)
for ks in 1 2 4; do
  step "$route-a1-ks$ks" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --param reps=20 "${A1[@]}" --param kwi=2 --param ks=$ks
  step "$route-a2-ks$ks" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --param reps=20 "${A2[@]}" --param kwi=2 --param ks=$ks
  step "$route-a3-ks$ks" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --param reps=20 "${A3[@]}" --param kwi=2 --param ks=$ks
  step "$route-a4-ks$ks" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --param reps=20 "${A4[@]}" --param kwi=2 --param ks=$ks
done
# random searches with ks in the grid: the route's scalar space, then jocl's vector space
step "$route-tune" 150 tune gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --strategy random --budget ${SPLITK_BUDGET:-50} --seed 13 --param reps=5 \
  --param mwg=32,64,128 --param nwg=64,128 --param kwg=32,64 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 \
  --param kwi=2 --param vwm=1 --param vwn=1,2 --param strm=0,1 --param strn=1 --param sa=1 --param sb=1 --param ks=2,4
[ "${SPLITK_JOCL_TUNE:-1}" = 1 ] && step "jocl-tune" 120 tune gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" --strategy random --budget ${SPLITK_JOCL_BUDGET:-40} --seed 13 --param reps=5 \
  --param mwg=64,128 --param nwg=64,128 --param kwg=16,32 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 \
  --param kwi=2,8 --param vwm=2,4 --param vwn=2,4 --param sa=1 --param sb=1 --param ks=1,2,4
# each search's best, measured again beside the other's (reps 20)
rb=$(python3 scripts/gpu-best.py "$out/results.jsonl" "$route-tune"); jb=$(python3 scripts/gpu-best.py "$out/results.jsonl" jocl-tune)
echo "best: $route: ${rb:-none}; jocl: ${jb:-none}" | tee -a "$out/log.txt"
[ -n "$jb" ] && step "jocl-best" 40 compare gemm --backend jocl:gpu "${q[@]}" "${GM0[@]}" --param reps=20 $jb
[ -n "$rb" ] && step "$route-best" 40 compare gemm --backend $route:gpu "${rq[@]}" "${GM0[@]}" --param reps=20 $rb
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
