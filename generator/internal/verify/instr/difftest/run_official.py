#!/usr/bin/env python3
"""Runs the official IFEval or IFBench checkers on the differential-test cases
and writes their verdicts, one JSON line per case, in the order of the cases.

The official code is not part of this repository: point --code at a checkout
that holds it (see SOURCE.md for the commits used), with its dependencies on
sys.path (--lib) and NLTK's data (--nltk-data).

    python3 run_official.py --suite ifeval --code DIR --nltk-data DIR \
        cases.jsonl.gz > verdicts-ifeval.jsonl

--suite ifeval: DIR holds the package instruction_following_eval/.
--suite ifbench: DIR is the IFBench repository (evaluation_lib.py, ifbench/).

langdetect is seeded (DetectorFactory.seed = 0) and so is Python's random
module, so that a run is repeatable; the official code seeds neither.
"""

import argparse
import gzip
import json
import random
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", choices=["ifeval", "ifbench"], required=True)
    ap.add_argument("--code", required=True)
    ap.add_argument("--lib", action="append", default=[])
    ap.add_argument("--nltk-data", required=True)
    ap.add_argument("cases")
    a = ap.parse_args()

    sys.path[:0] = [a.code] + a.lib
    import nltk

    nltk.data.path.insert(0, a.nltk_data)
    import langdetect

    langdetect.DetectorFactory.seed = 0
    random.seed(0)

    if a.suite == "ifeval":
        from instruction_following_eval import evaluation_lib as lib
    else:
        import evaluation_lib as lib

    out = sys.stdout
    with gzip.open(a.cases, "rt", encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            if c["suite"] != a.suite:
                continue
            verdicts = {"suite": c["suite"], "key": c["key"], "mutation": c["mutation"]}
            for mode, test in (("strict", lib.test_instruction_following_strict),
                               ("loose", lib.test_instruction_following_loose)):
                inp = lib.InputExample(key=c["key"], instruction_id_list=c["instruction_id_list"],
                                       prompt=c["prompt"], kwargs=[dict(k) for k in c["kwargs"]])
                try:
                    r = test(inp, {c["prompt"]: c["response"]})
                    verdicts[mode] = list(r.follow_instruction_list)
                except Exception as e:  # recorded, never hidden
                    verdicts[mode] = None
                    verdicts[mode + "_error"] = "%s: %s" % (type(e).__name__, e)
            out.write(json.dumps(verdicts, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
