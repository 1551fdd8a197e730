package rubric

// fixes says how a submitter fixes each of the rubric kind's problems, by
// code: Kind.Fixes, what sciif validate prints beside them.
var fixes = map[string]string{
	CodeFile:       "commit the submission file itself (a regular file, not a link) within the size limit SUBMITTING.md gives; a file this large usually means a generation looped",
	CodeLine:       `write each line as one JSON object, {"id": …, "response": …, "judges": {"<judge>": "…"}}, in UTF-8 with the types SUBMITTING.md documents: fix what the message names (the field, the column); a line over the limit usually means a generation looped`,
	CodeID:         "give each record the id of one of the benchmark's tasks, once (`sciif prompts` lists them); remove records of other benchmarks",
	CodeResponse:   `give every record its answer as a JSON string under "response"; an answer over the limit usually means the generation looped: re-run it`,
	CodeJudgeSize:  "re-run the judge: an output this long usually means its generation looped; the limit is per output",
	CodeJudgeCount: "list under `judges:` in metadata.yaml exactly the judges whose outputs the submission file holds, as many as the benchmark's protocol uses",
	CodeEmpty:      "nothing to fix if the model answered nothing: an empty response is judged as written, and the judges grade every criterion of it; if the answer was lost, re-run the generation of this task and its judges",
	CodeUnlisted:   "add the judge to judges in metadata.yaml, or remove its output",
	CodeNoOutput:   `add this judge's output under "judges" ({"<judge>": "…"}), or remove the judge from metadata.yaml`,
	CodeBlank:      "re-run the judge; an empty output answers no criterion",
	CodeUnanswered: "re-run the judge, or check its output answers every criterion on a line of its own, <criterion id>: YES|NO, as the judge prompt asks (`sciif prompts`)",
	CodeConflict:   "re-run the judge; the output contradicts itself",
	CodeInvalid:    "the verdict must be the word YES or NO",
	CodeIncomplete: "answer every task of the benchmark (`sciif prompts` lists them); a task without a record has every criterion unsatisfied, reward 0",
}
