#!/usr/bin/env bash
# Issue 13: `perfport report seed-001` on the H100 on jocl, Aparapi and TornadoVM in one process, float and
# double, each type tuned apart by the hierarchical strategy at 1024³, beside cuBLAS (bench/torch_gemm.py)
# at the report's sizes in the same call (carry .gpu-tornado). The GPU machine's runtime has no
# java.desktop, so the plots are drawn at home: perfport report seed-001 --from $OUT/rep.
#   OUT=$OUT bash scripts/gpu-seed001-report.sh [seconds for the report, default 540]
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; left=${1:-540}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 40 python3 bench/torch_gemm.py --sizes 256,1024,4096 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
t0=$SECONDS
timeout "$left" $G report seed-001 --backend jocl:gpu --backend aparapi:gpu --backend tornado:gpu --out "$out/rep" \
  --param sizes=256,1024,4096 --param types=float,double --param strategy=hierarchical --param tunesize=1024 --param reps=3 \
  --param trsmm=2048 --param trsmn=256 --param nbs=32,64 > "$out/report.log" 2>&1
echo "report: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
grep -v "tuning .*[0-9]/[0-9]" "$out/report.log" | tail -40
