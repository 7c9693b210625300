# Sourced by the issue-13 scripts of 2026-11-27 that compare SGEMM at n = 1024 on jocl and TornadoVM
# (gpu-tornado-gemm.sh, gpu-gemm-ptx.sh, gpu-gemm-restrict.sh, gpu-gemm-ksum.sh; carry .gpu-tornado):
# names the GPU, runs cuBLAS (bench/torch_gemm.py) into $out/torch-gemm.jsonl, sources gpu-step.sh, and
# takes the shapes of gpu-gemm-shapes.sh: q (jocl without counters), GM (GM0 with reps=20), J1 with ks 4,
# and A3, A4 without kwi and ks (a script adds them where it fixes or varies them).
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
q=(--config perfport.jocl.counters=false)
source scripts/gpu-gemm-shapes.sh   # GM0, J1, J2, J4, A1-A5
GM=("${GM0[@]}" --param reps=20)
J1=("${J1[@]}" --param ks=4)
