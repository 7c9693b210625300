#!/usr/bin/env python3
"""Every relative link (and #anchor) in README.md and docs/**/*.md points at an existing file (and heading)."""
import re, os, sys, glob
root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
os.chdir(root)
def slug(h):
    h = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', h)
    h = h.strip().lower()
    h = re.sub(r'[^\w\- ]', '', h)
    return h.replace(' ', '-')
_anchors = {}
def anchors(path):
    if path not in _anchors:
        a, seen, fence = set(), {}, False
        for line in open(path, encoding='utf-8'):
            if line.startswith('```'): fence = not fence
            if fence: continue
            m = re.match(r'^#+\s+(.*?)\s*#*\s*$', line)
            if m:
                s = slug(m.group(1)); n = seen.get(s, 0); seen[s] = n + 1
                a.add(s if n == 0 else f'{s}-{n}')
            for m in re.finditer(r'<a id="([^"]+)"', line): a.add(m.group(1))
        _anchors[path] = a
    return _anchors[path]
bad = 0
files = ['README.md'] + sorted(glob.glob('docs/**/*.md', recursive=True))
for f in files:
    text = open(f, encoding='utf-8').read()
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    for m in re.finditer(r'\[[^\]]*\]\(([^)\s]+)\)', text):
        t = m.group(1)
        if re.match(r'^[a-z]+:', t): continue
        path, _, anchor = t.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(target):
            print(f'{f}: missing file {t}'); bad += 1; continue
        if anchor and target.endswith('.md') and anchor not in anchors(target):
            print(f'{f}: missing anchor {t}'); bad += 1
print(f'{len(files)} files, {bad} bad links')
sys.exit(1 if bad else 0)
