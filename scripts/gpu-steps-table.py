#!/usr/bin/env python3
"""The table of one call of the 2026-11-27 GPU scripts (gpu-i13-splitk.sh, gpu-confirm.sh,
gpu-scan-sweep.sh, gpu-var-routes.sh, gpu-conv-routes.sh), from OUT_DIR/results.jsonl and the
PyTorch references beside it: gemm rows (GFLOP/s, ks, tile) with each route's best over jocl's
best and cuBLAS; launch-overhead and wall rows beside PyTorch's launch loop; scan rows beside
torch.cumsum; var and conv rows with the Java route's kernel time over jocl's; cmp-* steps (several
routes in one compare, gpu-tornado-routes.sh) with each row's kernel time over jocl's row.

    python3 scripts/gpu-steps-table.py OUT_DIR
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_results import objects  # noqa: E402

KEYS = ["mwg", "nwg", "kwg", "mdimc", "ndimc", "mdima", "ndimb", "kwi", "vwm", "vwn", "strm", "strn", "sa", "sb", "ks"]


def refs(d, name):
    return objects(os.path.join(d, name), '{"')


def rows(res, prefixes):
    for s in res:
        if s["name"].startswith(prefixes) and isinstance(s.get("rows"), list):
            for r in s["rows"]:
                yield s, r


def gemm(res, d):
    cublas = [t for t in refs(d, "torch-gemm.jsonl")
              if t.get("workload") == "gemm" and t.get("n") == 1024 and t.get("dtype") == "float32" and not t.get("tf32")]
    lines, best = [], {}
    for s, r in rows(res, ("jocl-", "aparapi-", "tornado-")):
        if r.get("workload") != "gemm":
            continue
        p = r.get("params") or {}
        if not r.get("verified"):
            lines.append(f"| {s['name']} | {r['backend']} | no | – | {r.get('error')} |")
            continue
        g = (r.get("metrics") or {}).get("GFLOP/s", 0)
        lines.append(f"| {s['name']} | {r['backend']} | True | {g:,.0f} | {' '.join(str(p.get(k, '-')) for k in KEYS)} |")
        if g > best.get(r["backend"], (0, ""))[0]:
            best[r["backend"]] = (g, s["name"])
    if lines:
        print("| step | route | verified | GFLOP/s | configuration (" + " ".join(KEYS) + ") |")
        print("|---|---|---|---|---|")
        print("\n".join(lines))
        print()
    for t in cublas:
        print(f"- cuBLAS {t['op']} fp32 (tf32 off), n = 1024: best {t['best']:,.0f} GFLOP/s, median {t['median']:,.0f}")
    if "jocl" in best:
        print()
        for b, (g, name) in sorted(best.items()):
            print(f"- best {b}: {g:,.0f} GFLOP/s ({name}), {g / best['jocl'][0]:.3f}x jocl's best"
                  + (f", {g / cublas[-1]['best']:.3f}x cuBLAS {cublas[-1]['op']}" if cublas else ""))


def launches(res, d):
    for s, r in rows(res, ("overhead-", "wall-")):
        m = r.get("metrics") or {}
        print(f"- {s['name']}: {r['backend']} verified={r.get('verified')} wall {m.get('wall us/launch', 0):.2f} us/launch, "
              f"kernel {m.get('kernel us/launch', 0):.2f} us/launch" + (f", host {m['host us/launch']:.2f}" if "host us/launch" in m else "")
              + ("" if r.get("verified") else f" ({r.get('error')})"))
    for t in refs(d, "torch.jsonl"):
        if t.get("workload") == "launch":
            print(f"- PyTorch: {t['op']}: {t['us_per_call']:.2f} us/call")


def scans(res, d):
    cums = {(t["n"], t["dtype"]): t["best"] for t in refs(d, "torch.jsonl") if t.get("workload") == "scan"}
    for s, r in rows(res, ("scan-",)):
        p, m = r.get("params") or {}, r.get("metrics") or {}
        n = int(p["n"]) if str(p.get("n", "")).isdigit() else p.get("n")
        ref = cums.get((n, "int32" if p.get("type") == "int" else "float32"))
        g = m.get("Gelem/s", 0)
        print(f"- {s['name']}: {r['backend']} verified={r.get('verified')} {g:.1f} Gelem/s (k={p.get('k')}, wg={p.get('wg')}, "
              f"items={p.get('items')}, rake={p.get('rake')})" + (f", torch.cumsum {ref:.1f}: {g / ref:.3f}x" if ref else ""))


def routes(res, d):
    """var-* and conv-* steps: kernel time, and each Java route's over jocl's best of the same kind."""
    kt = {}
    for s, r in rows(res, ("var-", "conv-")):
        p, m = r.get("params") or {}, r.get("metrics") or {}
        kt[s["name"]] = r.get("kernelNanos") if r.get("verified") else None
        print(f"- {s['name']}: verified={r.get('verified')} kernel {(r.get('kernelNanos') or 0) / 1e6:.3f} ms"
              + (f", tx {p.get('tx')} ty {p.get('ty')}" if s["name"].startswith("conv-") else "") + ", "
              + ", ".join(f"{k} {v:.4g}" for k, v in m.items()) + ("" if r.get("verified") else f" ({r.get('error')})"))
    for kind in ("var-singlebuffer", "var-loadstore", "conv"):
        jocl = [v for k, v in kt.items() if k.startswith(kind + "-jocl") and v]
        for k, v in kt.items():
            if jocl and v and k.startswith(kind + "-") and "-jocl" not in k:
                print(f"- {k} / jocl's best kernel time: {v / min(jocl):.2f}x")
    for t in refs(d, "torch.jsonl"):
        if t.get("workload") == "var":
            print(f"- PyTorch {t.get('op')}: best {t.get('best'):.4g} {t.get('metric')}")
        if t.get("workload") == "convolution":
            print(f"- cuDNN {t.get('impl')}: best {t.get('best_ms'):.3f} ms, median {t.get('median_ms'):.3f} ms")


def compared(res, d):
    """cmp-* steps (one compare over several routes): every row, and each row's kernel time over the
    jocl row of the same workload, variant and type in that step."""
    lines = []
    for s in res:
        if not s["name"].startswith("cmp-") or not isinstance(s.get("rows"), list):
            continue
        jocl = {}
        for r in s["rows"]:
            if r.get("backend") == "jocl" and r.get("verified"):
                jocl[(r.get("variant"), (r.get("params") or {}).get("type"))] = r.get("kernelNanos")
        for r in s["rows"]:
            p, m = r.get("params") or {}, r.get("metrics") or {}
            j = jocl.get((r.get("variant"), p.get("type")))
            k = r.get("kernelNanos") if r.get("verified") else None
            ratio = f"{k / j:.2f}" if k and j and r.get("backend") != "jocl" else "–"
            metric = ", ".join(f"{a} {b:.4g}" for a, b in m.items())
            lines.append(f"| {s['name']} | {r.get('backend')} | {r.get('variant')} {p.get('type') or ''} | {r.get('verified')} | "
                         f"{(k or 0) / 1e6:.3f} | {metric} | {ratio} |" + ("" if r.get("verified") else f" {r.get('error')} |"))
    if lines:
        print("| step | route | variant | verified | kernel ms | metrics | kernel time / jocl's |")
        print("|---|---|---|---|---|---|---|")
        print("\n".join(lines))
        print()
        for t in refs(d, "torch.jsonl") + refs(d, "torch-conv.jsonl") + refs(d, "torch-fft.jsonl"):
            if t.get("workload") in ("var", "reduction", "fft"):
                print(f"- PyTorch {t.get('workload')} {t.get('op')} n={t.get('n') or t.get('nsim')}"
                      + (f" batch={t['batch']}" if "batch" in t else "") + f": best {t.get('best'):.4g} {t.get('metric')}"
                      + f" ({t.get('best_ms'):.4f} ms)")
            if t.get("workload") == "convolution":
                print(f"- cuDNN {t.get('impl')}: best {t.get('best_ms'):.3f} ms, median {t.get('median_ms'):.3f} ms")


def main(d):
    res = objects(os.path.join(d, "results.jsonl"))
    gemm(res, d)
    launches(res, d)
    scans(res, d)
    routes(res, d)
    compared(res, d)


if __name__ == "__main__":
    main(sys.argv[1])
