#!/usr/bin/env bash
# Issue 16 items 2 and 3, TornadoVM's host time after this stop's two changes, before and after in one call
# (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-tornado-graphs.sh [repetitions, default 300]
#  - "before": -Dtornado.max.events=32768 (TornadoVM's own default) and perfport.tornado.graphLaunches=1 (one plan per
#    launch); "events": only the event lists at 1,024; "after": the defaults (1,024, graphs of 8 launches);
#  - host time per launch at n = 1024 (the tuned reduction, 10,000 queued launches) and a large run's wall (2^28);
#  - TornadoVM / jocl kernel time of saxpy 1024 and the tuned reduction 2^25 (single launches, $reps repetitions);
#  (TRSM and the SGEMM: scripts/gpu-tornado-graphs2.sh)
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}; reps=${1:-300}
source scripts/gpu-clprobe.sh   # G, step
total=540
B=(--backend jocl:gpu --backend tornado:gpu --config perfport.jocl.counters=false --config perfport.tornado.counters=false)
R=(--variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=2)
L=(--variant tuned --param n=2^28 --param vw=4 --param ipt=4 --param gpc=8 --param launches=10 --param reps=10 --param type=int)
step overhead-jocl 60 compare reduction --backend jocl:gpu --config perfport.jocl.counters=false "${R[@]}"
for v in before events after; do
  case $v in
    before) o=-Dtornado.max.events=32768; c=(--config perfport.tornado.graphLaunches=1) ;;
    events) o=; c=(--config perfport.tornado.graphLaunches=1) ;;
    after) o=; c=() ;;
  esac
  PERFPORT_JAVA_OPTS=$o step overhead-tornado-$v 120 compare reduction --backend tornado:gpu --config perfport.tornado.counters=false "${c[@]}" "${R[@]}"
done
for v in before after; do
  case $v in
    before) o=-Dtornado.max.events=32768; c=(--config perfport.tornado.graphLaunches=1) ;;
    after) o=; c=() ;;
  esac
  PERFPORT_JAVA_OPTS=$o step large-$v 90 compare reduction "${B[@]}" "${c[@]}" "${L[@]}"
  PERFPORT_JAVA_OPTS=$o step saxpy-1024-$v 60 compare saxpy "${B[@]}" "${c[@]}" --param n=1024 --param reps=$reps
  PERFPORT_JAVA_OPTS=$o step reduction-tuned-2p25-$v 90 compare reduction --variant tuned --param type=int --param n=2^25 --param reps=$reps "${B[@]}" "${c[@]}"
done
python3 scripts/gpu-route-rows.py "$out" | tee "$out/graphs.txt"
