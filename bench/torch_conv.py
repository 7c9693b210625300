#!/usr/bin/env python3
"""PyTorch reference for perfport's convolution (seed 002): a single-channel 2-D
convolution of a float32 image with a float32 filter through torch.nn.functional.conv2d
(cuDNN on a GPU), the same problem as `perfport run convolution --param width=W --param
height=H --param fw=F --param fh=F`: the input carries the border (W+F-1 x H+F-1), the output
is W x H ("valid" convolution; conv2d is a cross-correlation, as perfport's kernels are).

    python3 bench/torch_conv.py [--width 8192] [--height 8192] [--filter 17] [--reps 20]
                                [--out FILE.jsonl] [--tf32]

TF32 is off unless --tf32 (fp32 FMA, as perfport's kernels). Timing: device time of each call
after warm-ups (bench/torch_ref.py's timed; cuDNN's algorithm search happens in the warm-ups,
torch.backends.cudnn.benchmark on); best and median of the repetitions. GFLOP/s = 2*F*F*W*H / t, the thesis's count (seed 002
§4.1). The result is checked against a float64 reference on a sample of rows (relative error
printed; a large error marks the line "ok": false). One JSON line per run on stdout (and --out).
"""
import argparse
import json
import os
import statistics
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--width", type=int, default=8192)
    ap.add_argument("--height", type=int, default=8192)
    ap.add_argument("--filter", type=int, default=17)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--tf32", action="store_true", help="allow TF32 (off by default: fp32 FMA)")
    ap.add_argument("--out", help="append the JSON line to this file")
    a = ap.parse_args()
    if a.width < 1 or a.height < 1 or a.filter < 1 or a.reps < 1:
        print("width, height, filter and reps must be >= 1", file=sys.stderr)
        return 2
    try:
        import torch
        import torch.nn.functional as F
    except ImportError as e:
        print(f"torch is not installed: {e}", file=sys.stderr)
        return 2
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    torch.backends.cuda.matmul.allow_tf32 = a.tf32
    torch.backends.cudnn.allow_tf32 = a.tf32
    torch.backends.cudnn.benchmark = True
    W, H, Fs = a.width, a.height, a.filter
    g = torch.Generator(device="cpu").manual_seed(42)
    x = (torch.rand((1, 1, H + Fs - 1, W + Fs - 1), generator=g) * 2 - 1).to(dev)
    w = (torch.rand((1, 1, Fs, Fs), generator=g) * 2 - 1).to(dev)
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from torch_fft import timed   # device time on a GPU, else wall clock, as torch_spmv.py takes it
    from torch_ref import timing_fields
    with torch.no_grad():
        times = [ms / 1e3 for ms in timed(lambda: F.conv2d(x, w), a.warmup, a.reps, dev == "cuda")]
        timing = timing_fields() if dev == "cuda" else {}
        y = F.conv2d(x, w)
        # check a sample of rows against float64
        rows = sorted(set([0, H - 1] + list(range(0, H, max(1, H // 16)))))
        xd, wd = x.double(), w.double()
        err = 0.0
        for r in rows:
            ref = F.conv2d(xd[:, :, r:r + Fs, :], wd)[0, 0, 0]
            got = y[0, 0, r].double()
            scale = F.conv2d(xd[:, :, r:r + Fs, :].abs(), wd.abs())[0, 0, 0]
            err = max(err, float(((got - ref).abs() / scale.clamp_min(1e-30)).max()))
    best, med = min(times), statistics.median(times)
    flop = 2.0 * Fs * Fs * W * H
    line = {"workload": "convolution", "impl": "torch.nn.functional.conv2d", "device":
            torch.cuda.get_device_name() if dev == "cuda" else "cpu", "width": W, "height": H, "filter": Fs,
            "tf32": a.tf32, "best_ms": best * 1e3, "median_ms": med * 1e3, "gflops_best": flop / best / 1e9,
            "gflops_median": flop / med / 1e9, "max_rel_err": err, "ok": err < 1e-4 and y.isfinite().all().item(),
            "torch": torch.__version__, "cudnn": torch.backends.cudnn.version() if dev == "cuda" else None, **timing}
    print(json.dumps(line))
    if a.out:
        with open(a.out, "a") as f:
            f.write(json.dumps(line) + "\n")
    print(f"conv2d {W}x{H} filter {Fs}x{Fs} on {line['device']}: best {best*1e3:.3f} ms "
          f"({flop/best/1e9:.1f} GFLOP/s), median {med*1e3:.3f} ms, max rel err {err:.2e}", file=sys.stderr)
    return 0 if line["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
