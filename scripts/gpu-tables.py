#!/usr/bin/env python3
"""Markdown tables from the results.jsonl files that scripts/gpu-suite.sh writes.

    python3 scripts/gpu-tables.py docs/results/gpu/raw/run-*.jsonl

Each step of a file is one perfport invocation; a step that ran both jocl and aparapi gives,
per row pair of the same variant and parameters, the other backend's (aparapi's, or
tornado's) time as a ratio to jocl's: from
kernel time (the throughput metric, which perfport computes from kernel time) and from wall
time (kernel plus the copies each route makes). A later file's step of the same name replaces
an earlier one (a re-run after a fix); the file each table comes from is named.
"""
import json
import math
import sys

KEYS = ("type", "op", "sums", "n", "tile", "k", "M", "maxSize", "wgsize", "ngroup", "vw", "ipt", "gpc", "wg", "items")


def steps(path):
    text, dec, i = open(path).read(), json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        step, i = dec.raw_decode(text, i)
        yield step


def metric(row):
    m = row.get("metrics") or {}
    for k in ("GB/s", "GFLOP/s", "Gelem/s", "Gterm/s", "mpps"):
        if k in m:
            return k, m[k]
    return None, None


def case(row):
    p = row.get("params", {})
    return (row["variant"],) + tuple(f"{k}={p[k]}" for k in KEYS if k in p)


def main(paths):
    chosen = {}
    for path in paths:
        for s in steps(path):
            chosen[s["name"]] = (path.split("/")[-1], s)
    for name, (src, s) in chosen.items():
        rows = s.get("rows") or []
        print(f"### {name}  \n`{src}`, exit code {s['rc']}, {s['seconds']} s\n")
        if rows and "params" not in rows[0]:   # a tune result
            for r in rows:
                print(f"- {r['backend']} {r['device']} {r['variant']}: best {r['best']} = "
                      f"{r['value']:.1f} {r['objective']} after {r['evaluations']} evaluations of a "
                      f"{r['gridSize']}-point grid (best seen {r['bestSeenValue']:.1f} at {r['bestSeen']})")
            print()
            continue
        by = {}
        for r in rows:
            by.setdefault(case(r), {})[r["backend"]] = r
        unit = next((metric(r)[0] for r in rows if metric(r)[0]), "")
        other = next((r["backend"] for r in rows if r["backend"] != "jocl"), "aparapi")
        print(f"| case | jocl {unit} | {other} {unit} | {other}/jocl kernel time | {other}/jocl wall time |")
        print("|---|---|---|---|---|")
        kr, wr = [], []
        for c, b in by.items():
            j, a = b.get("jocl"), b.get(other)
            def cell(r):
                if r is None:
                    return "-"
                if not r["verified"]:
                    return "FAILED"
                return f"{metric(r)[1]:.4g}"
            k = w = "-"
            if j and a and "deferredFloatAtomics" in (a.get("counters") or {}):
                k = w = "other algorithm (deferred float atomics)"   # no contended atomic to compare
            elif j and a and j["verified"] and a["verified"] and metric(j)[1] and metric(a)[1]:
                kv = metric(j)[1] / metric(a)[1]
                wv = a["wallNanos"] / j["wallNanos"]
                kr.append(kv)
                wr.append(wv)
                k, w = f"{kv:.2f}", f"{wv:.2f}"
            print(f"| {' '.join(c)} | {cell(j)} | {cell(a)} | {k} | {w} |")
        if kr:
            g = lambda v: math.exp(sum(map(math.log, v)) / len(v))
            print(f"| **geometric mean** | | | **{g(kr):.2f}** | **{g(wr):.2f}** |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
