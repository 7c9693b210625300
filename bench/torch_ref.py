#!/usr/bin/env python3
"""PyTorch reference for perfport's GPU rows: the same workloads at the same sizes.

    python3 bench/torch_ref.py [--out FILE.jsonl] [--quick]

Workloads (float32 unless said):
  reduction  torch.sum of n = 2^25 and 2^28 uniform [0, 1) floats        -> GB/s (bytes read)
  scan       torch.cumsum of n = 2^25 and 2^28 (float32 and int32)       -> Gelem/s
  var        the VaR valuation of perfport's var workload (seed 000): nsim simulated markets
             (stock index S, foreign rate r, exchange rate X from three correlated normals) and
             npos = 2^17 positions alternating foreign bonds (amount * X * exp(-r * tau)) and
             stock holdings (amount * S); one value per simulation, the sum over the positions,
             as torch.compile fuses it (no nsim x npos matrix in memory)            -> mpps
             (mpps = 2^-20 * nsim * npos / t, perfport's metric). nsim = 16*2*256*132 = 1081344,
             perfport's tuned H100 configuration (simbs 16, vwidth 2, wgsize 256, ngroup 132).
  stream     BabelStream's kernels as PyTorch ops on n = 2^28 float32 and float64 (perfport's stream
             workload): copy c.copy_(a), mul torch.mul(c, s, out=b), add torch.add(a, b, out=c),
             triad torch.add(b, c, alpha=s, out=a), dot torch.dot(a, b), s = 0.4      -> GB/s
             (BabelStream's bytes: copy and mul 2 arrays, add and triad 3, dot 2 reads)
  launch     torch.sum of n = 1024, 10,000 calls back to back: host time per call (Python and
             the launch; no synchronisation per call), beside perfport's per-launch host time; and
             10,000 calls of torch.sum(x).item(), each result read back (perfport's readback=each).

Timing: the device's time for each call, by CUDA events, after warm-ups (torch.compile's compilation
happens in the warm-ups), best and median of the repetitions. A spin kernel before each call keeps
the GPU busy while the host queues it, so PyTorch's host dispatch stays out of the figure, as it
stays out of perfport's kernel times; each line also gives dispatch_median_ms, the median with the
dispatch inside (the events around a call on an idle GPU). The launch lines are host time. Every result is checked against a float64
reference (relative error printed); NaN or a large error marks the line "ok": false.
Each line of --out is one JSON object; the last lines printed are a short table.
"""
import argparse
import json
import math
import statistics
import sys
import time

import torch


# The spin before each timed call (torch.cuda._sleep, in GPU clock cycles), calibrated once, and the last
# timed() call's median with PyTorch's host dispatch inside the events: see timed().
_spin = {"cycles_per_ms": None}
_last = {}


