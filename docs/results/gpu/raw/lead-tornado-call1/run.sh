#!/usr/bin/env bash
# lead's TornadoVM-vs-jocl call on the GPU machine (carry .gpu-tornado); results.jsonl like gpu-suite.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/out}; mkdir -p "$out"
G="bash scripts/gpu-tornado.sh"
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false)
step() {
  local name=$1 limit=$2; shift 2
  echo "== $name: $*" >> "$out/log.txt"
  local t0=$SECONDS
  timeout "$limit" $G "$@" --format json > "$out/rows.json" 2>> "$out/log.txt"
  local rc=$?
  local rows; rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
  printf '{"name":"%s","rc":%d,"seconds":%d,"rows":%s}\n' "$name" "$rc" $((SECONDS - t0)) "$rows" >> "$out/results.jsonl"
  echo "   $name: rc=$rc, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
$G backends > "$out/backends.txt" 2>&1
GM=(--variant indirect --param transb=t --param alpha=1 --param beta=0)
S4=(--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
S1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1)
step reduction 90 compare reduction "${B[@]}" --variant local-atomic --variant two-kernel --param n=2^25 --param reps=20
step matmul 120 compare matmul "${B[@]}" --param n=2048 --param tile=16 --param reps=5
step scan 120 compare scan "${B[@]}" --variant harris --param n=2^25 --param reps=10
step table 60 compare table "${B[@]}" --param groups=16384 --param maxSize=256 --param reps=5
step var 120 compare var "${B[@]}" --param npos=2^17 --param wgsize=64 --param ngroup=264 --param reps=5
step gemm-4096-float 120 compare gemm "${B[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=5 "${S4[@]}"
step gemm-1024-float 90 compare gemm "${B[@]}" "${GM[@]}" --param m=1024 --param n=1024 --param k=1024 --param type=float --param reps=10 "${S1[@]}"
step spmv 120 compare spmv "${B[@]}" --variant csr-vector --variant ell-row --variant sell --param matrix=stencil2d:2048x2048 --param reps=10
step fft 120 compare fft "${B[@]}" --param n=512 --param batch=2^14 --param reps=10
step conv 120 compare convolution "${B[@]}" --variant adaptive --param width=8192 --param height=8192 --param fw=17 --param fh=17 --param bw=32 --param bh=8 --param tx=8 --param ty=2 --param reps=5
