#!/usr/bin/env python3
"""Counts `duplicates` pairs: total, cross-module (files in different modules; core/api and
core/runtime are different modules), and same-file pairs (copies inside one file).
usage:  duplicates --most 200 --seconds 120 > /tmp/d.txt; python3 tools/dupcount.py /tmp/d.txt [-v]"""
import re, sys
rows=[l for l in open(sys.argv[1]) if re.match(r'\s*D\d+', l)]
def mod(p):
    parts=p.split('/')
    return '/'.join(parts[:2]) if parts[0] in ('core','examples') else parts[0]
same=[];cross=[]
for l in rows:
    m=re.match(r'\s*D\d+\s+(\S+?):(\d+-\d+)\s+~\s+(\S+?):(\d+-\d+)(.*)', l)
    if not m: continue
    a,ra,b,rb,rest=m.groups()
    if a==b: same.append(l.strip())
    elif mod(a)!=mod(b): cross.append(l.strip())
print(f"{len(rows)} pairs; cross-module {len(cross)}; same-file {len(same)}")
if '-v' in sys.argv:
    print("SAME-FILE:"); print("\n".join(same)); print("CROSS-MODULE:"); print("\n".join(cross))
