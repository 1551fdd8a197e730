#!/usr/bin/env python3
"""Prints, as one JSON object, the keyword arguments that the official
build_description of every instruction id of an official registry takes, in
the order of its signature ("**kwargs" for a ** parameter). The code is read
with ast, never imported, so none of its dependencies is needed:

    python3 official_args.py REGISTRY MODULE=FILE [MODULE=FILE ...]

REGISTRY is an instructions_registry.py; each MODULE=FILE names a module the
registry's INSTRUCTION_DICT refers to ("instructions", "classic_instructions")
and the file that holds it. A class without its own build_description takes
its first base class's. TestArgumentNamesAreOfficial runs it.
"""
import ast
import json
import sys


def classes(path):
    """Maps each class of the file to its base names and the argument names
    of its own build_description (None when it has none)."""
    out = {}
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        bases = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases]
        args = None
        for fn in node.body:
            if isinstance(fn, ast.FunctionDef) and fn.name == "build_description":
                a = fn.args
                args = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg != "self"]
                if a.kwarg is not None:
                    args.append("**kwargs")
        out[node.name] = (bases, args)
    return out


def takes(module, name):
    while True:
        bases, args = module[name]
        if args is not None:
            return args
        name = bases[0]


def registry(path):
    """Maps each id of INSTRUCTION_DICT to (module, class name)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    consts = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            consts[node.targets[0].id] = node.value.value

    def value(e):
        if isinstance(e, ast.Constant):
            return e.value
        if isinstance(e, ast.Name):
            return consts[e.id]
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
            return value(e.left) + value(e.right)
        raise ValueError("unexpected key " + ast.dump(e))

    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "INSTRUCTION_DICT":
            return {
                value(k): (v.value.id, v.attr)
                for k, v in zip(node.value.keys, node.value.values)
            }
    raise ValueError(path + " has no INSTRUCTION_DICT")


def main():
    modules = {}
    for spec in sys.argv[2:]:
        name, path = spec.split("=", 1)
        modules[name] = classes(path)
    out = {i: takes(modules[m], c) for i, (m, c) in registry(sys.argv[1]).items()}
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
