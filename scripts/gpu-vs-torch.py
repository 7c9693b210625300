#!/usr/bin/env python3
"""perfport's GPU rows beside the PyTorch reference of the same device call (issue 16).

    python3 scripts/gpu-vs-torch.py DIR      # DIR holds results.jsonl, torch.jsonl [, overhead.jsonl]

Prints a markdown table: for each workload and size, the best verified perfport row of each
route and variant group (the papers' variants; tuned / single-pass), PyTorch's best and median,
and the ratio of best to best (higher is better for perfport; throughput metrics). Then host time
per launch: (wall of 20,100 repetitions - wall of 100) / 20,000 per backend, beside PyTorch's time
per torch.sum call at n = 1024.
"""
import json
import os
import sys

PAPER = {"local-atomic", "static-local", "two-kernel", "harris", "v1", "scanplus"}


def objects(path):
    if not os.path.exists(path):
        return
    text, dec, i = open(path).read(), json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        obj, i = dec.raw_decode(text, i)
        yield obj


def metric(row):
    m = row.get("metrics") or {}
    for k in ("GB/s", "Gelem/s", "mpps", "GFLOP/s"):
        if k in m:
            return k, m[k]
    return None, None


def num(x, default=-1):
    """A row parameter as an integer: 1048576, "1048576" or "2^20"."""
    try:
        t = str(x)
        return 2 ** int(t[2:]) if t.startswith("2^") else int(t)
    except (TypeError, ValueError):
        return default


def fmt(v):
    return "-" if v is None else (f"{v:.0f}" if v >= 100 else f"{v:.3g}")


