"""Reading the results.jsonl of the GPU scripts (scripts/gpu-*.sh): one {"name", "rc", "rows"} object
per step, pretty-printed JSON rows inside, and possibly a crashed JVM's report between objects."""
import json
import os


def objects(path, start='{"name"'):
    """The JSON objects of a file that begin with `start`; text between them is skipped."""
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
