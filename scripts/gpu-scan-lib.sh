# Sourced by the scan scripts of 2026-11-28's ninth stop (gpu-tune-aparapi-scan.sh, gpu-scan-items32.sh,
# gpu-scan-items64.sh; carry .gpu-tornado): G (scripts/gpu-tornado.sh), step (gpu-step.sh), the GPU's name and
# torch.cumsum (bench/torch_ref.py) into $out, and C: a tuning cache in $out with the counters off.
G="bash scripts/gpu-tornado.sh"
source scripts/gpu-step.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/log.txt"
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
C=(--config perfport.tune.cache="$out/tune-cache.json" --config perfport.jocl.counters=false --config perfport.aparapi.counters=false)
