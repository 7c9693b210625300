#!/usr/bin/env bash
# Issue 16 item 3, second call: where Aparapi's single-pass scan loses to jocl's at the same schedule (2.7-3.1x in
# the first call): striped=1 (the tile loaded and stored coalesced, element by element, through local memory)
# beside striped=0 on both routes, tile shapes and groups per compute unit, int and float at 2^25, int at 2^28,
# torch.cumsum beside; and ptxas -v of both routes' kernels: Aparapi's OpenCL as SpecialiserTest writes it
# (carry .gpu/aparapi-cl), jocl's from its binary cache. One call (carry .gpu-tornado and .gpu/aparapi-cl):
#   OUT=$OUT bash scripts/gpu-scan-aparapi2.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
touch "$out/.t0"
source scripts/gpu-clprobe.sh   # G, step
source scripts/gpu-ptx-lib.sh
total=480
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
mkdir -p "$out/ptx/aparapi"
[[ -x /tmp/clbuild ]] || $probe_cc -O1 -I"$probe_inc" -o /tmp/clbuild scripts/clbuild.c /tmp/perfport-tornado/ocl/libOpenCL.so.1 >> "$out/log.txt" 2>&1
for f in .gpu/aparapi-cl/*.cl; do
  cp "$f" "$out/ptx/aparapi/"; g="$out/ptx/aparapi/$(basename "$f")"
  OCL_ICD_VENDORS=/tmp/ocl-vendors /tmp/clbuild "$g" "${g%.cl}.bin" >> "$out/log.txt" 2>&1
done
q=(--config perfport.jocl.counters=false --config perfport.aparapi.counters=false --variant single-pass --param op=add)
jocl_ptx base scan "${q[@]}" --param type=int --param wg=256 --param items=16 --param gpc=8 --param n=2^20 --param reps=1
jocl_ptx striped scan "${q[@]}" --param type=int --param wg=256 --param items=16 --param gpc=8 --param striped=1 --param n=2^20 --param reps=1
PTX_OPS="atom.global ld.global st.global ld.shared st.shared bar.sync membar ld.local st.local" ptxas_all
cat "$out/ptxas.txt"
B=(--backend jocl:gpu --backend aparapi:gpu)
for t in int float; do
  for st in 0 1; do
    step "scan-$t-2p25-s$st" 90 compare scan "${B[@]}" "${q[@]}" --param type=$t --param n=2^25 --param wg=256 --param items=16 --param gpc=8 --param striped=$st --param reps=20
  done
done
step scan-int-2p25-s1-items8 60 compare scan "${B[@]}" "${q[@]}" --param type=int --param n=2^25 --param wg=256 --param items=8 --param gpc=8 --param striped=1 --param reps=20
step scan-int-2p25-s1-gpc4 60 compare scan "${B[@]}" "${q[@]}" --param type=int --param n=2^25 --param wg=256 --param items=16 --param gpc=4 --param striped=1 --param reps=20
step scan-int-2p25-s0-wg128 60 compare scan "${B[@]}" "${q[@]}" --param type=int --param n=2^25 --param wg=128 --param items=16 --param gpc=8 --param striped=0 --param reps=20
step scan-int-2p28-s1 90 compare scan "${B[@]}" "${q[@]}" --param type=int --param n=2^28 --param wg=256 --param items=16 --param gpc=8 --param striped=1 --param reps=5
step scan-int-2p25-jocl-tuned 60 compare scan --backend jocl:gpu "${q[@]}" --param type=int --param n=2^25 \
  --param wg=512 --param items=16 --param gpc=8 --param warp=2 --param coalesce=1 --param regs=32 --param reps=20
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
python3 scripts/gpu-route-rows.py "$out" | tee "$out/routes.txt"
