#!/usr/bin/env bash
# Issue 16: why jocl's striped single-pass kernel is slower than Aparapi's at items 32 (112 against 165 Gelem/s at the
# same schedule, call 5 of 2026-11-28's ninth stop). One call (carry .gpu-tornado): ptxas -v (sm_90) of jocl's kernel
# with striped 1 at items 16, 32 and 64 and striped 0 at items 32 (jocl's binary cache holds NVIDIA's PTX), then both
# routes' rows at 2^25 (int) at those tiles, and torch.cumsum.
#   OUT=$OUT bash scripts/gpu-scan-jocl-striped.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-400}
touch "$out/.t0"
source scripts/gpu-scan-lib.sh   # G, step, torch.cumsum, C
source scripts/gpu-ptx-lib.sh    # jocl_ptx, ptxas_all
Q=(--config perfport.jocl.counters=false --variant single-pass --param op=add --param type=int)
T=("1 16 256" "1 32 256" "1 64 128" "0 32 256")
for t in "${T[@]}"; do
  set -- $t
  jocl_ptx "s$1-i$2-wg$3" scan "${Q[@]}" --param striped=$1 --param items=$2 --param wg=$3 --param gpc=4 --param n=2^20 --param reps=1
done
PTX_OPS="ld.local st.local ld.shared st.shared ld.global.v4 ld.global.nc.v4 ld.global.u32 st.global.v4 bar.sync" ptxas_all
cat "$out/ptxas.txt"
for t in "${T[@]}"; do
  set -- $t
  step "s$1-i$2-wg$3" 60 compare scan --backend jocl:gpu --backend aparapi:gpu "${C[@]}" "${Q[@]}" --param striped=$1 --param items=$2 --param wg=$3 --param gpc=4 --param n=2^25 --param reps=20
done
rm -f "$out/rows.json" "$out/tune-cache.json"
