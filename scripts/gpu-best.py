#!/usr/bin/env python3
"""The tuned configuration of one `tune` step of scripts/gpu-suite.sh as perfport arguments.

    python3 scripts/gpu-best.py RESULTS.jsonl STEP [RANK]

Prints "--param name=value ..." for the RANK-th best verified evaluation (1 = the tuner's best)
of the tune step named STEP in RESULTS.jsonl; nothing when the step or that rank is missing.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_results import objects  # noqa: E402


def main(path, step, rank=1):
    for s in objects(path):
        if s.get("name") != step or not s.get("rows"):
            continue
        row = s["rows"][0]
        recs = sorted((r for r in row.get("records") or [] if r.get("status") == "ok" and r.get("value")),
                      key=lambda r: -r["value"])
        best = recs[rank - 1]["params"] if len(recs) >= rank else (row.get("best") if rank == 1 else None)
        if best:
            print(" ".join(f"--param {k}={v}" for k, v in best.items()))
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1))
