#!/usr/bin/env bash
# Where jocl's TRSM sequence waits on the H100: a small and the large TRSM, with a thread dump (SIGQUIT) of the
# large one after 40 s; one call (carry .gpu-tornado):   OUT=$OUT bash scripts/gpu-jocl-seq-debug.sh
cd "$(dirname "$0")/.." || exit 2
out=${OUT:?set OUT}
G="bash scripts/gpu-tornado.sh"
timeout 60 $G compare trsm --backend jocl:gpu --config perfport.jocl.counters=false --param m=256 --param n=32 --param nb=16 --param reps=2 > "$out/small.txt" 2>&1
echo "small rc=$?"; tail -3 "$out/small.txt"
$G compare trsm --backend jocl:gpu --config perfport.jocl.counters=false --param m=2048 --param n=256 --param nb=64 --param type=float --param reps=2 > "$out/large.txt" 2>&1 &
sleep 40
pid=$(pgrep -f "dev.perfport.cli.Main compare trsm" | head -1)
echo "pid=$pid"; [ -n "$pid" ] && kill -3 "$pid"; sleep 3; [ -n "$pid" ] && kill -9 "$pid"
wait
grep -n -A25 '"main"' "$out/large.txt" | head -40
tail -5 "$out/large.txt"
