#!/usr/bin/env python3
"""Writes testdata/syllables/cases.jsonl.gz: IFBench words:odd_even_syllables
cases for the differential test, whose every word syllapy counts with its
rule, never its dictionary (which the repository does not ship; with it,
TestSyllapyParity in ../ifbench holds the lookups).

Words: those of the IFBench prompts (benchmarks/ifbench) and a list of our
own, each written in one of the ways below, kept only when syllapy.count
does not find it in its dictionary. Half the responses alternate by
syllapy's parities, so both verdicts occur. Each response is written one
way, in turn by its index: as is, title or upper case, Turkish İ, dotless
ı, long ſ, Kelvin K, full-width or mathematical bold letters, a combining
acute after vowels, precomposed accented vowels, Cyrillic homoglyph
vowels, zero-width space, soft hyphen or bidi marks inside words, the
Unicode spaces and separators between words, line ends of every form
(several lines, for Loose), *emphasis*, punctuation inside words, Unicode
and superscript digits.

    PYTHONPATH=path/to/syllapy python3 gen_syllables.py ../../../../../benchmarks/ifbench/IFBench_test.jsonl \
        | gzip -9n > testdata/syllables/cases.jsonl.gz

Standard library and syllapy only; the same inputs give the same bytes.
"""

import json
import random
import string
import sys

import syllapy

PROMPT = "Write a few words. Alternate between words with odd and even numbers of syllables."

# Our own words: silent-e and -le endings, y as the only vowel, no vowel
# at all, vowel runs, made-up words.
OURS = """zorble grimble snable quable ble le e ee y yy xyz brrr pfft aeiou queueing
flumpy tryst glyph crwth zyzzyva boaiee ooze eerie mauve plinthe cyclone
sniggle wobbled nimbly blimey quayle aisle eyre oyez tle stle ple ae oe ye
grindle fuddle ruffle throttle dazzle""".split()

SPACES = ["\u00a0", "\u1680", "\u2000", "\u2001", "\u2002", "\u2003", "\u2004", "\u2005",
          "\u2006", "\u2007", "\u2008", "\u2009", "\u200a", "\u202f", "\u205f", "\u3000",
          "\t", "\x1c", "\x1d", "\x1e", "\x1f", "\x0b", "\x0c"]
LINE_ENDS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085", "\n\n"]
DIGITS = ["\u0663", "\u06f3", "\u0969", "\uff13", "\U0001d7d1", "\u00b2", "\u2083", "\U00011f53", "3"]


def fullwidth(w):
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in w)


def math_bold(w):
    out = []
    for c in w:
        if "a" <= c <= "z":
            out.append(chr(0x1D41A + ord(c) - ord("a")))
        elif "A" <= c <= "Z":
            out.append(chr(0x1D400 + ord(c) - ord("A")))
        else:
            out.append(c)
    return "".join(out)


def sub(table):
    return lambda w: "".join(table.get(c, c) for c in w)


WORD_WAYS = {
    "plain": lambda w, r: w,
    "title": lambda w, r: w.title(),
    "upper": lambda w, r: w.upper(),
    "turkish-I": lambda w, r: w.upper().replace("I", "\u0130"),
    "dotless-i": lambda w, r: w.replace("i", "\u0131"),
    "long-s": lambda w, r: w.replace("s", "\u017f"),
    "kelvin": lambda w, r: w.replace("k", "\u212a").replace("K", "\u212a"),
    "fullwidth": lambda w, r: fullwidth(w),
    "math-bold": lambda w, r: math_bold(w),
    "combining-acute": lambda w, r: "".join(c + "\u0301" if c in "aeiouy" else c for c in w),
    "precomposed": lambda w, r: sub({"a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "y": "ý"})(w),
    "cyrillic": lambda w, r: sub({"a": "а", "e": "е", "o": "о", "y": "у", "i": "і"})(w),
    "zero-width": lambda w, r: w[:1] + "\u200b" + w[1:],
    "soft-hyphen": lambda w, r: w[:2] + "\u00ad" + w[2:],
    "bidi": lambda w, r: "\u202b" + w + "\u202c\u200e",
    "punctuation": lambda w, r: w[:2] + r.choice(["-", "'", ".", "_", "/"]) + w[2:] + r.choice(["", ",", "!", "?!", ")"]),
    "digits": lambda w, r: w + r.choice(DIGITS) if r.random() < 0.5 else w,
    "emphasis": lambda w, r: "*" + w + "*" if r.random() < 0.4 else w,
}


def normalized(w):
    """The word as syllapy.count looks it up, after the checker's split."""
    w = w.translate(str.maketrans("", "", string.punctuation)).lower()
    return w.strip().lower().strip(string.punctuation)


def words_of(paths):
    seen, out = set(), []
    for p in paths:
        for line in open(p, encoding="utf-8"):
            for w in json.loads(line)["prompt"].translate(str.maketrans("", "", string.punctuation)).lower().split():
                if w.isascii() and w.isalpha() and w not in seen:
                    seen.add(w)
                    out.append(w)
    return out + [w for w in OURS if w not in seen]


def main():
    rng = random.Random(2027)
    pool = words_of(sys.argv[1:])
    ways = list(WORD_WAYS) + ["spaces", "line-ends"]
    out = sys.stdout
    key = 0
    for i in range(2 * 20 * len(ways)):
        way = ways[i % len(ways)]
        wf = WORD_WAYS.get(way, WORD_WAYS["plain"])
        want = i % 2 == 0  # alternate by syllapy's parities
        n = rng.randint(2, 9)
        words, last = [], None
        tries = 0
        while len(words) < n and tries < 10000:
            tries += 1
            w = wf(rng.choice(pool), rng)
            parts = w.translate(str.maketrans("", "", string.punctuation)).lower().split()
            if len(parts) != 1 or parts[0] in syllapy.WORD_DICT or normalized(w) in syllapy.WORD_DICT:
                continue
            par = syllapy.count(parts[0]) % 2
            if want and last is not None and par == last:
                continue
            words.append(w)
            last = par
        seps = [" "] * (len(words) - 1)
        if way == "spaces":
            seps = [rng.choice(SPACES) for _ in seps]
        elif way == "line-ends":
            seps = [rng.choice(LINE_ENDS + [" "]) for _ in seps]
        text = words[0] + "".join(s + w for s, w in zip(seps, words[1:]))
        if way == "line-ends" and rng.random() < 0.5:
            text = rng.choice(["Words:", "**Words**", "Here"]) + "\n" + text + "\n" + rng.choice(["Done.", "*", "End"])
        case = {"suite": "ifbench", "key": str(key), "mutation": "syllables/" + way, "prompt": PROMPT,
                "instruction_id_list": ["words:odd_even_syllables"], "kwargs": [{}], "response": text}
        out.write(json.dumps(case, ensure_ascii=False) + "\n")
        key += 1


if __name__ == "__main__":
    main()
