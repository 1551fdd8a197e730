#!/usr/bin/env python3
"""A minimal OpenRLHF reward server around the official IFEval checkers.

It is the Python side of the comparison in docs/performance.md ("The
reward server"): the same /get_reward protocol as `sciif serve`, rewards
computed by the official code (google-research's instruction_following_eval,
not part of this repository: put the folder holding that package on
PYTHONPATH, and NLTK's punkt model on NLTK_DATA), served by the standard
library's HTTP server. It is not used by any test.

    PYTHONPATH=DIR NLTK_DATA=DIR python3 tools/scripts/ifeval_reward_server.py --port 8090

POST /get_reward {"query": [...], "prompts": [...], "labels": [...]}: each
label is the JSON text of an IFEval input record (instruction_id_list,
kwargs); the response is what follows the prompt in the query, without a
trailing end-of-turn marker; the reward is the fraction of instructions
followed under Strict, as `sciif serve` gives it.
"""

import argparse
import http.server
import json

import langdetect
from instruction_following_eval import evaluation_lib

MARKERS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "</s>")


def user_turn(prompt):
    """The user's text of a ChatML-templated prompt (the prompt itself if it is not one)."""
    start, end = "<|im_start|>user\n", "<|im_end|>"
    i = prompt.rfind(start)
    if i < 0:
        return prompt
    j = prompt.find(end, i)
    return prompt[i + len(start):j if j >= 0 else len(prompt)]


def response_of(query, prompt):
    """What follows prompt in query, without trailing end-of-turn markers."""
    i = query.rfind(prompt) if prompt else -1
    resp = query[i + len(prompt):] if i >= 0 else query
    stripped = True
    while stripped:
        stripped = False
        for m in MARKERS:
            if resp.endswith(m):
                resp, stripped = resp[: -len(m)], True
    return resp


def reward(query, prompt, label):
    rec = json.loads(label)
    text = user_turn(prompt)
    inp = evaluation_lib.InputExample(
        key=0,
        instruction_id_list=rec["instruction_id_list"],
        prompt=text,
        kwargs=rec["kwargs"],
    )
    out = evaluation_lib.test_instruction_following_strict(inp, {text: response_of(query, prompt)})
    follows = out.follow_instruction_list
    return sum(follows) / len(follows)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as OpenRLHF's client uses

    def do_POST(self):
        if not self.path.startswith("/get_reward"):
            return self.reply(404, {"error": "no such endpoint"})
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompts = body.get("prompts") or [""] * len(body["query"])
        rewards = [reward(q, p, l) for q, p, l in zip(body["query"], prompts, body["labels"])]
        self.reply(200, {"rewards": rewards, "scores": rewards, "extra_logs": {}})

    def reply(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=8090)
    args = ap.parse_args()
    # The official code leaves langdetect unseeded; seeded, a reward does
    # not change from run to run.
    langdetect.DetectorFactory.seed = 0
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.serve_forever()


if __name__ == "__main__":
    main()
