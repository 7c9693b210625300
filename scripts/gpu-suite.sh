#!/usr/bin/env bash
# The GPU measurements of the closing notes, in one device-tool call: every workload through
# jocl and aparapi on the GPU, and the VaR tuner on jocl. Stage first (see gpu-perfport.sh), then
#   run: bash scripts/gpu-suite.sh [step ...]   (carry .gpu; steps are the names below)
# TornadoVM beside jocl (carry .gpu-tornado, see gpu-stage-tornado.sh):
#   SUITE_RUNNER="bash scripts/gpu-tornado.sh" SUITE_BACKENDS="jocl:gpu tornado:gpu" bash scripts/gpu-suite.sh ...
# Writes $OUT/results.jsonl (one line per command: name, exit code, JSON rows) and $OUT/log.txt.
# Stage with jdk.zipfs in the runtime (plugin jars are read through the zip file system):
#   STAGE_MODULES=java.base,java.logging,java.xml,java.management,java.naming,java.sql,jdk.unsupported,jdk.incubator.vector,jdk.crypto.ec,jdk.zipfs ../shared/gpu/stage.sh cli/target/perfport
# Issue 16 (PyTorch beside perfport, one call): bash scripts/gpu-suite.sh i16
#   runs bench/torch_ref.py ($OUT/torch.jsonl), the i16-* steps below, and prints
#   scripts/gpu-vs-torch.py's table of perfport/PyTorch ratios ($OUT/table.md).
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/perfport-gpu}; mkdir -p "$out"
# SUITE_RUNNER: how perfport starts (gpu-tornado.sh for the tornado bundle); SUITE_BACKENDS: the
# selectors every comparison runs (jocl first: it is the reference of the ratios)
G=${SUITE_RUNNER:-bash scripts/gpu-perfport.sh}
both=()
for b in ${SUITE_BACKENDS:-jocl:gpu aparapi:gpu}; do both+=(--backend "$b"); done
quiet=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
qj=(--config perfport.jocl.counters=false)   # jocl-only steps: only jocl's setting

# Steps to run: the arguments (names below), or all of them; i16 names issue 16's steps.
I16="torch i16-jocl-raw i16-reduction i16-reduction-2p28 i16-reduction-2p28-la i16-tune-reduction i16-reduction-best i16-scan i16-var i16-overhead"
want=" ${*:-all} "
want=${want/ i16 / $I16 }

# name, seconds, perfport arguments...; each in its own JVM so that one crash cannot stop the rest
step() {
  local name=$1 limit=$2; shift 2
  [[ ("$want" == *" all "* && $name != i16-*) || "$want" == *" $name "* ]] || return 0
  echo "== $name: $*" >> "$out/log.txt"
  local t0=$SECONDS
  timeout "$limit" $G "$@" --format json > "$out/rows.json" 2>> "$out/log.txt"
  local rc=$?
  local rows; rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
  printf '{"name":"%s","rc":%d,"seconds":%d,"rows":%s}\n' "$name" "$rc" $((SECONDS - t0)) "$rows" >> "$out/results.jsonl"
  echo "   $name: rc=$rc, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
}

[[ -n ${SUITE_RUNNER:-} ]] && echo "runner: $G; backends: ${both[*]}" >> "$out/log.txt"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/log.txt"
step reduction    120 compare reduction "${both[@]}" "${quiet[@]}" --param n=2^25 --param reps=20
step reduction-counted 60 compare reduction --backend jocl:gpu --param n=2^25 --param reps=3
step matmul       240 compare matmul "${both[@]}" --param n=2048 --param tile=16 --param reps=5
step matmul-static 240 compare matmul-static "${both[@]}" --param M=2400 --param K=3600 --param N=2400 --param k=res/4,res/2,res --param reps=3
step scan         180 compare scan "${both[@]}" --param n=2^25 --param reps=10
step scan-recursive 90 compare scan --variant harris "${both[@]}" --param n=2^25 --param sums=recursive --param reps=10
step table        120 compare table "${both[@]}" --param groups=16384 --param maxSize=256 --param reps=5
step var          180 compare var "${both[@]}" --param npos=2^17 --param wgsize=64 --param ngroup=264 --param reps=5
step tune-var     400 tune var --backend jocl:gpu --strategy hierarchical --param maxwork=2^40 --param ngroup=1,2,4,8,16,32,64,132,264,528,1056

