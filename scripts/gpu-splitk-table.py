#!/usr/bin/env python3
"""The table of scripts/gpu-i13-splitk.sh's call: every gemm row (GFLOP/s, ks, tile) beside cuBLAS,
each Java route's best over jocl's best, and the queued launches beside PyTorch's launch loop.

    python3 scripts/gpu-splitk-table.py OUT_DIR
"""
import json
import os
import sys

KEYS = ["mwg", "nwg", "kwg", "mdimc", "ndimc", "mdima", "ndimb", "kwi", "vwm", "vwn", "strm", "strn", "sa", "sb", "ks"]


def lines(path, start='{"'):
    """The JSON objects of a file, each beginning with {start}; text between them (a JVM's crash report) is skipped."""
    if not os.path.exists(path):
        return []
    text, out, i, dec = open(path).read(), [], 0, json.JSONDecoder()
    while True:
        i = text.find(start, i)
        if i < 0:
            return out
        try:
            obj, i = dec.raw_decode(text, i)
            out.append(obj)
        except ValueError:
            i += 1


def main(d):
    res = lines(os.path.join(d, "results.jsonl"), '{"name"')
    cublas = [t for t in lines(os.path.join(d, "torch-gemm.jsonl"))
              if t.get("workload") == "gemm" and t.get("n") == 1024 and t.get("dtype") == "float32" and not t.get("tf32")]
    launch = [t for t in lines(os.path.join(d, "torch.jsonl")) if t.get("workload") == "launch"]
    print("| step | route | verified | GFLOP/s | configuration (" + " ".join(KEYS) + ") |")
    print("|---|---|---|---|---|")
    best = {}
    for s in res:
        rows = s.get("rows")
        if not isinstance(rows, list) or not rows or "records" in rows[0]:
            continue
        for r in rows:
            if r.get("workload") != "gemm":
                continue
            g = (r.get("metrics") or {}).get("GFLOP/s", 0) if r.get("verified") else 0
            p = r.get("params") or {}
            print(f"| {s['name']} | {r['backend']} | {r.get('verified')} | {g:,.0f} | {' '.join(str(p.get(k, '-')) for k in KEYS)} |"
                  if r.get("verified") else f"| {s['name']} | {r['backend']} | no | – | {r.get('error')} |")
            if g > best.get(r["backend"], (0, ""))[0]:
                best[r["backend"]] = (g, s["name"])
    print()
    for t in cublas:
        print(f"- cuBLAS {t['op']} fp32 (tf32 off), n = 1024: best {t['best']:,.0f} GFLOP/s, median {t['median']:,.0f}")
    if "jocl" in best:
        j = best["jocl"][0]
        print()
        for b, (g, name) in sorted(best.items()):
            print(f"- best {b}: {g:,.0f} GFLOP/s ({name}), {g / j:.3f}x jocl's best"
                  + (f", {g / cublas[-1]['best']:.3f}x cuBLAS {cublas[-1]['op']}" if cublas else ""))
    for s in res:
        if not s["name"].startswith(("overhead-", "wall-")) or not isinstance(s.get("rows"), list):
            continue
        for r in s["rows"]:
            m = r.get("metrics") or {}
            print(f"- {s['name']}: {r['backend']} verified={r.get('verified')} wall {m.get('wall us/launch', 0):.2f} us/launch, "
                  f"kernel {m.get('kernel us/launch', 0):.2f} us/launch" + (f", host {m['host us/launch']:.2f}" if "host us/launch" in m else "")
                  + ("" if r.get("verified") else f" ({r.get('error')})"))
    for t in launch:
        print(f"- PyTorch: {t['op']}: {t['us_per_call']:.2f} us/call")
    cums = {(t["n"], t["dtype"]): t["best"] for t in lines(os.path.join(d, "torch.jsonl")) if t.get("workload") == "scan"}
    for s in res:
        if not s["name"].startswith("scan-") or not isinstance(s.get("rows"), list):
            continue
        for r in s["rows"]:
            p, m = r.get("params") or {}, r.get("metrics") or {}
            n = int(p.get("n", 0)) if str(p.get("n", "")).isdigit() else p.get("n")
            ref = cums.get((n, "int32" if p.get("type") == "int" else "float32"))
            g = m.get("Gelem/s", 0)
            print(f"- {s['name']}: {r['backend']} verified={r.get('verified')} {g:.1f} Gelem/s (k={p.get('k')}, wg={p.get('wg')}, "
                  f"items={p.get('items')}, rake={p.get('rake')})" + (f", torch.cumsum {ref:.1f}: {g / ref:.3f}x" if ref else ""))


if __name__ == "__main__":
    main(sys.argv[1])
