#!/usr/bin/env python3
"""Where a JFR recording's samples fall: the top frames (self) and the methods on the stack (inclusive), as shares
of the samples of the thread that ran most (perfport's main thread), Java and native-method samples together.

    python3 scripts/jfr-top.py FILE.jfr [N] [WITHIN]   (needs a JDK's jfr on PATH or in JAVA_HOME/bin)

WITHIN: only samples with a method whose name contains it on the stack (e.g. launchRepeated: the timed launches
and the warm-up, without start-up and compiles).
"""
import collections
import json
import os
import shutil
import subprocess
import sys

path, top = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25
within = sys.argv[3] if len(sys.argv) > 3 else None
jfr = shutil.which("jfr") or os.path.join(os.environ.get("JAVA_HOME", ""), "bin", "jfr")
data = json.loads(subprocess.run([jfr, "print", "--json", "--stack-depth", "64", "--events",
                                  "jdk.ExecutionSample,jdk.NativeMethodSample", path],
                                 check=True, capture_output=True, text=True).stdout)
events = data["recording"]["events"]
threads = collections.Counter(e["values"]["sampledThread"]["javaName"] for e in events)
main = threads.most_common(1)[0][0]
own, incl = collections.Counter(), collections.Counter()
n = 0


def name(f):
    m = f["method"]
    return m["type"]["name"].split(".")[-1] + "." + m["name"]


for e in events:
    if e["values"]["sampledThread"]["javaName"] != main:
        continue
    frames = e["values"]["stackTrace"]["frames"] if e["values"].get("stackTrace") else []
    if not frames or (within and not any(within in name(f) for f in frames)):
        continue
    n += 1
    own[name(frames[0])] += 1
    for m in {name(f) for f in frames}:
        incl[m] += 1
print(f"{path}: {n} samples of thread '{main}'" + (f" with {within} on the stack" if within else "")
      + f" (all threads: {dict(threads.most_common(4))})")
print("self:")
for m, c in own.most_common(top):
    print(f"  {100 * c / n:5.1f}%  {m}")
print("inclusive:")
for m, c in incl.most_common(top * 2):
    print(f"  {100 * c / n:5.1f}%  {m}")