# ---- issue 16: PyTorch reference and the tuned variants, host time per launch ----------------
if [[ "$want" == *" torch-scan "* ]]; then   # the PyTorch reference of the scan only (with i16-scan2)
  PYTHONUNBUFFERED=1 timeout 200 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch-scan: rc=$?" | tee -a "$out/log.txt"
fi
if [[ "$want" == *" torch "* ]]; then
  echo "== torch: python3 bench/torch_ref.py" >> "$out/log.txt"
  t0=$SECONDS
  PYTHONUNBUFFERED=1 timeout 400 python3 bench/torch_ref.py --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
fi
if [[ "$want" == *" i16-jocl-raw "* ]]; then
  # raw JOCL, piece by piece (bench/JoclLaunchOverhead.java); stage its classes in bench/classes and
  # the JOCL jar in bench/lib: javac --release 25 -cp jocl-2.0.5.jar -d bench/classes bench/JoclLaunchOverhead.java
  jar=$(ls bench/lib/jocl-*.jar 2>/dev/null | head -1)
  if [ -d bench/classes ] && [ -n "$jar" ]; then
    (source .gpu/env.sh >/dev/null 2>&1; timeout 300 java --enable-native-access=ALL-UNNAMED -cp "bench/classes:$jar" JoclLaunchOverhead 20000 gpu) > "$out/jocl-raw.txt" 2>&1
    echo "   i16-jocl-raw: rc=$?" | tee -a "$out/log.txt"
  else
    echo "   i16-jocl-raw: skipped (bench/classes or bench/lib/jocl-*.jar not staged)" | tee -a "$out/log.txt"
  fi
