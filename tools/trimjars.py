#!/usr/bin/env python3
"""Trims a folder of jars to what a traced run used, for staging where space is short.

  python3 tools/trimjars.py TRACE_DIR LIB_DIR OUT_DIR

TRACE_DIR holds -Xlog:class+load logs of every JVM of the run. A jar none of whose classes was
loaded is left out, but for Netty's epoll library for linux x86-64 (loaded as a resource). A jar
that was used keeps every class of each package (folder) from which one was loaded and of the
packages above it, so that code paths of the same component that the run did not take (an
executor's loss, a retry, an error) still find their classes, and its other entries (service
files, default configurations, the web UI's files), except native libraries of other platforms
than linux x86-64. Entries are stored uncompressed: the bundle is compressed as a whole. Prints
what it kept.
"""
import os
import re
import sys
import zipfile

# Netty's epoll library (a resource, not a class: no trace shows it) and its portable transport, which Spark
# falls back to where that library does not load
ALWAYS_JARS = re.compile(r"^netty-transport-native-epoll-.*-linux-x86_64\.jar$")
ALWAYS = {"io/netty/channel/nio", "io/netty/channel/socket/nio"}
NATIVE = re.compile(r"\.(so|dll|dylib|jnilib|a)(\.\d+)*$")
THIS_PLATFORM = re.compile(r"(linux|Linux)[/_-]?(x86[_-]64|amd64)", re.I)


def traced(trace_dir):
    """{jar path: set of class names} from the class-load logs."""
    used = {}
    line = re.compile(r"\[class,load\] (\S+) source: (?:jar:)?file:(\S+?\.jar)")
    for name in os.listdir(trace_dir):
        with open(os.path.join(trace_dir, name), errors="replace") as f:
            for l in f:
                m = line.search(l)
                if m:
                    used.setdefault(os.path.realpath(m.group(2)), set()).add(m.group(1))
    return used


def keep_native(entry):
    return not NATIVE.search(entry) or bool(THIS_PLATFORM.search(entry))


def main(trace_dir, lib_dir, out_dir):
    used = traced(trace_dir)
    os.makedirs(out_dir, exist_ok=True)
    total_in = total_out = 0
    for jar in sorted(os.listdir(lib_dir)):
        if not jar.endswith(".jar"):
            continue
        path = os.path.realpath(os.path.join(lib_dir, jar))
        total_in += os.path.getsize(path)
        classes = used.get(path, set())
        if not classes and not ALWAYS_JARS.match(jar):
            print(f"  left out  {jar}")
            continue
        packages = set(ALWAYS)
        for c in classes:
            # the package and the packages above it, which hold what its classes share (Spark's exceptions and
            # their QueryContext, on error paths a good run does not take)
            parts = c.split(".")[:-1]
            for i in range(len(parts), 0, -1):
                packages.add("/".join(parts[:i]))
        out = os.path.join(out_dir, jar)
        with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
            for info in src.infolist():
                n = info.filename
                if n.endswith("/"):
                    pass   # folders stay: Spark finds its web UI's files by their folder's resource
                elif n.endswith(".class"):
                    if n.startswith("META-INF/versions/"):
                        n = n.split("/", 3)[3]
                    if (n.rsplit("/", 1)[0] if "/" in n else "") not in packages:
                        continue
                elif not (keep_native(n) or ALWAYS_JARS.match(jar)):
                    continue
                # stored, not deflated: the staged bundle is compressed as a whole, and xz packs plain classes far better
                data = src.read(info.filename)
                info.compress_type = zipfile.ZIP_STORED
                dst.writestr(info, data)
        total_out += os.path.getsize(out)
        print(f"  kept      {jar}: {len(packages)} packages, {os.path.getsize(path) >> 10} -> {os.path.getsize(out) >> 10} KiB")
    print(f"{total_in / 2**20:.1f} MiB of jars -> {total_out / 2**20:.1f} MiB")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: trimjars.py TRACE_DIR LIB_DIR OUT_DIR")
    main(*sys.argv[1:])
