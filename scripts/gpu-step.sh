# Sourced by the scripts/gpu-*.sh of 2026-11-27: step NAME SECONDS ARGS... runs perfport ($G) with ARGS and
# --format json, within SECONDS and what is left of $total (when set), and appends
# {"name", "rc", "rows"} to $out/results.jsonl (scripts/gpu_results.py reads it).
step() {
  local name=$1 limit=$2; shift 2
  if [ -n "${total:-}" ]; then
    local left=$((total - SECONDS)); (( left > 5 )) || { echo "   $name: no time left" | tee -a "$out/log.txt"; return; }
    (( limit < left )) || limit=$left
  fi
  local t0=$SECONDS
  timeout "$limit" $G "$@" --format json > "$out/rows.json" 2>> "$out/log.txt"
  local rc=$?
  local rows; rows=$(cat "$out/rows.json"); [ -n "$rows" ] || rows=null
  printf '{"name":"%s","rc":%d,"rows":%s}\n' "$name" "$rc" "$rows" >> "$out/results.jsonl"
  echo "   $name: rc=$rc, $((SECONDS - t0)) s" | tee -a "$out/log.txt"
}