fi
R=(--variant local-atomic --variant static-local --variant two-kernel --variant tuned)
step i16-reduction 240 compare reduction "${both[@]}" "${quiet[@]}" "${R[@]}" --param n=2^25 --param reps=20
# at 2^28 the paper's float local-atomic (one contended CAS per group) would take minutes: int only
step i16-reduction-2p28 300 compare reduction "${both[@]}" "${quiet[@]}" --variant two-kernel --variant tuned --param n=2^28 --param reps=20
step i16-reduction-2p28-la 120 compare reduction --backend jocl:gpu "${qj[@]}" --variant local-atomic --param type=int --param n=2^28 --param reps=20
step i16-tune-reduction 300 tune reduction --backend jocl:gpu "${qj[@]}" --variant tuned --param type=float --param n=2^25 --param reps=10
if [[ "$want" == *" i16-reduction-best "* ]]; then
  # the tuned configuration found above, at both sizes, on both routes
  best=$(python3 -c 'import json,sys
t,d,i=open(sys.argv[1]).read(),json.JSONDecoder(),0
while True:
    while i<len(t) and t[i].isspace(): i+=1
    if i>=len(t): break
    s,i=d.raw_decode(t,i)
    if s["name"]=="i16-tune-reduction" and s["rows"] and s["rows"][0].get("best"):
        print(" ".join(f"--param {k}={v}" for k,v in s["rows"][0]["best"].items()))' "$out/results.jsonl")
  echo "tuned configuration: ${best:-none (defaults)}" | tee -a "$out/log.txt"
  want="$want i16-reduction-best-2p25 i16-reduction-best-2p28 "
  step i16-reduction-best-2p25 180 compare reduction "${both[@]}" "${quiet[@]}" --variant tuned --param n=2^25 --param reps=30 $best
  step i16-reduction-best-2p28 240 compare reduction "${both[@]}" "${quiet[@]}" --variant tuned --param n=2^28 --param reps=30 $best
fi
if [[ "$want" == *" i16-scan "* ]]; then
  SP=(--variant single-pass --param op=add)
  want="$want i16-scan-paper i16-scan-sp-a i16-scan-sp-b i16-scan-sp-c i16-scan-sp-d i16-scan-sp-e i16-scan-sp-2p28-a i16-scan-sp-2p28-b i16-scan-sp-2p28-c i16-scan-sp-odd "
  step i16-scan-paper 200 compare scan --backend jocl:gpu "${qj[@]}" --variant harris --variant scanplus --param sums=recursive --param type=int --param op=add --param n=2^25 --param reps=10
  step i16-scan-sp-a 120 compare scan "${both[@]}" "${quiet[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=512 --param items=16
  step i16-scan-sp-b 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=256 --param items=16 --param k=1056
  step i16-scan-sp-c 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=512 --param items=16 --param k=1056
  step i16-scan-sp-d 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=1024 --param items=8 --param k=264
  step i16-scan-sp-e 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=256 --param items=8 --param k=2112
  step i16-scan-sp-2p28-a 240 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param wg=256 --param items=16 --param k=1056
  step i16-scan-sp-2p28-b 240 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param wg=512 --param items=16 --param k=528
  step i16-scan-sp-2p28-c 240 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param wg=512 --param items=16 --param k=1056
  step i16-scan-sp-odd 120 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param n=1000003 --param reps=3 --param k=1056
fi
if [[ "$want" == *" i16-scan2 "* ]]; then   # coalesced (striped) tiles beside the per-work-item loads
  SP=(--variant single-pass --param op=add)
  want="$want i16-scan2-a i16-scan2-b i16-scan2-c i16-scan2-d i16-scan2-e i16-scan2-f i16-scan2-odd "
  step i16-scan2-a 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=512 --param items=16 --param k=1056
  step i16-scan2-b 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=512 --param items=16 --param k=1056 --param striped=1
  step i16-scan2-c 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=256 --param items=16 --param k=1056 --param striped=1
  step i16-scan2-d 120 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param wg=512 --param items=8 --param k=1056 --param striped=1
  step i16-scan2-e 240 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param wg=512 --param items=16 --param k=1056
  step i16-scan2-f 240 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param wg=512 --param items=16 --param k=1056 --param striped=1
  step i16-scan2-odd 120 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param n=1000003 --param reps=3 --param k=1056 --param striped=1
fi
step i16-var 240 compare var "${both[@]}" "${quiet[@]}" --variant singlebuffer --param npos=2^17 --param posbs=64 --param simbs=16 --param vwidth=2 --param wgsize=256 --param ngroup=132 --param reps=5
if [[ "$want" == *" i16-overhead "* ]]; then
  # host time per launch at n = 1024: the difference of two runs, 100 and 20,100 repetitions (one
  # launch and a 4-byte read-back each), over 20,000; the JVM start and compile cancel out
  for b in "jocl:gpu --config perfport.jocl.counters=false" "jocl:gpu" "aparapi:gpu --config perfport.aparapi.counters=false"; do
    for reps in 100 20100; do
      t0=$(date +%s%N)
      timeout 300 $G compare reduction --variant tuned --backend $b --param n=1024 --param gpc=1 --param type=int --param reps=$reps --format json > "$out/rows.json" 2>> "$out/log.txt"
      rc=$?
      t1=$(date +%s%N)
      rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
      printf '{"name":"i16-overhead","backend":"%s","reps":%d,"rc":%d,"nanos":%d,"rows":%s}\n' "$b" "$reps" "$rc" $((t1 - t0)) "$rows" >> "$out/overhead.jsonl"
    done
  done
  echo "   i16-overhead: done" | tee -a "$out/log.txt"
fi
# ---- round 2 (issue 16 and issue 13's GPU part): gemm tuned beside cuBLAS, scan prefetch, VaR relaxed math ----
# bash scripts/gpu-suite.sh r2 ; TORCH_ONLY picks bench/torch_ref.py's parts (default scan,var,launch)
if [[ "$want" == *" r2 "* ]]; then
  want="$want r2-torch r2-gemm r2-scan r2-var r2-ptx "
fi
if [[ "$want" == *" r4 "* ]]; then   # round 4 (expanded here, before the steps run): the merged main, every ratio again in one call (configurations of round 3 given), plus fft/spmv/conv
  TORCH_ONLY=${TORCH_ONLY:-reduction,scan,var,launch}
  want="$want r2-torch r4-gemm r4-scan r3-var r3-reduction r3-overhead r4-others "
fi
if [[ "$want" == *" r6 "* ]]; then   # fourth stop of 2026-11-27: issue 16's table in one call, the scan at tune scan's configuration
  want="$want r6-torch r6-scan r3-var r3-reduction r3-overhead "
fi
if [[ "$want" == *" r6-torch "* ]]; then
  t0=$SECONDS
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_ref.py --only reduction,scan,var,launch --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch (reduction,scan,var,launch): rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
fi
if [[ "$want" == *" r6-scan "* ]]; then   # tune scan's pick on the H100 (docs/results/gpu/h100.md) beside round 4's schedule
  SP=(--variant single-pass --param op=add)
  TS=(--param warp=2 --param coalesce=1 --param regs=32 --param wg=512 --param items=16 --param gpc=8)
  want="$want scan-tuned-2p25 scan-r4-2p25 scan-tuned-2p28 scan-r4-2p28 scan-tuned-odd "
  step scan-tuned-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" "${TS[@]}" --param n=2^25 --param reps=20
  step scan-r4-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param wg=512 --param items=16 --param k=1056 --param n=2^25 --param reps=20
  step scan-tuned-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" "${TS[@]}" --param n=2^28 --param reps=5
  step scan-r4-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param wg=512 --param items=16 --param k=1056 --param n=2^28 --param reps=5
  step scan-tuned-odd 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass "${TS[@]}" --param n=1000003 --param reps=3
fi
if [[ "$want" == *" r3 "* ]]; then   # round 3: gemm tuned (grids fixed), scan schedules, VaR, reduction; PyTorch beside
  TORCH_ONLY=${TORCH_ONLY:-reduction,scan,var,launch}
  want="$want r2-torch r2-gemm r3-scan r3-var r3-reduction r3-overhead r2-ptx "
fi
if [[ "$want" == *" r2-torch "* ]]; then
  t0=$SECONDS
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_ref.py --only "${TORCH_ONLY:-scan,var,launch}" --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch (${TORCH_ONLY:-scan,var,launch}): rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
  t0=$SECONDS
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_gemm.py --sizes 1024,4096 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch-gemm: rc=$?, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
fi
best() { python3 scripts/gpu-best.py "$out/results.jsonl" "$@"; }
if [[ "$want" == *" r2-gemm "* ]]; then
  # col-major C = A * B^T: the operands are the kernel's packed forms (copies=none); alpha 1, beta 0 as torch.matmul
  GM=(--variant indirect --param transb=t --param alpha=1 --param beta=0)
  # strm and strn keep the default grid's 0,1 (the command line takes grid values >= 1 only)
  GRID=(--param kwg=16,32 --param mdimc=8,16,32 --param ndimc=8,16,32 --param mdima=16,32 --param ndimb=16,32 --param kwi=2,8
        --param vwm=2,4,8 --param vwn=2,4,8 --param sa=1 --param sb=1)
  CLB=(--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param mdima=16 --param ndimb=16 --param kwi=2
       --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
  want="$want gemm-clblast-4096 gemm-tune-1024-float gemm-tune-4096-float gemm-tune-1024-double gemm-best-1024-float gemm-best-4096-float gemm-best-1024-double gemm-best-4096-double gemm-nn-4096-float "
  step gemm-clblast-4096 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=10 "${CLB[@]}"
  step gemm-tune-1024-float 110 tune gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --strategy random --budget 40 --param m=1024 --param n=1024 --param k=1024 --param type=float --param reps=3 --param mwg=64,128 --param nwg=64,128 "${GRID[@]}"
  step gemm-tune-4096-float 120 tune gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --strategy random --budget 16 --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=2 --param mwg=128 --param nwg=128 "${GRID[@]}"
  step gemm-tune-1024-double 80 tune gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --strategy random --budget 20 --param m=1024 --param n=1024 --param k=1024 --param type=double --param reps=3 --param mwg=32,64,128 --param nwg=32,64,128 --param kwg=16,32 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 --param kwi=2 --param vwm=1,2,4 --param vwn=1,2,4 --param sa=1 --param sb=1
  b1=$(best gemm-tune-1024-float); b4=$(best gemm-tune-4096-float); bd=$(best gemm-tune-1024-double)
  echo "gemm best: 1024 float: ${b1:-none}; 4096 float: ${b4:-none}; 1024 double: ${bd:-none}" | tee -a "$out/log.txt"
  step gemm-best-1024-float 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=1024 --param n=1024 --param k=1024 --param type=float --param reps=20 $b1
  step gemm-best-4096-float 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=10 $b4
  step gemm-best-1024-double 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=1024 --param n=1024 --param k=1024 --param type=double --param reps=20 $bd
  step gemm-best-4096-double 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=double --param reps=5 $bd
  # the same tuned kernel on C = A * B (B must be transposed into its packed form: copies=b, in the kernel time)
  step gemm-nn-4096-float 60 compare gemm --backend jocl:gpu "${qj[@]}" --variant indirect --param alpha=1 --param beta=0 --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=10 $b4
fi
if [[ "$want" == *" r3-scan "* ]]; then   # look-back by one work-item (lookback=1), raking tile scan (rake=1)
  SP=(--variant single-pass --param op=add --param wg=512 --param k=1056 --param items=16)
  want="$want scan-lb0-2p25 scan-lb1-2p25 scan-rk1-2p25 scan-lb1rk1-2p25 scan-lb0-2p28 scan-lb1-2p28 scan-rk1-2p28 scan-lb1rk1-2p28 scan-lb1rk1-odd-add scan-lb1rk1-odd-max "
  step scan-lb0-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20
  step scan-lb1-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param lookback=1
  step scan-rk1-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param rake=1
  step scan-lb1rk1-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param lookback=1 --param rake=1
  step scan-lb0-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4
  step scan-lb1-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4 --param lookback=1
  step scan-rk1-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4 --param rake=1
  step scan-lb1rk1-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4 --param lookback=1 --param rake=1
  step scan-lb1rk1-odd-add 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=add --param n=1000003 --param reps=3 --param k=1056 --param lookback=1 --param rake=1
  step scan-lb1rk1-odd-max 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=max --param n=1000003 --param reps=3 --param k=1056 --param lookback=1 --param rake=1
fi
if [[ "$want" == *" r3-var "* ]]; then   # exact and relaxed math at the best configuration of round 2
  V=(--variant singlebuffer --param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
  want="$want var-exact-c var-relaxed-c "
  step var-exact-c 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}"
  step var-relaxed-c 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}" --param math=relaxed
fi
if [[ "$want" == *" r3-reduction "* ]]; then   # the tuned reduction at run 4's best configurations (docs/results/gpu/i16-h100.md)
  want="$want reduction-best-2p25 reduction-best-2p28 "
  step reduction-best-2p25 90 compare reduction --backend jocl:gpu "${qj[@]}" --variant tuned --param n=2^25 --param reps=30 --param vw=1 --param ipt=1 --param gpc=8 --param wg=256
  step reduction-best-2p28 90 compare reduction --backend jocl:gpu "${qj[@]}" --variant tuned --param n=2^28 --param reps=30 --param vw=4 --param ipt=4 --param gpc=8 --param wg=256
fi
if [[ "$want" == *" r3-overhead "* ]]; then   # host time per launch: launches queued back to back (launches=N), one wait, one read
  want="$want overhead-jocl overhead-jocl-counted overhead-aparapi overhead-jocl-2p28 "
  step overhead-jocl 60 compare reduction --backend jocl:gpu "${qj[@]}" --variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=3
  step overhead-jocl-counted 60 compare reduction --backend jocl:gpu --variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=3
  step overhead-aparapi 90 compare reduction --backend aparapi:gpu --config perfport.aparapi.counters=false --variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=2
  step overhead-jocl-2p28 60 compare reduction --backend jocl:gpu "${qj[@]}" --variant tuned --param n=2^28 --param vw=4 --param ipt=4 --param gpc=8 --param launches=10 --param reps=5
fi
if [[ "$want" == *" r4-gemm "* ]]; then   # round 3's tuned configurations (docs/results/gpu/gemm-h100.md)
  GM=(--variant indirect --param transb=t --param alpha=1 --param beta=0)
  S1=(--param mwg=128 --param nwg=64 --param kwg=32 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=0 --param sa=1 --param sb=1)
  S4=(--param mwg=128 --param nwg=128 --param kwg=16 --param mdimc=16 --param ndimc=16 --param mdima=16 --param ndimb=16 --param kwi=8 --param vwm=4 --param vwn=4 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
  D=(--param mwg=64 --param nwg=32 --param kwg=16 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=16 --param kwi=2 --param vwm=2 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1)
  want="$want gemm-1024-float gemm-4096-float gemm-1024-double gemm-4096-double gemm-nn-4096 gemm-default-4096 "
  step gemm-1024-float 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=1024 --param n=1024 --param k=1024 --param type=float --param reps=20 "${S1[@]}"
  step gemm-4096-float 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=10 "${S4[@]}"
  step gemm-1024-double 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=1024 --param n=1024 --param k=1024 --param type=double --param reps=20 "${D[@]}"
  step gemm-4096-double 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=double --param reps=5 "${D[@]}"
  step gemm-nn-4096 60 compare gemm --backend jocl:gpu "${qj[@]}" --variant indirect --param alpha=1 --param beta=0 --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=10 "${S4[@]}"
  step gemm-default-4096 60 compare gemm --backend jocl:gpu "${qj[@]}" "${GM[@]}" --param m=4096 --param n=4096 --param k=4096 --param type=float --param reps=5 --param config=default
fi
if [[ "$want" == *" r4-scan "* ]]; then
  SP=(--variant single-pass --param op=add --param wg=512 --param k=1056 --param items=16)
  want="$want scan-2p25 scan-rk1-2p25 scan-2p28 scan-rk1-2p28 scan-rk1-wg1024-2p25 scan-rk1-wg256-2p25 scan-rk1-wg1024-2p28 "
  step scan-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20
  step scan-rk1-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param rake=1
  step scan-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4
  step scan-rk1-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=4 --param rake=1
  # raking keeps the tile scan at 3 barriers whatever wg is: larger tiles, fewer look-backs
  step scan-rk1-wg1024-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=add --param wg=1024 --param items=16 --param k=528 --param n=2^25 --param reps=20 --param rake=1
  step scan-rk1-wg256-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=add --param wg=256 --param items=16 --param k=1056 --param n=2^25 --param reps=20 --param rake=1
  step scan-rk1-wg1024-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=add --param wg=1024 --param items=16 --param k=528 --param n=2^28 --param reps=4 --param rake=1
fi
if [[ "$want" == *" r4-others "* ]]; then   # the other helpers' workloads beside their PyTorch references, where both exist
  both2=(--backend jocl:gpu --backend aparapi:gpu)
  if [ -f bench/torch_fft.py ]; then
    PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_fft.py --out "$out/torch-others.jsonl" >> "$out/log.txt" 2>&1
    echo "   torch-fft: rc=$?" | tee -a "$out/log.txt"
    want="$want fft-2p20 fft-512x2p14 "
    step fft-2p20 90 compare fft "${both2[@]}" "${quiet[@]}" --param n=2^20 --param batch=1
    step fft-512x2p14 90 compare fft "${both2[@]}" "${quiet[@]}" --param n=512 --param batch=2^14
  fi
  if [ -f bench/torch_spmv.py ]; then   # after torch_fft.py, which rewrites the file; this one appends
    PYTHONUNBUFFERED=1 timeout 150 python3 bench/torch_spmv.py --out "$out/torch-others.jsonl" >> "$out/log.txt" 2>&1
    echo "   torch-spmv: rc=$?" | tee -a "$out/log.txt"
    want="$want spmv-stencil spmv-powerlaw "
    step spmv-stencil 150 compare spmv --backend jocl:gpu "${qj[@]}" --param matrix=stencil2d:2048x2048
    step spmv-powerlaw 150 compare spmv --backend jocl:gpu "${qj[@]}" --param matrix=powerlaw:2^21:8
  fi
fi
if [[ "$want" == *" r5 "* ]]; then   # round 5 (issue 15): the convolution ladder on 8K^2 with a 17x17 filter beside cuDNN, and the transfer model fitted on the GPU
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_conv.py --width 8192 --height 8192 --filter 17 --reps 20 --out "$out/torch-conv.jsonl" >> "$out/log.txt" 2>&1
  echo "   torch-conv: rc=$?" | tee -a "$out/log.txt"
  CV=(--param width=8192 --param height=8192 --param fw=17 --param fh=17 --param reps=5)
  want="$want conv-ladder conv-a32x8t4x2 conv-a16x16t8x1 conv-a32x8t8x2 conv-recommend "
  step conv-ladder 150 compare convolution --backend jocl:gpu "${qj[@]}" "${CV[@]}"
  step conv-a32x8t4x2 60 compare convolution --backend jocl:gpu "${qj[@]}" --variant adaptive "${CV[@]}" --param bw=32 --param bh=8 --param tx=4 --param ty=2
  step conv-a16x16t8x1 60 compare convolution --backend jocl:gpu "${qj[@]}" --variant adaptive "${CV[@]}" --param bw=16 --param bh=16 --param tx=8 --param ty=1
  step conv-a32x8t8x2 60 compare convolution --backend jocl:gpu "${qj[@]}" --variant adaptive "${CV[@]}" --param bw=32 --param bh=8 --param tx=8 --param ty=2
  step conv-recommend 120 recommend transfers convolution --backend jocl:gpu --param width=4096 --param height=4096
fi
if [[ "$want" == *" r2-scan "* ]]; then
  SP=(--variant single-pass --param op=add --param wg=512 --param k=1056)
  want="$want scan-p0-2p25 scan-p1-2p25 scan-p2-2p25 scan-p2i8-2p25 scan-p0-2p28 scan-p2-2p28 scan-p2i8-2p28 scan-p2-odd "
  step scan-p0-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param items=16 --param prefetch=0
  step scan-p1-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param items=16 --param prefetch=1
  step scan-p2-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param items=16 --param prefetch=2
  step scan-p2i8-2p25 60 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^25 --param reps=20 --param items=8 --param prefetch=2
  step scan-p0-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param items=16 --param prefetch=0
  step scan-p2-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param items=16 --param prefetch=2
  step scan-p2i8-2p28 90 compare scan --backend jocl:gpu "${qj[@]}" "${SP[@]}" --param n=2^28 --param reps=5 --param items=8 --param prefetch=2
  step scan-p2-odd 60 compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param op=add,max --param n=1000003 --param reps=3 --param k=1056 --param prefetch=2
fi
if [[ "$want" == *" r2-var "* ]]; then
  V=(--variant singlebuffer --param npos=2^17 --param posbs=64 --param reps=5)
  want="$want var-exact var-relaxed var-relaxed-b var-relaxed-c "
  step var-exact 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}" --param simbs=16 --param vwidth=2 --param wgsize=256 --param ngroup=132
  step var-relaxed 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}" --param simbs=16 --param vwidth=2 --param wgsize=256 --param ngroup=132 --param math=relaxed
  step var-relaxed-b 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}" --param simbs=8 --param vwidth=4 --param wgsize=256 --param ngroup=132 --param math=relaxed
  step var-relaxed-c 60 compare var --backend jocl:gpu "${qj[@]}" "${V[@]}" --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264 --param math=relaxed
