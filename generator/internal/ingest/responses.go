package ingest

import (
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// Records streams path (a responses.jsonl) and calls fn for each decoded
// record, in file order, checking each record alone (DecodeRecord,
// ResponseProblem, CheckJudges) but not its id against a benchmark:
// records.Read does that, for the board. Lines that do not decode are
// returned as fatal problems after the whole file has been read; fn is
// not called for them. The problems are collected by a
// board.FileCollector: the first board.MaxPerFile are kept and the rest
// counted.
func Records(path string, fn func(*sciifdata.Record)) board.Problems {
	f, _, err := Open(path, MaxFile, NoLinks)
	if err != nil {
		return board.Problems{fileProblem(path, err)}
	}
	defer f.Close()
	probs := board.FileCollector(path)
	err = Lines(path, f, func(line int, data []byte) {
		var r sciifdata.Record
		if e := DecodeRecord(data, &r); e != nil {
			probs.Add(board.Diagnostic{File: path, Line: line, Item: looseID(data, e), Field: e.Field, Msg: e.Text(), Fatal: true})
			return
		}
		if r.ID == "" {
			probs.Add(board.Diagnostic{File: path, Line: line, Field: "id", Msg: "missing item id", Fatal: true})
			return
		}
		bad := CheckJudges(path, line, &r)
		if msg := ResponseProblem(data, "response", r.Response); msg != "" {
			bad = append(board.Problems{{File: path, Line: line, Item: r.ID, Field: "response", Msg: msg, Fatal: true}}, bad...)
		}
		if len(bad) > 0 {
			probs.AddAll(bad)
			return
		}
		r.File, r.Line = path, line
		fn(&r)
	})
	if err != nil {
		probs.Add(asProblem(path, err))
	}
	return probs.Problems()
}

// DecodeRecord decodes data, a line of a responses.jsonl, into *r: in one
// pass when it has the plain shape nearly every record has (quickRecord),
// through strictjson.Decode otherwise, which names what is wrong.
func DecodeRecord(data []byte, r *sciifdata.Record) *strictjson.Error {
	if data != nil && quickRecord(data, r) {
		return nil
	}
	*r = sciifdata.Record{}
	return strictjson.Decode(data, r)
}

// ResponseProblem says what is wrong with resp, the value of the response
// field of the record line data, or "": an answer over MaxResponse, or a
// field missing or null (an empty string is an answer, if a poor one).
func ResponseProblem(data []byte, field, resp string) string {
	const want = "want the model's answer as a JSON string (\"\" for an empty answer)"
	if len(resp) > MaxResponse {
		return tooBig("answer is %s, longer than the %s limit; check the generation did not loop", int64(len(resp)), MaxResponse)
	}
	if resp == "" {
		switch present, null := strictjson.Has(data, field); {
		case !present:
			return "missing field; " + want
		case null:
			return "null; " + want
		}
	}
	return ""
}

// CodeJudgeSize marks a SciIF judge output longer than MaxJudgeOutput.
const CodeJudgeSize = "sciif.judge.size"

// CheckJudges refuses the judge outputs of r, a record on line of path,
// that are longer than MaxJudgeOutput.
func CheckJudges(path string, line int, r *sciifdata.Record) board.Problems {
	var probs board.Problems
	at := func(field string, n int) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Item: r.ID, Field: field, Code: CodeJudgeSize, Fatal: true,
			Msg: tooBig("judge output is %s, longer than the %s limit", int64(n), MaxJudgeOutput)})
	}
	for _, j := range sortedKeys(r.Judges) {
		out := r.Judges[j]
		if n := len(out.Correctness); n > MaxJudgeOutput {
			at("judges."+j+".correctness", n)
		}
		for _, c := range sortedKeys(out.Constraints) {
			if n := len(out.Constraints[c]); n > MaxJudgeOutput {
				at("judges."+j+".constraints."+c, n)
			}
		}
	}
	return probs
}

// looseID is the item id a line that does not decode still names, for a
// problem of its JSON (e has a column), not of a key.
func looseID(data []byte, e *strictjson.Error) string {
	if e.Column == 0 {
		return ""
	}
	return strictjson.LooseString(data, "id")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