def _cycles_per_ms():
    if _spin["cycles_per_ms"] is None:
        torch.cuda.synchronize()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        cycles = 2_000_000
        torch.cuda._sleep(cycles // 10)   # the clock up before it is measured
        a.record()
        torch.cuda._sleep(cycles)
        b.record()
        b.synchronize()
        _spin["cycles_per_ms"] = cycles / a.elapsed_time(b)
    return _spin["cycles_per_ms"]


def timed(fn, warm, reps):
    """Milliseconds of device work of each of reps calls of fn, by CUDA events, after warm calls.

    A spin kernel (torch.cuda._sleep) keeps the GPU busy while the host records the start event and
    queues fn's kernels, so the events bracket the device's work only, as perfport's kernel times do.
    Without it the start event fires on an idle GPU and the interval also holds PyTorch's host
    dispatch (Python, the dispatcher, plan caches): tens of microseconds, which at an FFT of 2^20
    points or an SGEMM of 1024 is a large part of the figure. That older figure is kept per case
    as dispatch_median_ms (timing_fields()). A repetition whose spin ended before the host had
    queued the call (the start event later than the spin's end) is repeated with a longer spin, ten
    times in all; past that such repetitions are kept and counted (reps_with_dispatch)."""
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    with_dispatch = []
    for _ in range(min(reps, 20)):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        with_dispatch.append(a.elapsed_time(b))
    host = []
    for _ in range(3):
        t = time.perf_counter()
        fn()
        host.append((time.perf_counter() - t) * 1e3)
        torch.cuda.synchronize()
    spin_ms = max(0.1, 4 * max(host))
    out = []
    tries = short = 0
    while len(out) < reps:
        s, a, b = (torch.cuda.Event(enable_timing=True) for _ in range(3))
        s.record()
        torch.cuda._sleep(int(spin_ms * _cycles_per_ms()))
        a.record()
        fn()
        b.record()
        b.synchronize()
        if s.elapsed_time(a) > 1.1 * spin_ms + 0.01:   # the GPU went idle before the call's kernels came
            if tries < 10:
                spin_ms *= 2
                tries += 1
                continue
            short += 1   # kept, and counted: this repetition's figure holds some of the dispatch
        out.append(a.elapsed_time(b))
    _last.clear()
    _last.update(timing="device (a spin kernel covers the host's dispatch)", dispatch_median_ms=statistics.median(with_dispatch),
                 reps_with_dispatch=short)
    return out


def timing_fields():
    """How the last timed() call measured, for its JSON line: device time, and the median with host dispatch inside."""
    return dict(_last)


def line(rows, **kw):
    kw.update(timing_fields())
    _last.clear()
    rows.append(kw)
    print(json.dumps(kw), flush=True)


def reduction(rows, n, reps):
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    ref = x.double().sum().item()
    got = torch.sum(x).item()
    rel = abs(got - ref) / abs(ref)
    ms = timed(lambda: torch.sum(x), 5, reps)
    gb = n * 4 / 1e9
    line(rows, workload="reduction", op="torch.sum", dtype="float32", n=n, best_ms=min(ms), median_ms=statistics.median(ms),
         metric="GB/s", best=gb / (min(ms) / 1e3), median=gb / (statistics.median(ms) / 1e3), rel_error=rel,
         ok=bool(rel < 1e-4 and math.isfinite(got)))
    del x


def scan(rows, n, reps, dtype):
    if dtype == torch.float32:
        x = torch.rand(n, device="cuda", dtype=dtype)
    else:
        x = torch.randint(-100, 101, (n,), device="cuda", dtype=dtype)
    y = torch.cumsum(x, 0, dtype=dtype)   # int32 stays int32 (PyTorch would widen to int64), as perfport's scan
    # check the last 1024 elements against a float64 / int64 scan
    ref = torch.cumsum(x.double() if dtype == torch.float32 else x.long(), 0)[-1024:]
    got = y[-1024:].double() if dtype == torch.float32 else y[-1024:].long()
    if dtype == torch.float32:
        rel = ((got - ref).abs().max() / ref.abs().max()).item()
        ok = rel < 1e-3 and math.isfinite(rel)
    else:
        rel = float((got != ref).sum().item())
        ok = rel == 0
    ms = timed(lambda: torch.cumsum(x, 0, dtype=dtype, out=y), 5, reps)
    line(rows, workload="scan", op="torch.cumsum", dtype=str(dtype).replace("torch.", ""), n=n, best_ms=min(ms),
         median_ms=statistics.median(ms), metric="Gelem/s", best=n / (min(ms) / 1e3) / 1e9,
         median=n / (statistics.median(ms) / 1e3) / 1e9, rel_error=rel, ok=bool(ok))
    del x, y


# perfport's built-in VaR market (workloads/.../var/default-input.json): S0, r0, X0, mean change, covariance
S0, R0, X0 = 1000.0, 0.05, 1.2
MU = (2.0, 0.0, 0.0)
COV = [[1600.0, -0.016, 0.36], [-0.016, 4.0e-6, 6.0e-6], [0.36, 6.0e-6, 9.0e-4]]


def portfolio(npos, gen):
    """Alternating foreign bonds (even positions) and stock-index holdings (odd), as perfport generates."""
    i = torch.arange(npos)
    stock = (i % 2) == 1
    amount = torch.where(stock, torch.randint(1, 11, (npos,), generator=gen).float(),
                         torch.randint(1000, 10001, (npos,), generator=gen).float())
    days = torch.randint(30, 3651, (npos,), generator=gen).float()
    tau = days / 365.25
    return stock.cuda(), amount.cuda(), tau.cuda()


def markets(z, chol):
    """S, r, X of each simulation from three standard normals per simulation."""
    d = z @ chol.T
    return S0 + (MU[0] + d[:, 0]), R0 + (MU[1] + d[:, 1]), X0 + (MU[2] + d[:, 2])


def valuation(S, r, X, stock, amount, tau):
    # one term per (simulation, position): STOCK amount*S, FBOND amount*X*exp(-r*tau); summed per simulation
    terms = torch.where(stock, amount * S[:, None], amount * X[:, None] * torch.exp(-r[:, None] * tau))
    return terms.sum(dim=1)


def valuation_split(S, r, X, s_amount, b_amount, b_tau):
    # the same terms with the positions split by kind beforehand, so that exp runs for bonds only
    # (as perfport's kernel branches per position): one reduction over the stocks, one over the bonds
    return (s_amount * S[:, None]).sum(dim=1) + (b_amount * X[:, None] * torch.exp(-r[:, None] * b_tau)).sum(dim=1)


def var(rows, npos, nsim, reps, split=False):
    gen = torch.Generator().manual_seed(42)
    stock, amount, tau = portfolio(npos, gen)
    fn = valuation
    if split:   # same portfolio, positions grouped by kind
        s_amount, b_amount, b_tau = amount[stock], amount[~stock], tau[~stock]
        fn = lambda S, r, X, stock, amount, tau: valuation_split(S, r, X, s_amount, b_amount, b_tau)
    chol = torch.linalg.cholesky(torch.tensor(COV, dtype=torch.float64)).float().cuda()
    z = torch.randn(nsim, 3, device="cuda")
    S, r, X = markets(z, chol)
    compiled = torch.compile(fn, dynamic=False)
    chunk = nsim

    def value(s_, r_, x_):
        if chunk == nsim:
            return compiled(s_, r_, x_, stock, amount, tau)
        return torch.cat([compiled(s_[i:i + chunk], r_[i:i + chunk], x_[i:i + chunk], stock, amount, tau)
                          for i in range(0, nsim, chunk)])

    try:
        v = value(S, r, X)
        torch.cuda.synchronize()
    except Exception as e:   # inductor did not fuse: value in chunks of simulations instead
        print(f"var: full valuation failed ({type(e).__name__}: {e}); chunks of 8192 simulations", file=sys.stderr)
        chunk = 8192
        v = value(S, r, X)

    def run():
        zz = torch.randn(nsim, 3, device="cuda")
        s_, r_, x_ = markets(zz, chol)
        return value(s_, r_, x_)

    # float64 reference on the first 512 simulations
    k = 512
    ref = torch.where(stock, amount.double() * S[:k, None].double(),
                      amount.double() * X[:k, None].double() * torch.exp(-r[:k, None].double() * tau.double())).sum(1)
    scale = amount.double().abs().sum() * max(S0, X0) * 2
    rel = ((v[:k].double() - ref).abs().max() / scale).item()
    ms = timed(run, 3, reps)
    work = nsim * npos / 2 ** 20
    line(rows, workload="var", op="torch.compile valuation" + (", positions split by kind" if split else ", torch.where over positions")
         + " (+ torch.randn normals)", dtype="float32", npos=npos, nsim=nsim,
         chunk=chunk, best_ms=min(ms), median_ms=statistics.median(ms), metric="mpps",
         best=work / (min(ms) / 1e3), median=work / (statistics.median(ms) / 1e3), rel_error=rel,
         ok=bool(rel < 1e-4 and math.isfinite(rel)))


def stream(rows, n, reps, dtype):
    s = 0.4
    g = torch.Generator(device="cuda").manual_seed(42)
    a, b, c = (torch.rand(n, device="cuda", dtype=dtype, generator=g) * 2 - 1 for _ in range(3))
    tol = 1e-5 if dtype == torch.float32 else 1e-12
    ops = [("copy", 2, lambda: c.copy_(a), lambda: torch.equal(c, a)),
           ("mul", 2, lambda: torch.mul(c, s, out=b), lambda: torch.allclose(b, c * s, rtol=tol, atol=0)),
           ("add", 3, lambda: torch.add(a, b, out=c), lambda: torch.allclose(c, a + b, rtol=tol, atol=0)),
           ("triad", 3, lambda: torch.add(b, c, alpha=s, out=a), lambda: torch.allclose(a, b + s * c, rtol=tol, atol=tol)),
           ("dot", 2, lambda: torch.dot(a, b),
            lambda: abs(torch.dot(a, b).item() - torch.dot(a.double(), b.double()).item())
            <= 1e-3 * torch.dot(a.double().abs(), b.double().abs()).item())]
    for name, arrays, fn, check in ops:
        ms = timed(fn, 5, reps)
        gb = arrays * n * a.element_size() / 1e9
        line(rows, workload="stream", op=name, dtype=str(dtype).replace("torch.", ""), n=n, best_ms=min(ms),
             median_ms=statistics.median(ms), metric="GB/s", best=gb / (min(ms) / 1e3), median=gb / (statistics.median(ms) / 1e3),
             ok=bool(check()))
    del a, b, c


def launch(rows, calls):
    x = torch.rand(1024, device="cuda")
    for _ in range(100):
        torch.sum(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        torch.sum(x)
    torch.cuda.synchronize()
    t = time.perf_counter() - t0
    line(rows, workload="launch", op="torch.sum n=1024, back to back", dtype="float32", n=1024, calls=calls,
         us_per_call=t / calls * 1e6, metric="us/call", ok=True)
    # the same with each result brought to the host (.item() waits for the kernel and copies 4 bytes): perfport's
    # readback=each rows do the same work
    for _ in range(100):
        torch.sum(x).item()
    t0 = time.perf_counter()
    for _ in range(calls):
        torch.sum(x).item()
    t = time.perf_counter() - t0
    line(rows, workload="launch", op="torch.sum(x).item() n=1024, a read-back each", dtype="float32", n=1024, calls=calls,
         us_per_call=t / calls * 1e6, metric="us/call", ok=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None)
    ap.add_argument("--quick", action="store_true", help="small sizes and few repetitions (a smoke test)")
    ap.add_argument("--only", default="reduction,scan,stream,var,launch")
    a = ap.parse_args()
    only = set(a.only.split(","))
    rows = []
    dev = torch.cuda.get_device_properties(0)
    line(rows, workload="device", name=dev.name, sms=dev.multi_processor_count, torch=torch.__version__,
         cuda=torch.version.cuda, ok=True)
    big = [2 ** 20] if a.quick else [2 ** 25, 2 ** 28]
    reps = 5 if a.quick else 30
    steps = []
    if "reduction" in only:
        steps += [lambda n=n: reduction(rows, n, reps) for n in big]
    if "scan" in only:
        steps += [lambda n=n, d=d: scan(rows, n, reps, d) for n in big for d in (torch.float32, torch.int32)]
    if "stream" in only:
        steps += [lambda d=d: stream(rows, 2 ** 20 if a.quick else 2 ** 28, reps, d) for d in (torch.float32, torch.float64)]
    if "var" in only:
        for split in (False, True):
            steps.append(lambda split=split: var(rows, 2 ** 12 if a.quick else 2 ** 17, 2 ** 14 if a.quick else 16 * 2 * 256 * 132,
                                                 3 if a.quick else 10, split))
    if "launch" in only:
        steps.append(lambda: launch(rows, 1000 if a.quick else 10000))
    for s in steps:
        try:
            s()
        except Exception as e:
            line(rows, workload="error", error=f"{type(e).__name__}: {e}", ok=False)
        torch.cuda.empty_cache()
    if a.out:
        with open(a.out, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print("\nPyTorch reference (CUDA events; best / median):")
    for r in rows:
        if "best" in r:
            print(f"  {r['workload']:9} {r['op'][:44]:44} {r['dtype']:7} n={r.get('n', r.get('nsim'))}: "
                  f"{r['best']:.1f} / {r['median']:.1f} {r['metric']}  ({r['best_ms']:.3f} ms best)  ok={r['ok']}")
        elif "us_per_call" in r:
            print(f"  launch    {r['op']}: {r['us_per_call']:.2f} us per call")
    return 0 if all(r.get("ok", True) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
