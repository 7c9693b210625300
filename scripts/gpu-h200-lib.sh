# Sourced by the H200 scripts of 2026-11-28's tenth stop (gpu-h200-*.sh; carry .gpu-tornado), from the repository root
# with out and total set: G (scripts/gpu-tornado.sh: every route, TornadoVM's included), step (gpu-step.sh) and the
# GPU's name in $out/log.txt.
G="bash scripts/gpu-tornado.sh"
source scripts/gpu-step.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
