#!/usr/bin/env bash
# Issue 16: the single-pass scan's registers (ptxas -v of jocl's build for sm_90) and the scan with the
# registers capped (perfport.jocl.buildOptions=-cl-nv-maxrregcount=N), so that more groups of 512 fit an SM,
# beside torch.cumsum in the same call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-scan-regs.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
touch "$out/.t0"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
source scripts/gpu-ptx-lib.sh
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add --param type=int)
W=(--param wg=512 --param items=16 --param k=1056)
jocl_ptx scan scan "${q[@]}" "${W[@]}" --param n=2^20 --param reps=1
jocl_ptx scan-rake scan "${q[@]}" "${W[@]}" --param n=2^20 --param reps=1 --param rake=1
ptxas_all
cat "$out/ptxas.txt"
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  step "scan-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${W[@]}" --param n=$n --param reps=$reps
  for r in 32 40 48; do
    step "scan-maxrreg$r-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${W[@]}" --param n=$n --param reps=$reps \
      --config perfport.jocl.buildOptions=-cl-nv-maxrregcount=$r
  done
  step "scan-rk-maxrreg32-$s" 60 compare scan --backend jocl:gpu "${q[@]}" "${W[@]}" --param n=$n --param reps=$reps --param rake=1 \
    --config perfport.jocl.buildOptions=-cl-nv-maxrregcount=32
  step "scan-w256-maxrreg32-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param wg=256 --param items=16 --param k=1056 --param n=$n --param reps=$reps \
    --config perfport.jocl.buildOptions=-cl-nv-maxrregcount=32
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
