#!/usr/bin/env python3
"""PyTorch (cuFFT) reference for perfport's fft rows (seed 004): the same transforms.

    python3 bench/torch_fft.py [--out FILE.jsonl (appended)] [--reps N] [--device cuda|cpu]

Cases, complex64 forward transforms (torch.fft.fft along the last dimension):
  single   one transform of 2^20 points                 (perfport: --param n=2^20 --param batch=1)
  batched  2^14 transforms of 512 points                (perfport: --param n=512 --param batch=2^14)
GFLOP/s counts 5 * N * log2(N) per transform, the paper's and perfport's convention, over the
best (and median) device time of --reps calls after warm-ups (bench/torch_ref.py's timed; cuFFT
plans are made and cached in the warm-ups). Each result is checked against a complex128 torch.fft.fft
of the same input: relative L2 error per transform, worst over the batch, against perfport's bound
8 * log2(N) * 2^-24 ("ok": false beyond it). Each line of --out is one JSON object; a short table
closes the output. --device cpu runs the same on the CPU (wall-clock timing), for a smoke test.

Compare with perfport on the same GPU:
  ./perfport compare fft --param n=2^20 --param batch=1 --backend jocl:gpu
  ./perfport compare fft --param n=512 --param batch=2^14 --backend jocl:gpu
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_ref  # noqa: E402  (its CUDA-event timing; importing it runs nothing)


def timed(fn, warm, reps, cuda):
    """Milliseconds of each of reps calls of fn after warm calls: torch_ref's device timing on a GPU, else wall clock."""
    if cuda:
        return torch_ref.timed(fn, warm, reps)
    for _ in range(warm):
        fn()
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1e3)
    return out


def case(rows, name, n, batch, reps, device):
    cuda = device == "cuda"
    gen = torch.Generator().manual_seed(42)
    # uniform in [-1, 1) for real and imaginary parts, as perfport's input
    re = torch.rand(batch, n, generator=gen) * 2 - 1
    im = torch.rand(batch, n, generator=gen) * 2 - 1
    x = torch.complex(re, im).to(device)
    ref = torch.fft.fft(x.to(torch.complex128), dim=-1)
    y = torch.fft.fft(x, dim=-1)
    err = (torch.linalg.vector_norm(y.to(torch.complex128) - ref, dim=-1) / torch.linalg.vector_norm(ref, dim=-1)).max().item()
    bound = 8 * math.log2(n) * 2.0 ** -24
    ms = timed(lambda: torch.fft.fft(x, dim=-1), 5, reps, cuda)
    gflop = 5 * n * math.log2(n) * batch / 1e9
    row = dict(workload="fft", case=name, op="torch.fft.fft", dtype="complex64", n=n, batch=batch, device=device,
               name=torch.cuda.get_device_name() if cuda else "cpu", best_ms=min(ms), median_ms=statistics.median(ms),
               metric="GFLOP/s", best=gflop / (min(ms) / 1e3), median=gflop / (statistics.median(ms) / 1e3),
               rel_error=err, bound=bound, ok=bool(math.isfinite(err) and err <= bound), **(torch_ref.timing_fields() if cuda else {}))
    rows.append(row)
    print(json.dumps(row), flush=True)
    del x, y, ref


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="also write the JSON lines to this file")
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    a = ap.parse_args()
    if a.device == "cuda" and not torch.cuda.is_available():
        raise SystemExit("torch_fft.py: no CUDA device (torch " + torch.__version__ + "); --device cpu runs on the CPU")
    rows = []
    case(rows, "single", 1 << 20, 1, a.reps, a.device)
    case(rows, "batched", 512, 1 << 14, a.reps, a.device)
    if a.out:
        with open(a.out, "a") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print()
    print(f"{'case':8} {'n':>8} {'batch':>6} {'best ms':>9} {'GFLOP/s':>9} {'median GFLOP/s':>15} {'rel err':>9}  ok")
    for r in rows:
        print(f"{r['case']:8} {r['n']:>8} {r['batch']:>6} {r['best_ms']:9.4f} {r['best']:9.1f} {r['median']:15.1f} {r['rel_error']:9.2e}  {r['ok']}")


if __name__ == "__main__":
    main()
