#!/usr/bin/env bash
# Issue 16, fourth stop of 2026-11-27 (one call, carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-scan-coalesce.sh
#  - the single-pass scan with coalesce=1 (a warp's 16-byte vectors over consecutive bytes, CUB's
#    warp-transposed tile, scanned by warp shuffles: warp=2) beside the default schedule and warp=2 alone,
#    over tile shapes, at 2^25 and 2^28, int and float, beside torch.cumsum in the same call; ptxas -v of both
#    warp kernels;
#  - TornadoVM's fixed cost per launch: scripts/clprobe-launch.c (plain, TornadoVM's signature, its kernel
#    stack-frame write before each launch, both) and saxpy at n = 1024 on jocl and TornadoVM.
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
touch "$out/.t0"
source scripts/gpu-clprobe.sh   # G, step, clprobe
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-ptx-lib.sh
clprobe 2000 3
C=(--config perfport.jocl.counters=false --config perfport.tornado.counters=false)
step cmp-saxpy-1024 60 compare saxpy --backend jocl:gpu --backend tornado:gpu "${C[@]}" --param n=1024 --param reps=20
q=(--config perfport.jocl.counters=false --variant single-pass --param op=add)
jocl_ptx scan-w2 scan "${q[@]}" --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2 --param n=2^20 --param reps=1
jocl_ptx scan-w2c scan "${q[@]}" --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2 --param coalesce=1 --param n=2^20 --param reps=1
ptxas_all
cat "$out/ptxas.txt"
for n in 2^25 2^28; do
  reps=$([ "$n" = 2^25 ] && echo 20 || echo 5); s=${n/^/p}
  sp() { local name=$1; shift; step "scan-$name-$s" 60 compare scan --backend jocl:gpu "${q[@]}" --param n=$n --param reps=$reps "$@"; }
  sp int-base --param type=int --param wg=512 --param items=16 --param k=1056
  sp int-w2 --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2
  sp int-w2c-512x16 --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2 --param coalesce=1
  sp int-w2c-256x16 --param type=int --param wg=256 --param items=16 --param k=2112 --param warp=2 --param coalesce=1
  sp int-w2c-128x16 --param type=int --param wg=128 --param items=16 --param k=4224 --param warp=2 --param coalesce=1
  sp int-w2c-512x8 --param type=int --param wg=512 --param items=8 --param k=1056 --param warp=2 --param coalesce=1
  sp int-w2c-256x24 --param type=int --param wg=256 --param items=24 --param k=2112 --param warp=2 --param coalesce=1
  sp int-w2c-512x16-r32 --param type=int --param wg=512 --param items=16 --param k=1056 --param warp=2 --param coalesce=1 \
    --config perfport.jocl.buildOptions=-cl-nv-maxrregcount=32
  sp float-base --param type=float --param wg=512 --param items=16 --param k=1056
  sp float-w2c-512x16 --param type=float --param wg=512 --param items=16 --param k=1056 --param warp=2 --param coalesce=1
  sp float-w2c-256x16 --param type=float --param wg=256 --param items=16 --param k=2112 --param warp=2 --param coalesce=1
  sp int-base-again --param type=int --param wg=512 --param items=16 --param k=1056
done
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
