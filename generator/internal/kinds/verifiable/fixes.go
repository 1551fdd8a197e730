package verifiable

import (
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/records"
)

// codes are the record reader's codes of instruction submissions
// (InstrRecords keeps these of the usual set).
var codes = records.CodesOf("prompt_response")

// fixes says how a submitter fixes each problem of the instruction kinds,
// by code: Kind.Fixes, what sciif validate prints beside them.
var fixes = map[string]string{
	codes.File:            "commit the submission file itself (a regular file, not a link) within the size limit SUBMITTING.md gives; a file this large usually means a generation looped",
	ingest.CodePromptLine: `write each line as one JSON object, {"prompt": "…", "response": "…"} (a conversation's {"key": <its key>, "response": "…"}), in UTF-8: fix what the message names (the field, the column); an answer over the limit usually means the generation looped`,
	codes.Duplicate:       "keep one response per prompt: the board refuses a second one, which the official code would keep silently",
	codes.Empty:           "nothing to fix if the model answered nothing: an empty response is checked as written, and follows only the instructions an empty text satisfies; if the answer was lost, re-run the generation of this prompt",
	CodeUnknownPrompt:     "answer the benchmark's prompts with their exact text (`sciif prompts` and the benchmark's prompts file list them); remove responses to other prompts",
	CodeInstrIncomplete:   "answer every prompt of the benchmark (`sciif prompts` lists them); an unanswered prompt follows none of its instructions",
}
