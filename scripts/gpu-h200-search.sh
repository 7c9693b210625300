#!/usr/bin/env bash
# Two searches on the device tool's H200 (carry .gpu-tornado; 2026-11-28, tenth stop), each beside jocl in the same call:
#  - issue 13: TornadoVM's SGEMM at n = 1024 (0.73-0.75x jocl's best in call 3): a random search with split k and the
#    traits of the 4096 search's winner in call 4 (8x8 threads, loaders 32, kwi 4), then its best beside jocl's j1 and j4,
#    two rounds interleaved, cuBLAS beside;
#  - issue 16: the single-pass scan at 2^28, where jocl's pick over Aparapi's knobs (tuned at 2^25) ran 1.31x Aparapi's
#    kernel time in call 3: both routes tuned over the same knobs (striped, items, wg, gpc; jocl with warp, coalesce and
#    regs off) at 2^28, then each pick's row.
#   OUT=$OUT bash scripts/gpu-h200-search.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-570}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 60 python3 bench/torch_gemm.py --sizes 1024 --reps 20 --out "$out/torch-gemm.jsonl" >> "$out/log.txt" 2>&1
PYTHONUNBUFFERED=1 timeout 90 python3 bench/torch_ref.py --only scan --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
source scripts/gpu-gemm-shapes.sh   # GM0, J1, J4
C=(--config perfport.tune.cache="$out/tune-cache.json" --config perfport.jocl.counters=false --config perfport.aparapi.counters=false
   --config perfport.tornado.counters=false)
step tornado-tune-1024 150 tune gemm --backend tornado:gpu "${C[@]}" "${GM0[@]}" --strategy random --budget ${TUNE_BUDGET:-45} --seed 5 --param reps=5 \
  --param mwg=64,128 --param nwg=64,128 --param kwg=32,64 --param mdimc=8,16 --param ndimc=8,16 --param mdima=16,32 --param ndimb=16,32 \
  --param kwi=1,2,4 --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=2,4
rb=$(python3 scripts/gpu-best.py "$out/results.jsonl" tornado-tune-1024)
echo "best: tornado: ${rb:-none}" | tee -a "$out/log.txt"
TB=(--param mwg=128 --param nwg=64 --param kwg=64 --param mdimc=16 --param ndimc=8 --param mdima=16 --param ndimb=32 --param kwi=1
    --param vwm=1 --param vwn=1 --param strm=1 --param strn=1 --param sa=1 --param sb=1 --param ks=4)
for round in 1 2; do
  step "jocl-j1-r$round" 40 compare gemm --backend jocl:gpu "${C[@]}" "${GM0[@]}" "${J1[@]}" --param ks=4 --param reps=100
  step "jocl-j4-r$round" 40 compare gemm --backend jocl:gpu "${C[@]}" "${GM0[@]}" "${J4[@]}" --param ks=4 --param reps=100
  [ -n "$rb" ] && step "tornado-best-r$round" 60 compare gemm --backend tornado:gpu "${C[@]}" "${GM0[@]}" $rb --param reps=100
  step "tornado-tb-r$round" 60 compare gemm --backend tornado:gpu "${C[@]}" "${GM0[@]}" "${TB[@]}" --param reps=100
done
SP=(--variant single-pass --param op=add --param type=int --param n=2^28)
step tune-scan-aparapi-2p28 150 tune scan --backend aparapi:gpu "${C[@]}" --progress plain "${SP[@]:2}" --param reps=2
step tune-scan-jocl-2p28 150 tune scan --backend jocl:gpu "${C[@]}" --progress plain "${SP[@]:2}" --param reps=2 --param warp=0 --param coalesce=0 --param regs=0
for b in jocl aparapi; do
  step "scan-$b-2p28" 60 compare scan --backend $b:gpu "${C[@]}" "${SP[@]}" --param reps=5 --param config=tuned
done
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json" "$out/tune-cache.json"
python3 scripts/gpu-steps-table.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
