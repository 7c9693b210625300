#!/usr/bin/env bash
# The GPU measurements of the closing notes, in one device-tool call: every workload through
# jocl and aparapi on the GPU, and the VaR tuner on jocl. Stage first (see gpu-perfport.sh), then
#   run: bash scripts/gpu-suite.sh [step ...]   (carry .gpu; steps are the names below)
# TornadoVM beside jocl (carry .gpu-tornado, see gpu-stage-tornado.sh):
#   SUITE_RUNNER="bash scripts/gpu-tornado.sh" SUITE_BACKENDS="jocl:gpu tornado:gpu" bash scripts/gpu-suite.sh ...
# Writes $OUT/results.jsonl (one line per command: name, exit code, JSON rows) and $OUT/log.txt.
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/perfport-gpu}; mkdir -p "$out"
# SUITE_RUNNER: how perfport starts (gpu-tornado.sh for the tornado bundle); SUITE_BACKENDS: the
# selectors every comparison runs (jocl first: it is the reference of the ratios)
G=${SUITE_RUNNER:-bash scripts/gpu-perfport.sh}
both=()
for b in ${SUITE_BACKENDS:-jocl:gpu aparapi:gpu}; do both+=(--backend "$b"); done
quiet=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false)

# Steps to run: the arguments (names below), or all of them.
want=" ${*:-all} "

# name, seconds, perfport arguments...; each in its own JVM so that one crash cannot stop the rest
step() {
  local name=$1 limit=$2; shift 2
  [[ "$want" == *" all "* || "$want" == *" $name "* ]] || return 0
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
rm -f "$out/rows.json"
