#!/usr/bin/env python3
"""PyTorch reference of perfport's gemm (seed 001): cuBLAS through torch.matmul.

    python3 bench/torch_gemm.py [--out FILE.jsonl] [--sizes 1024,4096] [--reps 30]

For each size n (square m = n = k) and type, C = A @ B of uniform [-1, 1) inputs:
  float32 with torch.backends.cuda.matmul.allow_tf32 = False (true fp32 FMA, the issue's reference;
          a tf32 figure is printed beside it for scale, never used as the reference)
  float64 (DGEMM)
and both operand orders cuBLAS sees for perfport's layouts: A @ B (NN) and A @ B.T (NT; perfport's
col-major transb=t case, whose operands need no packing copy). GFLOP/s = 2 n^3 / t.

Timing: device time of each call after warm-ups (bench/torch_ref.py's timed), best and median of the
repetitions.
Each result is checked against float64 (float32 runs: ||C - C64|| / ||C64||, must be < 1e-5;
NaN never passes). Each line of --out is one JSON object (workload "gemm"), as bench/torch_ref.py
writes them; the last lines printed are a short table.
"""
import argparse
import json
import math
import statistics
import sys

import torch

from torch_ref import timed   # device time by CUDA events after warm-ups (bench/torch_ref.py)
from torch_ref import timing_fields as torch_ref_timing


def gemm(rows, n, dtype, order, reps, tf32=False):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    g = torch.Generator(device="cuda").manual_seed(n)
    a = torch.rand(n, n, device="cuda", dtype=dtype, generator=g) * 2 - 1
    b = torch.rand(n, n, device="cuda", dtype=dtype, generator=g) * 2 - 1
    bb = b.T if order == "NT" else b
    c = torch.matmul(a, bb)
    ref = torch.matmul(a.double(), bb.double())
    rel = ((c.double() - ref).norm() / ref.norm()).item()
    ms = timed(lambda: torch.matmul(a, bb), 5, reps)
    gf = 2.0 * n ** 3 / 1e9
    tol = 1e-2 if tf32 else (1e-5 if dtype == torch.float32 else 1e-12)
    r = dict(workload="gemm", op=f"torch.matmul {order}" + (" tf32" if tf32 else ""), dtype=str(dtype).replace("torch.", ""),
             n=n, tf32=tf32, best_ms=min(ms), median_ms=statistics.median(ms), metric="GFLOP/s",
             best=gf / (min(ms) / 1e3), median=gf / (statistics.median(ms) / 1e3), rel_error=rel,
             ok=bool(math.isfinite(rel) and rel < tol), **torch_ref_timing())
    rows.append(r)
    print(json.dumps(r), flush=True)
    torch.backends.cuda.matmul.allow_tf32 = False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None)
    ap.add_argument("--sizes", default="1024,4096")
    ap.add_argument("--reps", type=int, default=30)
    a = ap.parse_args()
    rows = []
    dev = torch.cuda.get_device_properties(0)
    d = dict(workload="device", name=dev.name, sms=dev.multi_processor_count, torch=torch.__version__, cuda=torch.version.cuda, ok=True)
    rows.append(d)
    print(json.dumps(d), flush=True)
    for n in [int(s) for s in a.sizes.split(",")]:
        for dtype in (torch.float32, torch.float64):
            for order in ("NN", "NT"):
                try:
                    gemm(rows, n, dtype, order, a.reps)
                except Exception as e:
                    rows.append(dict(workload="error", error=f"gemm n={n} {dtype} {order}: {type(e).__name__}: {e}", ok=False))
        try:
            gemm(rows, n, torch.float32, "NN", a.reps, tf32=True)
        except Exception as e:
            rows.append(dict(workload="error", error=f"gemm n={n} tf32: {type(e).__name__}: {e}", ok=False))
        torch.cuda.empty_cache()
    if a.out:
        with open(a.out, "a") as f:   # appended: one file gathers every bench of a call
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print("\nPyTorch gemm reference (CUDA events; best / median):")
    for r in rows:
        if "best" in r:
            print(f"  {r['op']:22} {r['dtype']:8} n={r['n']:5}: {r['best']:9.1f} / {r['median']:9.1f} GFLOP/s  "
                  f"({r['best_ms']:.4f} ms best)  rel err {r['rel_error']:.1e}  ok={r['ok']}")
        elif r.get("workload") == "error":
            print("  ERROR", r["error"])
    return 0 if all(r.get("ok", True) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
