#!/usr/bin/env bash
# Issue 16's table again on the device tool's H200, in one call (carry .gpu-tornado; 2026-11-28, tenth stop): PyTorch's
# reference (bench/torch_ref.py) beside the tuned reduction, the single-pass scan and VaR at the configurations the H100
# calls tuned (given explicitly), each route's scan, and jocl's scan tuned over the schedules Aparapi can express
# (warp=0 coalesce=0 regs=0: the same algorithm on both routes). Host time per launch is gpu-h200-overhead.sh.
#   OUT=$OUT bash scripts/gpu-h200-i16.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
total=${TOTAL:-540}
source scripts/gpu-h200-lib.sh   # G, step, the GPU's name
PYTHONUNBUFFERED=1 timeout 150 python3 bench/torch_ref.py --only reduction,scan,var --out "$out/torch.jsonl" >> "$out/log.txt" 2>&1
echo "   torch: rc=$?, ${SECONDS} s" | tee -a "$out/log.txt"
C=(--config perfport.tune.cache="$out/tune-cache.json" --config perfport.jocl.counters=false --config perfport.aparapi.counters=false
   --config perfport.tornado.counters=false)
R25=(--variant tuned --param n=2^25 --param reps=30 --param vw=1 --param ipt=1 --param gpc=8 --param wg=256)
R28=(--variant tuned --param n=2^28 --param reps=30 --param vw=4 --param ipt=4 --param gpc=8 --param wg=256)
for t in int float; do
  step red-2p25-$t 90 compare reduction --backend jocl:gpu --backend aparapi:gpu "${C[@]}" "${R25[@]}" --param type=$t
  step red-2p28-$t 90 compare reduction --backend jocl:gpu --backend aparapi:gpu "${C[@]}" "${R28[@]}" --param type=$t
done
step red-tornado 120 compare reduction --backend tornado:gpu "${C[@]}" "${R25[@]}" --param type=int
SP=(--variant single-pass --param op=add)
JS=(--param warp=2 --param coalesce=1 --param regs=32 --param wg=512 --param items=16 --param gpc=8)   # jocl's tuned schedule (H100)
AS=(--param striped=1 --param items=64 --param wg=128 --param gpc=4)                                  # Aparapi's tuned tile (H100)
for t in int float; do
  step scan-jocl-2p25-$t 40 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" "${JS[@]}" --param type=$t --param n=2^25 --param reps=20
  step scan-aparapi-2p25-$t 40 compare scan --backend aparapi:gpu "${C[@]}" "${SP[@]}" "${AS[@]}" --param type=$t --param n=2^25 --param reps=20
done
step scan-jocl-2p28 60 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" "${JS[@]}" --param type=int --param n=2^28 --param reps=5
step scan-aparapi-2p28 60 compare scan --backend aparapi:gpu "${C[@]}" "${SP[@]}" "${AS[@]}" --param type=int --param n=2^28 --param reps=5
for t in int float; do
  for op in add max; do
    step scan-odd-$t-$op 60 compare scan --backend jocl:gpu --backend aparapi:gpu "${C[@]}" --variant single-pass --param op=$op --param type=$t --param n=1000003 --param reps=2
  done
done
# the same algorithm on both routes: jocl tuned over what Aparapi expresses, then its pick at both sizes
step tune-jocl-aparapi-space 150 tune scan --backend jocl:gpu "${C[@]}" --progress plain --param n=2^25 --param type=int --param warp=0 --param coalesce=0 --param regs=0
step scan-jocl-same-2p25 40 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" --param type=int --param n=2^25 --param reps=20 --param config=tuned
step scan-jocl-same-2p28 60 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" --param type=int --param n=2^28 --param reps=5 --param config=tuned
step scan-jocl-at-aparapi 40 compare scan --backend jocl:gpu "${C[@]}" "${SP[@]}" "${AS[@]}" --param type=int --param n=2^25 --param reps=20
V=(--variant singlebuffer --param npos=2^17 --param posbs=64 --param reps=5 --param simbs=16 --param vwidth=2 --param wgsize=128 --param ngroup=264)
step var-exact 60 compare var --backend jocl:gpu "${C[@]}" "${V[@]}"
step var-relaxed 60 compare var --backend jocl:gpu "${C[@]}" "${V[@]}" --param math=relaxed
cp "$out/tune-cache.json" "$out/tune-cache.saved.json" 2>/dev/null; rm -f "$out/tune-cache.json.lock" "$out/rows.json" "$out/tune-cache.json"
python3 scripts/gpu-vs-torch.py "$out" > "$out/table.md" 2>> "$out/log.txt"; cat "$out/table.md"
python3 scripts/gpu-steps-table.py "$out" > "$out/steps.md" 2>> "$out/log.txt"; cat "$out/steps.md"
