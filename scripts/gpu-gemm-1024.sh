# Sourced by the issue-13 scripts of 2026-11-27 that compare SGEMM at n = 1024 on jocl and TornadoVM
# (gpu-tornado-gemm.sh, gpu-gemm-ptx.sh, gpu-gemm-restrict.sh, gpu-gemm-ksum.sh; carry .gpu-tornado):
# names the GPU, runs cuBLAS (bench/torch_gemm.py) into $out/torch-gemm.jsonl, sources gpu-step.sh, and
# defines the shapes they share (kwi and ks are added where a script varies them):
#   q   jocl without counters;  GM0 / GM  the 1024³ fp32 product, without / with reps=20;
#   J1  jocl's best shape (float4, kwi 8, ks 4);  A3  128×128×32, 16×8, scalar (Aparapi's best);
#   A4  64×128×64, 8×8, scalar (TornadoVM's 4096 shape).
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
q=(--config perfport.jocl.counters=false)
GM0=(--variant indirect --param transb=t --param alpha=1 --param beta=0 --param type=float --param m=1024 --param n=1024 --param k=1024)
GM=("${GM0[@]}" --param reps=20)
J1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8
    --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1 --param ks=4)
A3=(--param mwg=128 --param nwg=128 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
A4=(--param mwg=64 --param nwg=128 --param kwg=64 --param mdimc=8 --param ndimc=8 --param mdima=16 --param ndimb=32
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
