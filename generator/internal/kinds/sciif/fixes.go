package sciif

import (
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/records"
)

// codes are the record reader's codes of SciIF submissions (pipeline's).
var codes = records.CodesOf("sciif")

// fixes says how a submitter fixes each of SciIF's problems, by code:
// Kind.Fixes, what sciif validate prints beside them.
var fixes = map[string]string{
	codes.File:               "commit the submission file itself (a regular file, not a link) within the size limit SUBMITTING.md gives; a file this large usually means a generation looped",
	codes.Line:               `write each line as one JSON object, {"id": …, "response": …, "judges": {…}}, in UTF-8 with the types SUBMITTING.md documents: fix what the message names (the field, the column); a line over the limit usually means a generation looped`,
	codes.Missing:            `add the item's "id"`,
	codes.Unknown:            "use the ids of the benchmark's items.jsonl; remove records of other benchmarks",
	codes.Duplicate:          "keep one record per item",
	codes.Response:           `give every record its answer as a JSON string under "response"; an answer over the limit usually means the generation looped: re-run it`,
	verify.CodeEmptyResponse: "re-run the generation of this item; an empty answer is scored as incorrect and non-compliant",
	CodeIncomplete:           "answer every item of the benchmark (`sciif prompts` lists them); an unanswered item is scored as incorrect and non-compliant",
	ingest.CodeJudgeSize:     "re-run the judge: an output this long usually means its generation looped; the limit is per output",
	CodeNoJudges:             "add `judges: [gpt-5.1, gemini-3-flash]` to metadata.yaml, naming the judges whose outputs the submission file holds",
	CodeClaim:                "claim the rescored value or remove the claim; claims are fractions in [0, 1]",

	verify.CodeUnlisted:   "add the judge to judges in metadata.yaml, or remove its outputs",
	verify.CodeNotEnabled: "remove the audit; only the item's enabled constraints are scored",
	verify.CodeNoOutput:   `add this judge's outputs under "judges" ({"correctness": …, "constraints": {…}}), or remove the judge from metadata.yaml`,
	verify.CodeNoAudit:    "run the judge's audit of this constraint and add it under judges.<judge>.constraints",
	verify.CodeOverall:    "nothing to do: verdicts are recomputed from the points",

	judge.CodeEmpty:        "re-run the judge; an empty output counts as NO",
	judge.CodePointUnknown: "number the points as the constraint's judge prompt does (`sciif prompts`)",
	judge.CodeInvalid:      "the verdict must be the word YES or NO",
	judge.CodeConflict:     "re-run the judge; the output contradicts itself",
	judge.CodePointMissing: "the audit needs one line per evidence point, POINT_<n>: YES|NO, in English as the judge prompt asks (`sciif prompts`)",
	judge.CodeNoCorrect:    "the correctness output must contain a line CORRECT: YES or CORRECT: NO (see `sciif prompts`)",
}
