#!/usr/bin/env bash
# Issue 16 item 2: where the host's time per launch goes on Aparapi and TornadoVM (one call, carry .gpu-tornado):
# the tuned reduction at n = 1024, 10,000 launches a repetition, under Java Flight Recorder's method sampling
# (every 10 ms of Java and of native code). Brings back one .jfr per route; read them here with
#   jfr print --events jdk.ExecutionSample,jdk.NativeMethodSample FILE   (or scripts/jfr-top.py FILE)
#   OUT=$OUT bash scripts/gpu-jfr.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
source scripts/gpu-step.sh   # step NAME SECONDS ARGS...
R=(--variant tuned --param n=1024 --param gpc=1 --param type=int --param launches=10000 --param reps=3)
for b in jocl aparapi tornado; do
  PERFPORT_JAVA_OPTS="-XX:StartFlightRecording=filename=$out/$b.jfr,settings=profile" \
    step jfr-$b 180 compare reduction --backend $b:gpu --config perfport.$b.counters=false "${R[@]}"
done
python3 scripts/gpu-wall-summary.py "$out" > "$out/wall.md" 2>> "$out/log.txt"; cat "$out/wall.md"
rm -f "$out/rows.json"
