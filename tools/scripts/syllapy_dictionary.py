#!/usr/bin/env python3
"""Write syllapy's syllable dictionary for `--syllable-dictionary`.

IFBench's words:odd_even_syllables counts syllables with syllapy, which
looks a word up in the dictionary it ships (syllapy/data.csv) before its
vowel-group rule. sciif ports the rule; the dictionary is syllapy's data
(MIT licence) and is not in the repository. This script writes it from an
installed syllapy (pip install syllapy==0.7.2) or from a checkout of
github.com/mholtzscher/syllapy, in the format sciif reads: one
"word,count" line a word, as syllapy's own loader reads the file
(csv.reader; a word given twice keeps its last count). It does not import
syllapy, only reads its data file; standard library only.

    python3 tools/scripts/syllapy_dictionary.py -o syllapy-0.7.2.csv
    python3 tools/scripts/syllapy_dictionary.py --checkout path/to/syllapy -o syllapy-0.7.2.csv
    sciif ifbench --syllable-dictionary syllapy-0.7.2.csv --input ... --responses ... --out ...

Keep the output out of the repository: it is third-party data.
"""

import argparse
import csv
import hashlib
import importlib.util
import io
import pathlib
import re
import sys


def package_dir(checkout):
    """The folder of the syllapy package: in the checkout, or installed."""
    if checkout:
        d = pathlib.Path(checkout) / "syllapy"
        if not (d / "data.csv").is_file():
            sys.exit(f"{d / 'data.csv'}: not found; give the root of a syllapy checkout")
        return d
    spec = importlib.util.find_spec("syllapy")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("syllapy is not installed: pip install syllapy==0.7.2, or pass --checkout DIR")
    return pathlib.Path(list(spec.submodule_search_locations)[0])


def licence_text(pkg):
    """syllapy's LICENSE: beside the package in a checkout, or in the
    installed distribution's metadata."""
    for p in [pkg.parent / "LICENSE"] + sorted(pkg.parent.glob("syllapy-*.dist-info/**/LICENSE*")):
        if p.is_file():
            return p.read_text(encoding="utf-8")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkout", help="root of a syllapy checkout (default: the installed package)")
    ap.add_argument("-o", "--out", help="output file (default: standard output)")
    args = ap.parse_args()
    pkg = package_dir(args.checkout)
    init = (pkg / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'__version__ = "([^"]+)"', init)
    version = m.group(1) if m else "unknown"
    words = {}
    # As syllapy's data_loader.load_dict reads it.
    with open(pkg / "data.csv", newline="", encoding="utf-8") as f:
        for row in csv.reader(f):
            words[row[0]] = int(row[1])
    out = io.StringIO()
    for word, n in words.items():
        if not word or any(c in word for c in ',"') or any(c.isspace() for c in word) or not 0 <= n <= 99:
            sys.exit(f"{pkg / 'data.csv'}: {word!r},{n} cannot be written as a word,count line")
        out.write(f"{word},{n}\n")
    data = out.getvalue().encode("utf-8")
    if args.out:
        pathlib.Path(args.out).write_bytes(data)
    else:
        sys.stdout.buffer.write(data)
    print(f"syllapy {version} ({pkg}): {len(words)} words, sha256 {hashlib.sha256(data).hexdigest()}", file=sys.stderr)
    print("syllapy is Copyright (c) 2018 Michael Holtzscher, under the MIT License; "
          "the file written is its data: keep the licence with it, and keep it out of the repository.", file=sys.stderr)
    text = licence_text(pkg)
    if text:
        print("\n" + text.strip(), file=sys.stderr)


if __name__ == "__main__":
    main()
