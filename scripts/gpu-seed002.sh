#!/usr/bin/env bash
# Issue 15 (seed 002) on the GPU machine, in one device-tool call: PyTorch's conv2d (cuDNN, fp32,
# TF32 off; bench/torch_conv.py) beside perfport's convolution on each route at 8192² with a 17×17
# filter, then the data of `perfport report seed-002` (ladder, lazy transfers, tuning, transfer
# strategies beside the fitted model). Stage first (see gpu-perfport.sh), then
#   run: bash scripts/gpu-seed002.sh          (carry .gpu)
# SEED002_BACKENDS: the selectors (default "jocl:gpu aparapi:gpu"); SEED002_RUNNER: how perfport
# starts (bash scripts/gpu-tornado.sh for the TornadoVM bundle); SEED002_STEPS: conv and/or report.
# The GPU machine's runtime has no java.desktop, so the report's plots fail there (exit code 1):
# its data comes back in $OUT/report.tar.gz; draw it here with
#   ./perfport report seed-002 --from DIR --out DIR
cd "$(dirname "$0")/.." || exit 2
out=${OUT:-/tmp/perfport-gpu}; mkdir -p "$out"
G=${SEED002_RUNNER:-bash scripts/gpu-perfport.sh}
backends=${SEED002_BACKENDS:-jocl:gpu aparapi:gpu}
steps=" ${SEED002_STEPS:-conv report} "
sel=()
for b in $backends; do sel+=(--backend "$b"); done
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/log.txt"
if [[ "$steps" == *" conv "* ]]; then
  PYTHONUNBUFFERED=1 timeout 120 python3 bench/torch_conv.py --width 8192 --height 8192 --filter 17 --reps 20 \
      --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
  echo "torch: rc=$?" | tee -a "$out/log.txt"
  for b in $backends; do
    timeout 240 $G run convolution --backend "$b" --variant adaptive --param width=8192 --param height=8192 \
        --param fw=17 --param fh=17 --param bw=32 --param bh=8 --param tx=8 --param ty=2 --param reps=10 \
        --format json > "$out/conv-${b%%:*}.json" 2>> "$out/log.txt"
    echo "conv $b: rc=$?" | tee -a "$out/log.txt"
  done
fi
if [[ "$steps" == *" report "* ]]; then
  timeout ${SEED002_REPORT_SECONDS:-490} $G report seed-002 "${sel[@]}" --out "$out/report" \
      --param width=2048 --param height=2048 --param filters=3,5,9,17,33 --param tuneSize=2048 --param tuneFilter=17 \
      --param transferSize=${SEED002_SIZES:-2048,4096,8192} --param transferFilter=${SEED002_FILTERS:-3,17,33} \
      --param chunks=${SEED002_CHUNKS:-4,16} --param reps=3 --param parts=${SEED002_PARTS:-ladder,lazy,tuning,strategies} >> "$out/log.txt" 2>&1
  echo "report: rc=$? (1 is expected: no plots there)" | tee -a "$out/log.txt"
  tar czf "$out/report.tar.gz" -C "$out" report && rm -rf "$out/report"
fi
grep -E "ms|GFLOP|rc=" "$out/log.txt" | tail -80