def main(d):
    rows = []
    for s in objects(os.path.join(d, "results.jsonl")):
        for r in s.get("rows") or []:
            if isinstance(r, dict) and "params" in r:
                r["_step"] = s["name"]
                rows.append(r)
    torch = list(objects(os.path.join(d, "torch.jsonl")))
    tgemm = [t for t in objects(os.path.join(d, "torch-gemm.jsonl")) if t.get("workload") == "gemm"]
    dev = next((t for t in torch if t.get("workload") == "device"), {})
    gpu = next((r["device"] for r in rows if r.get("device")), "?")
    print(f"## perfport beside PyTorch, one device call\n\nperfport device: {gpu}; PyTorch {dev.get('torch', '?')} "
          f"(CUDA {dev.get('cuda', '?')}) on {dev.get('name', '?')}, {dev.get('sms', '?')} SMs.\n")
    print("| workload | size | perfport row (route, variant, settings) | perfport | PyTorch best / median | ratio (best/best) |")
    print("|---|---|---|---|---|---|")

    def ref(workload, n, dtype="float32"):
        for t in torch:
            if t.get("workload") == workload and (t.get("n") == n or workload == "var") and t.get("dtype") == dtype:
                return t
        return None
    npos = sorted({int(r["params"]["npos"]) for r in rows if r["workload"] == "var"})

    def best(pred):
        c = [r for r in rows if r["verified"] and metric(r)[1] and pred(r)]
        return max(c, key=lambda r: metric(r)[1]) if c else None

    def failed(pred):
        return [r for r in rows if not r["verified"] and pred(r)]

    def settings(r, keys):
        p = r["params"]
        return " ".join(f"{k}={p[k]}" for k in keys if k in p)

    def emit(workload, label, n, t, group, backend, keys, extra=lambda r: True):
        pred = lambda r: (r["workload"] == workload and int(r["params"].get("n", r["params"].get("npos", 0))) == n
                          and r["backend"] == backend and group(r["variant"]) and extra(r))
        b = best(pred)
        tb = t["best"] if t and t.get("ok") else None
        tm = t["median"] if t and t.get("ok") else None
        if b is None:
            f = failed(pred)
            if f:
                print(f"| {label} | {n_label(n)} | {backend} {f[0]['variant']}: FAILED ({(f[0].get('error') or '')[:90]}) | - | "
                      f"{fmt(tb)} / {fmt(tm)} | - |")
            return
        unit, v = metric(b)
        ratio = f"**{v / tb:.2f}×**" if tb else "-"
        print(f"| {label} | {n_label(n)} | {backend} {b['variant']} {settings(b, keys)} | {fmt(v)} {unit} | "
              f"{fmt(tb)} / {fmt(tm)} {unit} | {ratio} |")

    def n_label(n):
        return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)

    rkeys = ("vw", "ipt", "gpc", "wg")
    sizes = lambda w: sorted({int(r["params"]["n"]) for r in rows if r["workload"] == w and int(r["params"]["n"]) >= 2 ** 16})
    for n in sizes("reduction"):
        t = ref("reduction", n)
        for typ in ("int", "float"):
            tt = lambda r, typ=typ: r["params"].get("type") == typ
            lab = f"reduction ({typ}) vs torch.sum float32"
            emit("reduction", lab, n, t, lambda v: v in PAPER, "jocl", ("wg",), tt)
            emit("reduction", lab, n, t, lambda v: v == "tuned", "jocl", rkeys, tt)
            emit("reduction", lab, n, t, lambda v: v == "tuned", "aparapi", rkeys, tt)
    for n in sizes("scan"):
        for typ, dt in (("int", "int32"), ("float", "float32")):
            t = ref("scan", n, dt)
            tt = lambda r, typ=typ: r["params"].get("type") == typ and r["params"].get("op") == "add"
            lab = f"scan ({typ}, add) vs torch.cumsum {dt}"
            emit("scan", lab, n, t, lambda v: v in PAPER, "jocl", ("sums", "k"), tt)
            emit("scan", lab, n, t, lambda v: v == "single-pass", "jocl", ("wg", "items", "k", "striped", "lookback", "rake", "warp", "coalesce", "regs"), tt)
            emit("scan", lab, n, t, lambda v: v == "single-pass", "aparapi", ("wg", "items", "k", "striped"), tt)
    for t in [x for x in torch if x.get("workload") == "var"] or [None]:
        form = (t or {}).get("op", "torch.compile").split(" (")[0]
        for np_ in npos:
            for b in ("jocl", "aparapi"):
                emit("var", f"VaR, npos {np_}, PyTorch nsim {t.get('nsim') if t else '?'} vs {form}", np_, t,
                     lambda v: True, b, ("posbs", "simbs", "vwidth", "wgsize", "ngroup"), lambda r: r["params"].get("math", "exact") == "exact")
                emit("var", f"VaR, npos {np_}, PyTorch nsim {t.get('nsim') if t else '?'} vs {form}", np_, t,
                     lambda v: True, b, ("posbs", "simbs", "vwidth", "wgsize", "ngroup", "math"), lambda r: r["params"].get("math") == "relaxed")
    # gemm: cuBLAS through torch.matmul (tf32 off), the faster of A@B and A@B.T as the reference
    gkeys = ("copies", "mwg", "nwg", "kwg", "mdimc", "ndimc", "mdima", "ndimb", "kwi", "vwm", "vwn", "strm", "strn", "sa", "sb")
    gsizes = sorted({int(r["params"]["n"]) for r in rows if r["workload"] == "gemm"})
    for n in gsizes:
        for typ, dt in (("float", "float32"), ("double", "float64")):
            refs = [t for t in tgemm if t.get("n") == n and t.get("dtype") == dt and not t.get("tf32") and t.get("ok")]
            t = max(refs, key=lambda t: t["best"]) if refs else None
            op = t["op"].replace("torch.matmul ", "") if t else "?"
            for copies in ("none", "other"):
                cp = (lambda r: r["params"].get("copies") == "none") if copies == "none" else (lambda r: r["params"].get("copies") != "none")
                emit("gemm", f"gemm {typ} m=n=k vs torch.matmul {dt} ({op}, tf32 off)", n, t, lambda v: True, "jocl", gkeys,
                     lambda r, typ=typ, cp=cp: r["params"].get("type") == typ and int(r["params"]["m"]) == n and int(r["params"]["k"]) == n and cp(r))

    ov = list(objects(os.path.join(d, "overhead.jsonl")))
    if ov:
        print("\n### Host time per launch (n = 1024, tuned reduction, gpc = 1: one launch and a 4-byte read-back each)\n")
        print("| backend | wall, 100 reps | wall, 20,100 reps | host time per launch | kernel time (best) |")
        print("|---|---|---|---|---|")
        by = {}
        for o in ov:
            by.setdefault(o["backend"], {})[o["reps"]] = o
        for b, m in by.items():
            a, z = m.get(100), m.get(20100)
            if not a or not z or a["rc"] or z["rc"]:
                print(f"| {b} | failed (rc {a and a['rc']}, {z and z['rc']}) | | | |")
                continue
            per = (z["nanos"] - a["nanos"]) / 20000 / 1000
            rr = (z.get("rows") or [{}])[0]
            kern = (rr.get("profile") or {}).get("kernelNanos", 0) / max(1, (rr.get("profile") or {}).get("launches", 1)) / 1000
            print(f"| {b} | {a['nanos'] / 1e9:.2f} s | {z['nanos'] / 1e9:.2f} s | **{per:.1f} µs** | {kern:.1f} µs (mean) |")
        t = next((x for x in torch if x.get("workload") == "launch"), None)
        if t:
            print(f"| PyTorch torch.sum, {t['calls']} calls, no sync per call | | | {t['us_per_call']:.1f} µs | |")
    # other helpers' workloads (fft, ...) beside their bench/torch_<w>.py lines in torch-others.jsonl: same workload, n, batch
    others = list(objects(os.path.join(d, "torch-others.jsonl")))
    if others:
        print("\n### Other workloads beside their PyTorch references (same call)\n")
        print("| workload | case | perfport row | perfport | PyTorch best / median | ratio (best/best) |")
        print("|---|---|---|---|---|---|")
        for t in others:
            if t.get("matrix"):   # bench/torch_spmv.py: one line per matrix, effective GB/s (3 nnz x 4 B / t) as perfport's rows
                tb = t.get("effective GB/s") if t.get("ok") else None
                for backend in sorted({r["backend"] for r in rows if r["workload"] == "spmv"}):
                    c = [r for r in rows if r["workload"] == "spmv" and r["backend"] == backend and r["verified"]
                         and r["params"].get("matrix") == t["matrix"] and (r.get("metrics") or {}).get("effective GB/s")]
                    if not c:
                        print(f"| spmv | {t['matrix']} | {backend}: no verified row | - | {fmt(tb)} effective GB/s | - |")
                        continue
                    b = max(c, key=lambda r: r["metrics"]["effective GB/s"])
                    v = b["metrics"]["effective GB/s"]
                    keys = " ".join(f"{k}={x}" for k, x in b["params"].items() if k not in ("matrix", "reps", "seed"))
                    print(f"| spmv | {t['matrix']} | {backend} {b['variant']} {keys[:120]} | {fmt(v)} effective GB/s | "
                          f"{fmt(tb)} effective GB/s (torch.sparse CSR, {t['best_ms']:.3f} ms) | {('**%.2f×**' % (v / tb)) if tb else '-'} |")
                continue
            if "best" not in t:
                continue
            match = lambda r, t=t: (r["workload"] == t["workload"] and num(r["params"].get("n")) == t.get("n")
                                    and num(r["params"].get("batch", 1)) == t.get("batch", 1))
            for backend in sorted({r["backend"] for r in rows if r["workload"] == t["workload"]}):
                c = [r for r in rows if r["backend"] == backend and r["verified"] and metric(r)[1] and match(r)]
                tb = t["best"] if t.get("ok") else None
                if not c:
                    print(f"| {t['workload']} | {t.get('case', '')} n={t.get('n')} batch={t.get('batch', 1)} | {backend}: no verified row | - | {fmt(tb)} / {fmt(t.get('median'))} | - |")
                    continue
                b = max(c, key=lambda r: metric(r)[1])
                unit, v = metric(b)
                keys = " ".join(f"{k}={x}" for k, x in b["params"].items() if k not in ("n", "batch", "reps", "seed"))
                print(f"| {t['workload']} | {t.get('case', '')} n={t.get('n')} batch={t.get('batch', 1)} | {backend} {b['variant']} {keys[:120]} | "
                      f"{fmt(v)} {unit} | {fmt(tb)} / {fmt(t.get('median'))} {unit} | {('**%.2f×**' % (v / tb)) if tb else '-'} |")
    queued = [r for r in rows if r["verified"] and "wall us/launch" in (r.get("metrics") or {})]
    if queued:
        print("\n### Host time per launch, launches queued back to back (reduction `tuned`, `launches=N`: one wait, one 4-byte read)\n")
        print("| backend | step | n | launches | wall per launch | kernel per launch | wall / kernel |")
        print("|---|---|---|---|---|---|---|")
        for r in queued:
            m, p = r["metrics"], r["params"]
            print(f"| {r['backend']} | {r['_step']} | {n_label(int(p['n']))} ({p.get('type')}) | {p.get('launches')} | "
                  f"**{m['wall us/launch']:.2f} µs** | {m['kernel us/launch']:.2f} µs | {m['wall us/launch'] / m['kernel us/launch']:.3f} |")
        t = next((x for x in torch if x.get("workload") == "launch"), None)
        if t:
            print(f"| PyTorch | torch.sum, {t['calls']} calls, no sync per call | 1024 | {t['calls']} | {t['us_per_call']:.2f} µs | | |")
    raw = os.path.join(d, "jocl-raw.txt")
    if os.path.exists(raw):
        print("\n### Raw JOCL, piece by piece (bench/JoclLaunchOverhead.java, mean over 20,000 calls)\n")
        print("```")
        print(open(raw).read().strip())
        print("```")
    big = [r for r in rows if r["verified"] and r["workload"] == "reduction" and r["backend"] == "jocl"
           and r["_step"].startswith("i16-reduction-best") and r.get("wallNanos")]
    if big:
        print("\n### Wall time against kernel time (jocl, tuned reduction, best repetition)\n")
        print("| size | type | wall | kernel | wall / kernel |")
        print("|---|---|---|---|---|")
        for r in big:
            n = int(r["params"]["n"])
            k = n * (4) / metric(r)[1]   # ns: bytes / (GB/s)
            print(f"| {n_label(n)} | {r['params']['type']} | {r['wallNanos'] / 1e3:.1f} µs | {k / 1e3:.1f} µs | {r['wallNanos'] / k:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
