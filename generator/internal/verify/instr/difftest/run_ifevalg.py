#!/usr/bin/env python3
"""Runs open-instruct's IFEvalG checkers and its IFEvalVerifier on the IFEvalG
differential-test cases and writes their verdicts, one JSON line per case, in
the order of the cases.

The official code is not part of this repository (see
testdata/ifevalg/SOURCE.md for the commits used):

    python3 run_ifevalg.py --open-instruct DIR --ifeval-lib FILE \
        --nltk-data DIR cases.jsonl.gz > verdicts.jsonl

--open-instruct: a folder holding open_instruct/IFEvalG/ (instructions.py,
instructions_registry.py, instructions_util.py) and open_instruct/ground_truth_utils.py;
open_instruct/__init__.py may be empty.
--ifeval-lib: IFEval's evaluation_lib.py, whose test_instruction_following_strict
and _loose give the Strict and Loose verdicts, run here with IFEvalG's registry
in place of IFEval's.

"strict" and "loose" are the checkers' verdicts on the response as written;
"score" is IFEvalVerifier's reward of the response given the case's label,
computed by the verifier's own __call__ (taken from ground_truth_utils.py with
ast, so that none of that module's other dependencies is needed), which
removes the thinking section first. langdetect and Python's random module are
seeded; the cases never leave an argument to chance.
"""

import argparse
import ast
import dataclasses
import gzip
import importlib.util
import json
import logging
import random
import sys
import types


def load_verifier(path, registry):
    """IFEvalVerifier and remove_thinking_section from ground_truth_utils.py,
    executed with the names they use and nothing else of the module."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    wanted = {"remove_thinking_section", "IFEvalVerifier"}
    body = [n for n in tree.body if getattr(n, "name", None) in wanted]
    if {n.name for n in body} != wanted:
        sys.exit("ground_truth_utils.py lacks IFEvalVerifier or remove_thinking_section")

    @dataclasses.dataclass
    class VerificationResult:
        score: float
        cost: float = 0.0
        reasoning: str = ""

    class VerifierFunction:
        def __init__(self, name, weight=1.0, verifier_config=None):
            self.name, self.weight = name, weight

    ns = {"ast": ast, "json": json, "logger": logging.getLogger("ifevalg"),
          "instructions_registry": registry, "VerifierFunction": VerifierFunction,
          "VerificationResult": VerificationResult, "VerifierConfig": object}
    mod = ast.Module(body=body, type_ignores=[])
    exec(compile(mod, path, "exec"), ns)
    return ns["IFEvalVerifier"]()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--open-instruct", required=True)
    ap.add_argument("--ifeval-lib", required=True)
    ap.add_argument("--nltk-data", required=True)
    ap.add_argument("cases")
    a = ap.parse_args()

    sys.path.insert(0, a.open_instruct)
    import nltk

    nltk.data.path.insert(0, a.nltk_data)
    import langdetect

    langdetect.DetectorFactory.seed = 0
    random.seed(0)
    from open_instruct.IFEvalG import instructions_registry as registry

    pkg = types.ModuleType("instruction_following_eval")
    pkg.instructions_registry = registry
    sys.modules["instruction_following_eval"] = pkg
    sys.modules["instruction_following_eval.instructions_registry"] = registry
    spec = importlib.util.spec_from_file_location("ifeval_evaluation_lib", a.ifeval_lib)
    lib = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lib)
    verifier = load_verifier(a.open_instruct + "/open_instruct/ground_truth_utils.py", registry)

    out = sys.stdout
    with gzip.open(a.cases, "rt", encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            v = {"suite": c["suite"], "key": c["key"], "mutation": c["mutation"]}
            for mode, test in (("strict", lib.test_instruction_following_strict),
                               ("loose", lib.test_instruction_following_loose)):
                inp = lib.InputExample(key=c["key"], instruction_id_list=c["instruction_id_list"],
                                       prompt=c["prompt"], kwargs=[dict(k) for k in c["kwargs"]])
                try:
                    v[mode] = list(test(inp, {c["prompt"]: c["response"]}).follow_instruction_list)
                except Exception as e:  # recorded, never hidden
                    v[mode] = None
                    v[mode + "_error"] = "%s: %s" % (type(e).__name__, e)
            try:
                v["score"] = verifier([], c["response"], c["label"]).score
            except Exception as e:
                v["score"] = None
                v["score_error"] = "%s: %s" % (type(e).__name__, e)
            out.write(json.dumps(v, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
