#!/usr/bin/env python3
"""Each step's rows of a GPU call (results.jsonl, written by scripts/gpu-step.sh): kernel and wall time, per launch
where the row has it, launches, and TornadoVM / jocl and Aparapi / jocl of kernel and wall time where a step has both routes.

    python3 scripts/gpu-route-rows.py OUT_DIR
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpu_results import objects  # noqa: E402

for s in objects(os.path.join(sys.argv[1], 'results.jsonl')):
    rows = {r['backend']: r for r in s.get('rows') or []}
    if not rows:
        print(f"{s['name']:26s} rc={s.get('rc')} no rows")
        continue
    for b, r in rows.items():
        m = r.get('metrics', {})
        p = r.get('profile', {})
        per = f"  wall/launch {m['wall us/launch']:8.2f} us kernel/launch {m['kernel us/launch']:7.2f} us" if 'wall us/launch' in m else ''
        print(f"{s['name']:26s} {b:8s} verified={r['verified']} kernel {r.get('kernelNanos', 0) / 1e3:10.1f} us wall {r.get('wallNanos', 0) / 1e3:10.1f} us"
              f"{per} launches {p.get('launches')}" + (f" error {r.get('error')}" if r.get('error') else ''))
    for b, name in (('tornado', 'TornadoVM'), ('aparapi', 'Aparapi')):
        if rows.get('jocl', {}).get('kernelNanos') and rows.get(b, {}).get('kernelNanos'):
            j, t = rows['jocl'], rows[b]
            print(f"{s['name']:26s} {name} / jocl: kernel {t['kernelNanos'] / j['kernelNanos']:.3f}, wall {t['wallNanos'] / j['wallNanos']:.3f}")
