#!/usr/bin/env bash
# validate-submissions.sh SCIIF BENCHMARKS checks the submission folders
# read NUL-separated on stdin (as changed-submissions.sh writes them)
# against every benchmark under the folder BENCHMARKS, with the checks of
# `sciif build`: a submission is checked for each benchmark it answers
# (SciIF, IFEval, IFBench, rubric and any kind added later), not only
# SciIF. Run it from the root of the checkout, whose results/ is the board
# ranked against. When GITHUB_STEP_SUMMARY is set, the Markdown report is
# appended to it. The exit status is validate's: 0 when every folder is
# valid, 1 when any is not (the problems are on stdout), 2 on misuse.
#
#   bash .github/scripts/validate-submissions.sh bin/sciif benchmarks < changed
#
# The pull-request workflow (validate.yml) runs exactly this, and the tests
# run the workflow's step itself on broken submissions of every kind.
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: validate-submissions.sh SCIIF BENCHMARKS < NUL-separated folders" >&2
  exit 2
fi
sciif=$1
bench=$2
summary=${GITHUB_STEP_SUMMARY:-/dev/null}

dirs=()
while IFS= read -r -d '' dir; do
  dirs+=("$dir")
done
if [ "${#dirs[@]}" -eq 0 ]; then
  echo "No submission folder changed under results/." >> "$summary"
  exit 0
fi

# The summary never decides the outcome; the second run does, and prints
# every problem to the job log.
"$sciif" validate --benchmarks "$bench" --results results --format markdown -- "${dirs[@]}" >> "$summary" || true
exec "$sciif" validate --benchmarks "$bench" --results results -- "${dirs[@]}"
