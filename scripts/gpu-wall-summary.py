#!/usr/bin/env python3
"""Wall and kernel time per launch of every reduction row of one call (OUT_DIR/results.jsonl of gpu-overhead-all.sh or
gpu-warmup.sh), with wall/kernel and each row's wall over jocl's first row of the same n, warm-up and read-back mode in the call;
then PyTorch's launch loops from OUT_DIR/torch.jsonl.

    python3 scripts/gpu-wall-summary.py OUT_DIR
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_results import objects  # noqa: E402

steps = [s for s in objects(os.path.join(sys.argv[1], "results.jsonl"), '{"name"') if isinstance(s.get("rows"), list)]
jocl = {}
for s in steps:
    for r in s["rows"]:
        if r.get("backend") == "jocl" and "wall us/launch" in (r.get("metrics") or {}):
            jocl.setdefault((r["params"]["n"], r["params"].get("warmup"), r["params"].get("readback", "end")), r["metrics"]["wall us/launch"])
print("| step | backend | n | warmup | readback | verified | wall us/launch | kernel us/launch | wall / kernel | wall / jocl's |")
print("|---|---|---|---|---|---|---|---|---|---|")
for s in steps:
    for r in s["rows"]:
        m, p = r.get("metrics") or {}, r.get("params") or {}
        if "wall us/launch" not in m:   # other steps' rows (a tuning, a recommendation) have no wall per launch
            continue
        w, k = m["wall us/launch"], m["kernel us/launch"]
        j = jocl.get((p["n"], p.get("warmup"), p.get("readback", "end")))
        print(f"| {s['name']} | {r['backend']} | {p['n']} | {p.get('warmup', '–')} | {p.get('readback', 'end')} | {r['verified']} | {w:.1f} | {k:.2f} | "
              f"{w / k:.3f} | " + (f"{w / j:.2f} |" if j else "– |"))
for t in objects(os.path.join(sys.argv[1], "torch.jsonl"), '{"'):
    if t.get("workload") == "launch":
        print(f"\nPyTorch, {t['op']}: {t['us_per_call']:.2f} us per call")
