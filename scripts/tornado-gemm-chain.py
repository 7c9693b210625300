import re, sys
# TornadoVM's CONSOLE profiler: one JSON object per execution; per mode the fastest repetition's kernel time
mode=None; cur={}; res={}; pending=None
for line in open(sys.argv[1]):
    m=re.match(r'MODE (\S+)(?: round (\d+))?', line)
    if m:
        mode=None if m.group(1)=='end' else m.group(1)+' r'+m.group(2); pending=None; continue
    m=re.match(r'\s*"(\w+)": \{', line)
    if m and m.group(1) in ('x','k','xk'): graph=m.group(1)
    m=re.match(r'\s*"TOTAL_KERNEL_TIME": "(\d+)"', line)
    if m and mode:
        t=int(m.group(1))
        if mode.startswith('two'):
            if graph=='x': pending=t
            elif graph=='k' and pending is not None:
                res.setdefault(mode,[]).append((pending+t,pending)); pending=None
        else:
            res.setdefault(mode,[]).append((t,None))
flop=2*1024**3
for k,v in res.items():
    best=min(v)
    print(f"{k}: {len(v)} repetitions, fastest {best[0]/1e3:.1f} us kernel ({flop/best[0]:.0f} GFLOP/s)" + (f", its xgemm {best[1]/1e3:.1f} us" if best[1] else ""))
