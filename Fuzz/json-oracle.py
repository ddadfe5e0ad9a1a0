#!/usr/bin/env python3
"""Compares VestibuleJSON's reading of every input in the given corpus folders with Python's json module.

    json-oracle.py FUZZ_JSON_BINARY CORPUS_DIR...

The fuzz target, run over the inputs with VESTIBULE_FUZZ_VERDICTS set, writes one verdict per input: accepted with
the value serialized, or refused. Python reads the same bytes as strict RFC 8259 JSON in UTF-8, and the two must
agree on accepting, and then on the value (numbers compared as doubles, which is what JSONValue keeps; of a member
named twice, the first, which is what Foundation keeps where Python keeps the last). The known, deliberate
differences are listed in `differs_knowingly`. Exits 1 naming each input where they disagree.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile


def strict_python(data):
    """The value Python's json reads from `data` and whether a number in it is one Foundation refuses; None when
    Python refuses the text (NaN and Infinity literals refused)."""
    def refuse(name):
        raise ValueError(name)
    foundation_refuses = []

    def number(literal):
        value = float(literal)
        # Foundation refuses two kinds of valid numbers: a bare 0 with a positive exponent (0e2, yet 0e-2, 0.0e2
        # and -0e1 pass), and a non-zero number so small it underflows to 0 (1e-400).
        if re.fullmatch(r"0[eE]\+?0*[1-9]\d*", literal) or (value == 0 and re.search(r"[1-9].*[eE]", literal)):
            foundation_refuses.append(literal)
        return value
    try:
        text = data.decode("utf-8")
        value = json.loads(text, parse_constant=refuse, parse_int=float, parse_float=number, object_pairs_hook=first)
        # A lone surrogate escape (\ud800) is no Unicode text: no Swift string can hold it.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
        return ("ok", value, bool(foundation_refuses))
    except (ValueError, RecursionError, OverflowError, UnicodeEncodeError):
        return None


def first(pairs):
    """An object whose member named twice keeps its first value."""
    members = {}
    for name, value in pairs:
        members.setdefault(name, value)
    return members


def same(a, b):
    """Equal as JSONValue sees it: every number a double, -0 equal to 0, object member order irrelevant."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def depth(value):
    """How deeply arrays and objects nest in `value`."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


def differs_knowingly(data, python, swift):
    """Differences that are limits Vestibule keeps on purpose, not defects."""
    if python is not None and swift is None:
        # Python reads a number beyond double range as infinity (float("1e400")); Foundation refuses it.
        if "inf" in repr(python[1]):
            return True
        # Nesting beyond Foundation's 512 levels (JSONSyntax.maximumDepth) is refused; Python goes deeper.
        if depth(python[1]) > 512:
            return True
        if python[2]:
            return True
    return False


def main():
    binary, folders = sys.argv[1], sys.argv[2:]
    files = sorted(os.path.join(f, n) for f in folders for n in os.listdir(f))
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as verdicts:
        env = dict(os.environ, VESTIBULE_FUZZ_VERDICTS=verdicts.name)
        subprocess.run([binary, "-detect_leaks=0", *files], env=env, check=True, capture_output=True)
        lines = verdicts.read().splitlines()
    if len(lines) != len(files):
        sys.exit(f"expected {len(files)} verdicts, got {len(lines)}")
    disagreements = 0
    for path, line in zip(files, lines):
        with open(path, "rb") as f:
            data = f.read()
        verdict = json.loads(line)
        swift = ("ok", json.loads(json.dumps(verdict["value"]), parse_int=float)) if verdict["accepted"] else None
        python = strict_python(data)
        agree = (swift is None) == (python is None) and (swift is None or same(swift[1], python[1]))
        if not agree and not differs_knowingly(data, python, swift):
            disagreements += 1
            print(f"{path}: Swift {'accepts ' + line if swift else 'refuses'}, Python "
                  f"{'accepts ' + repr(python[1])[:200] if python else 'refuses'}: {data[:200]!r}")
    print(f"{len(files)} inputs, {disagreements} disagreements with Python's json")
    sys.exit(1 if disagreements else 0)


if __name__ == "__main__":
    main()
