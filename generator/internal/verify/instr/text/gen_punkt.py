#!/usr/bin/env python3
"""Generates punkt_english.txt: NLTK's English Punkt parameters, as packaged
in data/english.json of github.com/neurosnap/sentences, in a form the
package reads in place, without decoding JSON or building maps at start-up.

The file has four sections, each ending with an empty line, in this order:
abbreviation types, collocations ("first,second"), sentence starters, and
orthographic contexts ("type<TAB>flags"). Each section's lines are sorted by
their UTF-8 bytes, which is Go's string order, so the package can binary
search them.

Run from this directory:

    python3 gen_punkt.py "$(go list -m -f '{{.Dir}}' github.com/neurosnap/sentences)/data/english.json" > punkt_english.txt

It uses only the standard library. TestPunktTableMatchesModel checks the
result against the JSON.
"""

import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    model = json.load(f)


def emit(lines):
    for line in sorted(lines, key=lambda s: s.encode("utf-8")):
        if "\n" in line or line == "":
            sys.exit("unexpected entry %r" % line)
        sys.stdout.write(line + "\n")
    sys.stdout.write("\n")


emit(model["AbbrevTypes"])
emit(model["Collocations"])
emit(model["SentStarters"])
for k in model["OrthoContext"]:
    if "\t" in k:
        sys.exit("tab in %r" % k)
emit("%s\t%d" % (k, v) for k, v in model["OrthoContext"].items())