fi
if [[ "$want" == *" r2-ptx "* ]]; then
  # registers and spills of kernels as NVIDIA's driver built them (PTX dumped by the jocl backend, ptxas -v here)
  export PP_JOCL_DUMP=/tmp/ptx PATH=$PATH:/usr/local/cuda/bin; rm -rf /tmp/ptx
  timeout 60 $G compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param n=2^20 --param wg=512 --param items=16 --param reps=1 > /dev/null 2>> "$out/log.txt"
  timeout 60 $G compare scan --backend jocl:gpu "${qj[@]}" --variant single-pass --param n=2^20 --param wg=512 --param items=16 --param lookback=1 --param rake=1 --param reps=1 > /dev/null 2>> "$out/log.txt"
  timeout 60 $G compare var --backend jocl:gpu "${qj[@]}" --variant singlebuffer --param npos=2^12 --param simbs=16 --param vwidth=2 --param wgsize=256 --param ngroup=132 --param math=relaxed --param reps=1 > /dev/null 2>> "$out/log.txt"
  timeout 60 $G compare gemm --backend jocl:gpu "${qj[@]}" --variant indirect --param transb=t --param m=1024 --param n=1024 --param k=1024 --param reps=1 $b4 > /dev/null 2>> "$out/log.txt"
  unset PP_JOCL_DUMP
  for f in /tmp/ptx/*.ptx; do
    echo "== $(basename "$f"): $(head -1 "$f")"
    ptxas -arch=sm_90 -v "$f" -o /dev/null 2>&1 | grep -E "Compiling entry|registers|spill|error" | grep -v "^$"
  done > "$out/ptxas.txt" 2>&1
  echo "   r2-ptx: $(ls /tmp/ptx 2>/dev/null | wc -l) programs, see ptxas.txt" | tee -a "$out/log.txt"
fi
[[ "$want" == *" torch"* || "$want" == *" i16-"* || "$want" == *" r2"* || "$want" == *" r3"* || "$want" == *" r4"* || "$want" == *" r5"* || "$want" == *" r6"* ]] && python3 scripts/gpu-vs-torch.py "$out" | tee "$out/table.md"
rm -f "$out/rows.json"
