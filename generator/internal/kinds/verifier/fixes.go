package verifier

// fixes says how a submitter fixes each of the verifier kind's problems,
// by code: Kind.Fixes, what sciif validate prints beside them.
var fixes = map[string]string{
	CodeFile:       "commit the submission file itself (a regular file, not a link) within the size limit SUBMITTING.md gives; a file this large usually means a generation looped",
	CodeLine:       "write each line as one JSON object of the record SUBMITTING.md documents for verifier benchmarks, in UTF-8: fix what the message names (the field, the column)",
	CodeKeyMissing: `add the item's "id"`,
	CodeKeyUnknown: "use the ids of the benchmark's items; remove records of other benchmarks",
	CodeDuplicate:  "keep one record per item and style",
	CodeStyle:      "use one of the styles the benchmark lists (the message names them)",
	CodeOutput:     "give every record the verifier's raw output as a JSON string; an output over the limit usually means the generation looped: re-run it",
	CodeTokens:     "write output_tokens as the number of tokens the verifier generated, zero or more, or leave it out",
	CodeEmpty:      "re-run the verifier on this item; an empty output gives no verdict, which counts as wrong",
	CodeNoVerdict:  "check the output ends with the verdict the benchmark's prompt asks for; an output without one counts as wrong",
	CodeIncomplete: "verify every item of the benchmark in its default style (`sciif prompts` lists them); an item without a record counts as wrong, with no verdict",
}
