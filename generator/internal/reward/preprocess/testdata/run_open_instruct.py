#!/usr/bin/env python3
"""Writes open-instruct's preprocessing of reasoning-shaped responses, one
JSON line per case: {"response", "answer", "empty", "instructions", "kwargs"}.

The cases are ours (built below from fragments); "answer" is what
open-instruct's remove_thinking_section returns for "response", run from
open-instruct's own source, and "empty" is IFEvalVerifier's rule
`len(prediction) == 0 or len(answer) == 0` (a response so judged scores 0).
The official code is not part of this repository: point --code at
open_instruct/ground_truth_utils.py of a checkout. Only the function
remove_thinking_section is taken from it (with ast), so that none of the
module's dependencies is needed; the script checks that IFEvalVerifier still
calls it and still has the empty rule.

    python3 run_open_instruct.py --code OPEN_INSTRUCT/open_instruct/ground_truth_utils.py > open-instruct.jsonl
"""

import argparse
import ast
import json
import sys


def load(path):
    src = open(path, encoding="utf-8").read()
    tree = ast.parse(src)
    fn = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "remove_thinking_section"]
    if len(fn) != 1:
        sys.exit("remove_thinking_section not found")
    cls = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "IFEvalVerifier"]
    if len(cls) != 1:
        sys.exit("IFEvalVerifier not found")
    body = ast.get_source_segment(src, cls[0])
    for needle in ("answer = remove_thinking_section(prediction)",
                   "if len(prediction) == 0 or len(answer) == 0:",
                   "check_following(answer)"):
        if needle not in body:
            sys.exit("IFEvalVerifier no longer has: " + needle)
    ns = {}
    exec(compile(ast.Module(body=fn, type_ignores=[]), path, "exec"), ns)
    return ns["remove_thinking_section"]


# What comes before the answer: an assistant prefix (Tülu's template), then
# a reasoning section of some shape.
PREFIXES = ["", "<|assistant|>", "<|assistant|>\n", " \n"]
THINKS = [
    "",
    "<think>Let me plan the answer.</think>",
    "<think>\nStep 1, count the words.\nStep 2, check commas.\n</think>\n\n",
    "<think>first, pass</think><think>second pass</think>\n",
    "Okay, the user wants a short reply, so I will keep it brief.\n</think>\n\n",  # R1: <think> was in the prompt
    "<think>I ran out of budget before closing the tag",  # unclosed: kept whole
]
WRAPS = [("", ""), ("<answer>", "</answer>"), ("<answer>\n", "\n</answer>\n")]
# Answers, each with instructions of IFEval whose verdict the reasoning
# changes.
BODIES = [
    ("hello world, this is all lowercase", ["change_case:english_lowercase"], [{}]),
    ("Thanks for asking. Is there anything else I can help with?", ["startend:end_checker"], [{"end_phrase": "Is there anything else I can help with?"}]),
    ('"Wrapped in double quotes."', ["startend:quotation"], [{}]),
    ("No commas here at all", ["punctuation:no_comma"], [{}]),
    ("<<A Title>>\nThe body of the text", ["detectable_format:title"], [{}]),
    ("one two three four five", ["length_constraints:number_words"], [{"num_words": 6, "relation": "less than"}]),
    ("", ["punctuation:no_comma"], [{}]),
    ("\u00a0nbsp around\u00a0", ["change_case:english_lowercase"], [{}]),
    ("\x1cseparators around\x1f", ["change_case:english_lowercase"], [{}]),
    ("mentions </think> and <answer> inside, lowercase", ["change_case:english_lowercase"], [{}]),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--code", required=True)
    args = ap.parse_args()
    remove = load(args.code)
    out = sys.stdout
    for body, ids, kwargs in BODIES:
        for pre in PREFIXES:
            for think in THINKS:
                for open_, close in WRAPS:
                    response = pre + think + open_ + body + close
                    answer = remove(response)
                    empty = len(response) == 0 or len(answer) == 0
                    out.write(json.dumps({"response": response, "answer": answer, "empty": empty,
                                          "instruction_id_list": ids, "kwargs": kwargs}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
