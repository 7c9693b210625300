#!/usr/bin/env python3
"""PyTorch reference for perfport's spmv workload (seed 004): torch.sparse CSR matvec
(cuSPARSE on a CUDA device) on the matrices of the issue's GPU target, built like perfport's
generators (workloads' Matrices.java):

  stencil2d:2048x2048  5-point Laplacian on a 2048 x 2048 grid: 2^22 rows, 4 on the diagonal,
                       -1 to each grid neighbour (20,963,328 non-zeros); the same matrix as perfport's.
  powerlaw:2^21:8      2^21 x 2^21, row lengths Pareto(alpha 2, minimum 4), rounded, 1..N; columns
                       uniform and distinct; values uniform in [-1, 1). Same distribution as
                       perfport's generator, not the same bits (numpy's generator, not Java's
                       SplittableRandom), so non-zero counts differ slightly: both are printed.

    python3 bench/torch_spmv.py [--out FILE.jsonl] [--reps 20] [--device cuda|cpu] [--quick]

Rates, as perfport's spmv rows name them:
  GB/s            bytes CSR really reads: row pointers 4(n+1), column indices and values 8 nnz,
                  one x read per non-zero 4 nnz, y written 4 n
  effective GB/s  the seed's 3 x nnz x 4 B / t (the same bytes for every format, so it ranks times)
  GFLOP/s         2 nnz / t
The perfport rows to set beside these (on the H100, same matrices):
  ./perfport compare spmv --backend jocl:gpu --param matrix=stencil2d:2048x2048
  ./perfport compare spmv --backend jocl:gpu --param matrix=powerlaw:2^21:8
Compare the best perfport row's effective GB/s (or GFLOP/s) with torch's: the issue's target is
the best tuned format >= 0.8x torch.sparse CSR.

Timing: device time of each matvec after warm-ups (bench/torch_ref.py's timed); best and median of --reps. The result is
checked against a float64 product on the device (max error relative to sum |a_ij x_j| per row).
"""
import argparse
import json
import statistics
import sys

import numpy as np
import torch

from torch_ref import timing_fields   # how the last timed() call measured
from torch_fft import timed   # device time on a GPU, else wall clock; the same timing as the fft reference


def stencil2d(nx, ny):
    n = nx * ny
    r = np.arange(n, dtype=np.int64)
    x, y = r % nx, r // nx
    rows, cols, vals = [r], [r], [np.full(n, 4.0, dtype=np.float32)]
    for dx, dy, ok in ((-1, 0, x > 0), (1, 0, x < nx - 1), (0, -1, y > 0), (0, 1, y < ny - 1)):
        rr = r[ok]
        rows.append(rr)
        cols.append(rr + dx + dy * nx)
        vals.append(np.full(rr.size, -1.0, dtype=np.float32))
    return coo_to_csr(n, np.concatenate(rows), np.concatenate(cols), np.concatenate(vals))


def powerlaw(n, mean, seed):
    rng = np.random.default_rng(seed)
    xm = mean / 2.0
    lengths = np.clip(np.rint(xm / np.sqrt(1.0 - rng.random(n))), 1, n).astype(np.int64)
    rows = np.repeat(np.arange(n, dtype=np.int64), lengths)
    cols = rng.integers(0, n, size=rows.size, dtype=np.int64)
    # distinct columns per row: drop repeats (a row may end one shorter, as in perfport's generator)
    key = np.unique(rows * n + cols)
    rows, cols = key // n, key % n
    vals = (rng.random(rows.size) * 2 - 1).astype(np.float32)
    return coo_to_csr(n, rows, cols, vals, ordered=True)


def coo_to_csr(n, rows, cols, vals, ordered=False):
    if not ordered:
        order = np.argsort(rows * n + cols)
        rows, cols, vals = rows[order], cols[order], vals[order]
    ptr = np.zeros(n + 1, dtype=np.int64)
    ptr[1:] = np.cumsum(np.bincount(rows, minlength=n))
    return n, ptr, cols, vals


def bench(name, mat, device, reps):
    n, ptr, cols, vals = mat
    nnz = int(vals.size)
    a = torch.sparse_csr_tensor(torch.from_numpy(ptr).to(torch.int32), torch.from_numpy(cols).to(torch.int32),
                                torch.from_numpy(vals), size=(n, n), device=device)
    x = (torch.rand(n, device=device, dtype=torch.float64) * 2 - 1).to(torch.float32)
    y = a @ x
    cuda = device.startswith("cuda")
    ms = timed(lambda: torch.mv(a, x), 5, reps, cuda)
    # check against float64 on the same device
    a64 = torch.sparse_csr_tensor(a.crow_indices(), a.col_indices(), a.values().double(), size=(n, n), device=device)
    aabs = torch.sparse_csr_tensor(a.crow_indices(), a.col_indices(), a.values().double().abs(), size=(n, n), device=device)
    want = a64 @ x.double()
    scale = aabs @ x.double().abs()
    err = float(((y.double() - want).abs() / scale.clamp_min(1e-30)).max())
    best = min(ms)
    t = best / 1e3
    moved = 4 * (n + 1) + 12 * nnz + 4 * n
    rec = {"bench": "torch.sparse CSR matvec", "matrix": name, "device": torch.cuda.get_device_name() if cuda else "cpu",
           "torch": torch.__version__, "rows": n, "nnz": nnz, "best_ms": best, "median_ms": statistics.median(ms),
           "GB/s": moved / t / 1e9, "effective GB/s": 12 * nnz / t / 1e9, "GFLOP/s": 2 * nnz / t / 1e9,
           "max_rel_error": err, "ok": err < 1e-4, **(timing_fields() if cuda else {})}
    return rec


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", help="append one JSON line per matrix to this file")
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument("--quick", action="store_true", help="small matrices (stencil2d:256x256, powerlaw:2^16:8), for a smoke test")
    p.add_argument("--seed", type=int, default=42)
    o = p.parse_args()
    cases = [("stencil2d:256x256", lambda: stencil2d(256, 256)), ("powerlaw:2^16:8", lambda: powerlaw(1 << 16, 8, o.seed))] if o.quick \
        else [("stencil2d:2048x2048", lambda: stencil2d(2048, 2048)), ("powerlaw:2^21:8", lambda: powerlaw(1 << 21, 8, o.seed))]
    recs = []
    for name, make in cases:
        rec = bench(name, make(), o.device, o.reps)
        recs.append(rec)
        print(json.dumps(rec), flush=True)
        if o.out:
            with open(o.out, "a") as f:
                f.write(json.dumps(rec) + "\n")
    print()
    print(f"{'matrix':<22}{'rows':>10}{'nnz':>12}{'best ms':>10}{'GB/s':>9}{'eff GB/s':>10}{'GFLOP/s':>9}  ok")
    for r in recs:
        print(f"{r['matrix']:<22}{r['rows']:>10}{r['nnz']:>12}{r['best_ms']:>10.3f}{r['GB/s']:>9.1f}{r['effective GB/s']:>10.1f}"
              f"{r['GFLOP/s']:>9.2f}  {r['ok']}")
    return 0 if all(r["ok"] for r in recs) else 1


if __name__ == "__main__":
    sys.exit(main())
