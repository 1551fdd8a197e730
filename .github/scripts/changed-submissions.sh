#!/usr/bin/env bash
# changed-submissions.sh reads the paths a pull request changes under
# results/, NUL-separated as `git diff --name-only -z` writes them, on stdin
# and writes the submission folders they lie in (results/<model-id>, each
# once, sorted, NUL-separated) on stdout. Run it from the root of the
# checkout: a folder that no longer exists (a deleted submission) has
# nothing to validate and is left out.
#
# Every path must lie inside a folder results/<model-id>/ whose name is a
# valid model id, the rule of ingest.SafeSlug: lower-case letters, digits,
# '.', '_' and '-', starting with a letter or digit, at most 64 characters,
# no "..", neither a name Windows reserves for a device (con, prn, aux, nul,
# com0-9, lpt0-9, with any extension) nor ending with a dot, as Windows
# could not check it out. Any other path (a file directly in results/, a folder name with a
# newline, a space, an upper-case or non-ASCII letter, a path outside
# results/) is reported on stderr and the exit status is 1; the valid
# folders are still written. Exit status 2 is a usage error.
#
#   git diff --name-only -z --no-renames "$BASE" HEAD -- results/ |
#     bash .github/scripts/changed-submissions.sh > changed
set -euo pipefail
# Byte-wise character ranges: [a-z] must not match 'é' or 'A'.
export LC_ALL=C

if [ "$#" -ne 0 ]; then
  echo "usage: changed-submissions.sh < NUL-separated paths" >&2
  exit 2
fi

slug='^[a-z0-9][a-z0-9._-]{0,63}$'
windows='^(con|prn|aux|nul|com[0-9]|lpt[0-9])([.].*)?$'
refused=0
folders=()
while IFS= read -r -d '' path || [ -n "$path" ]; do
  rest=${path#results/}
  name=${rest%%/*}
  if [ "$rest" = "$path" ]; then
    reason="not under results/"
  elif [ "$name" = "$rest" ]; then
    reason="a file directly in results/; a submission is a folder results/<model-id>/"
  elif ! [[ $name =~ $slug ]] || [[ $name == *..* ]] || [[ $name =~ $windows ]] || [[ $name == *. ]]; then
    reason="the folder name is not a valid model id: lower-case letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64 characters, no '..', not a Windows device name (con, prn, aux, nul, com0-9, lpt0-9, with any extension), no trailing dot"
  else
    folders+=("results/$name")
    continue
  fi
  # %q shows a newline or any other unprintable byte as an escape.
  printf 'changed-submissions: %q: %s\n' "$path" "$reason" >&2
  refused=$((refused + 1))
done

for dir in "${folders[@]}"; do
  printf '%s\0' "$dir"
done | sort -zu | while IFS= read -r -d '' dir; do
  if [ -d "$dir" ] && [ ! -L "$dir" ]; then
    printf '%s\0' "$dir"
  else
    printf 'changed-submissions: %s: removed by the pull request, nothing to validate\n' "$dir" >&2
  fi
done

if [ "$refused" -gt 0 ]; then
  printf 'changed-submissions: %d changed path(s) outside a valid submission folder results/<model-id>/\n' "$refused" >&2
  exit 1
fi
