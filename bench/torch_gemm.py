#!/usr/bin/env python3
"""PyTorch (cuBLAS) reference for perfport's gemm rows (seed 001, issue 13).

    python3 bench/torch_gemm.py [--sizes 1024,2048,4096] [--types float,double] [--reps 20] [--out FILE.jsonl]

C = alpha*A*B + beta*C with torch.addmm (row-major in torch; the layout changes neither the flop
count nor cuBLAS's speed noticeably). float32 runs with TF32
OFF (torch.backends.cuda.matmul.allow_tf32 = False, and the float32 matmul precision 'highest'),
so it is a true SGEMM; double is DGEMM. GFLOP/s = 2*m*n*k / t, t the kernel time by CUDA events
after warm-ups (no host transfers), best and median of --reps calls: the same scope as perfport's
row metric 'GFLOP/s' (kernel time only). Each result is checked against a float64 matmul on the
device (relative Frobenius error printed; a large one marks the line "ok": false).

A size is m=n=k unless given as MxNxK (e.g. 1023x517x2049). One JSON object per line on stdout
(and in --out), then a short table.
"""
import argparse
import json
import statistics
import sys

import torch

from torch_ref import timed  # CUDA-event timing shared with the other references (bench/ is on sys.path)


def parse_size(s):
    parts = [int(x) for x in s.lower().split("x")]
    if len(parts) == 1:
        return parts[0], parts[0], parts[0]
    if len(parts) != 3 or min(parts) < 1:
        raise SystemExit(f"size '{s}' must be N or MxNxK with positive integers")
    return tuple(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1024,2048,4096")
    ap.add_argument("--types", default="float,double")
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--warm", type=int, default=3)
    ap.add_argument("--alpha", type=float, default=1.5)
    ap.add_argument("--beta", type=float, default=0.5)
    ap.add_argument("--out")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print("torch_gemm.py: no CUDA device visible to PyTorch", file=sys.stderr)
        return 2
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    dtypes = {"float": torch.float32, "double": torch.float64}
    rows = []
    out = open(args.out, "w") if args.out else None
    gen = torch.Generator(device="cuda").manual_seed(42)
    for t in args.types.split(","):
        if t not in dtypes:
            raise SystemExit(f"type '{t}' must be float or double")
        for s in args.sizes.split(","):
            m, n, k = parse_size(s)
            dt = dtypes[t]
            a = torch.rand(m, k, device="cuda", dtype=dt, generator=gen) * 2 - 1
            b = torch.rand(k, n, device="cuda", dtype=dt, generator=gen) * 2 - 1
            c0 = torch.rand(m, n, device="cuda", dtype=dt, generator=gen) * 2 - 1
            c = c0.clone()
            fn = lambda: torch.addmm(c0, a, b, beta=args.beta, alpha=args.alpha, out=c)
            ms = timed(fn, args.warm, args.reps)
            ref = torch.addmm(c0.double(), a.double(), b.double(), beta=args.beta, alpha=args.alpha)
            err = (torch.linalg.norm(c.double() - ref) / torch.linalg.norm(ref)).item()
            bound = 1e-4 if t == "float" else 1e-12
            flops = 2.0 * m * n * k
            row = {"workload": "gemm", "route": "torch", "device": torch.cuda.get_device_name(), "type": t,
                   "m": m, "n": n, "k": k, "best_ms": min(ms), "median_ms": statistics.median(ms),
                   "GFLOP/s": flops / (min(ms) * 1e6), "median GFLOP/s": flops / (statistics.median(ms) * 1e6),
                   "rel_err": err, "ok": err < bound, "tf32": torch.backends.cuda.matmul.allow_tf32,
                   "torch": torch.__version__}
            rows.append(row)
            line = json.dumps(row)
            print(line, flush=True)
            if out:
                out.write(line + "\n")
    if out:
        out.close()
    print(f"{'type':7} {'m x n x k':>20} {'GFLOP/s':>10} {'median':>10} {'rel err':>9}")
    for r in rows:
        print(f"{r['type']:7} {str(r['m']) + 'x' + str(r['n']) + 'x' + str(r['k']):>20} {r['GFLOP/s']:10.1f} "
              f"{r['median GFLOP/s']:10.1f} {r['rel_err']:9.1e}{'' if r['ok'] else '  NOT OK'}")
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
