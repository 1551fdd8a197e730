package rubric

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Codes of the problems of a rubric submission. Fatal ones refuse the
// submission; the others are warnings the board is scored with.
const (
	// Fatal.
	CodeFile       = "rubric.file"       // the file cannot be read
	CodeLine       = "rubric.line"       // a line is not a record: JSON, types, unknown or duplicate keys
	CodeID         = "rubric.id"         // missing, unknown or duplicate task id
	CodeResponse   = "rubric.response"   // missing, null or oversized response
	CodeJudgeSize  = "rubric.judge.size" // a judge output over the size limit
	CodeJudgeCount = "rubric.judges"     // metadata.yaml lists another number of judges than the protocol uses
	// Warnings.
	CodeEmpty      = "rubric.response.empty"   // an empty response: scored as the judges say
	CodeUnlisted   = "rubric.judge.unlisted"   // a judge not in metadata.yaml: ignored
	CodeNoOutput   = "rubric.judge.missing"    // a listed judge gave no output: its criteria count as NO
	CodeBlank      = "rubric.judge.empty"      // a judge output is empty: its criteria count as NO
	CodeUnanswered = "rubric.verdict.missing"  // a criterion the judge did not answer: NO
	CodeConflict   = "rubric.verdict.conflict" // answered twice with different verdicts: NO
	CodeInvalid    = "rubric.verdict.invalid"  // answered with something other than YES or NO: NO
	CodeIncomplete = "rubric.incomplete"       // tasks without a record: every criterion unsatisfied, reward 0
)

// record is one line of a submission's file.
type record struct {
	ID       string            `json:"id"`
	Response *string           `json:"response"`
	Judges   map[string]string `json:"judges"`
}

func recordKeys(depth int, key string) bool {
	if depth == 1 {
		return key == "id" || key == "response" || key == "judges"
	}
	return true // judge names
}

// result is one task's outcome for one model.
type result struct {
	answered bool
	// sat holds s_c per criterion, in task order.
	sat []bool
	// line is the record's line.
	line int
	// response and votes ([judge][criterion]) are kept for the site.
	response string
	votes    [][]Answer
}

// run is one submission checked against the benchmark and scored alone.
type run struct {
	id, name string
	judges   []string
	results  []result
	scores   ModelScores
}

func (r *run) ID() string { return r.id }
func (r *run) Summary() string {
	return fmt.Sprintf("%d/%d tasks answered, %d perfect", r.scores.Answered, r.scores.Tasks, r.scores.PerfectTasks)
}

// Check reads sub's file of the benchmark and verifies every record: a
// criterion is satisfied when every judge of metadata.yaml says YES. Bad
// records (not JSON, unknown or repeated task, missing response) and a
// wrong number of judges are fatal; unreadable, missing and contradictory
// verdicts are warnings and count as NO.
func (b *benchmark) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	r := &run{id: sub.ID, name: sub.Meta.Name, judges: sub.Meta.Judges, results: make([]result, len(b.tasks))}
	var probs board.Problems
	if n := len(sub.Meta.Judges); n != b.judges {
		probs = append(probs, board.Diagnostic{File: filepath.Join(sub.Dir, "metadata.yaml"), Field: "judges", Code: CodeJudgeCount, Fatal: true,
			Msg: fmt.Sprintf("lists %d judges; %s's protocol uses %d — list in `judges:` the %d judges whose outputs %s holds", n, b.spec.Title, b.judges, b.judges, b.spec.File)})
	}
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.NoLinks)
	if err != nil {
		probs = append(probs, board.Diagnostic{File: path, Code: CodeFile, Fatal: true, Msg: fileMsg(err)})
		return r, probs
	}
	defer f.Close()
	seenAt := make([]int, len(b.tasks))
	// The file's problems: the first board.MaxPerFile are kept, the rest
	// counted.
	file := board.FileCollector(path)
	err = ingest.Lines(path, f, func(line int, data []byte) {
		if ctx.Err() != nil {
			return
		}
		at := func(item, field, code string, fatal bool, format string, args ...any) {
			file.Add(board.Diagnostic{File: path, Line: line, Item: item, Field: field, Code: code, Fatal: fatal, Msg: fmt.Sprintf(format, args...)})
		}
		var rec record
		if msg, field := decodeStrict(data, &rec, recordKeys); msg != "" {
			at(looseID(data), field, CodeLine, true, "%s", msg)
			return
		}
		if rec.ID == "" {
			at("", "id", CodeID, true, "missing task id")
			return
		}
		i, ok := b.index[rec.ID]
		if !ok {
			at(rec.ID, "id", CodeID, true, "unknown task id %q (not in %s)", rec.ID, b.spec.Name)
			return
		}
		if seenAt[i] != 0 {
			at(rec.ID, "id", CodeID, true, "duplicate task id %q (first on line %d)", rec.ID, seenAt[i])
			return
		}
		seenAt[i] = line
		bad := false
		switch {
		case rec.Response == nil:
			at(rec.ID, "response", CodeResponse, true, "missing or null; want the model's answer as a JSON string (\"\" for an empty answer)")
			bad = true
		case len(*rec.Response) > ingest.MaxResponse:
			at(rec.ID, "response", CodeResponse, true, "answer is %s, longer than the %s limit; check the generation did not loop", ingest.Size(int64(len(*rec.Response))), ingest.Size(ingest.MaxResponse))
			bad = true
		case strings.TrimSpace(*rec.Response) == "":
			at(rec.ID, "response", CodeEmpty, false, "empty response")
		}
		for _, name := range sortedKeys(rec.Judges) {
			if n := len(rec.Judges[name]); n > ingest.MaxJudgeOutput {
				file.Add(board.Diagnostic{File: path, Line: line, Item: rec.ID, Field: "judges." + name, Judge: name, Code: CodeJudgeSize, Fatal: true,
					Msg: fmt.Sprintf("judge output is %s, longer than the %s limit", ingest.Size(int64(n)), ingest.Size(ingest.MaxJudgeOutput))})
				bad = true
			}
		}
		if bad {
			return
		}
		res, diags := b.verify(i, sub.Meta.Judges, &rec, path, line, opt.KeepResponses)
		r.results[i] = res
		file.AddAll(diags)
	})
	if err != nil {
		d := board.Diagnostic{File: path, Code: CodeLine, Fatal: true, Msg: fileMsg(err)}
		var le *ingest.LineError
		if errors.As(err, &le) {
			d.Line, d.Msg = le.Line, le.Msg
		}
		file.Add(d)
	}
	probs = append(probs, file.Problems()...)
	if err := ctx.Err(); err != nil {
		return r, append(probs, board.Diagnostic{File: path, Msg: err.Error(), Fatal: true})
	}
	var missing []string
	for i := range b.tasks {
		if !r.results[i].answered {
			r.results[i] = result{sat: make([]bool, len(b.tasks[i].Criteria))}
			missing = append(missing, b.tasks[i].ID)
		}
	}
	if len(missing) > 0 {
		probs = append(probs, board.Diagnostic{File: path, Field: "id", Code: CodeIncomplete,
			Msg: fmt.Sprintf("incomplete: %d of %d tasks have no record (every criterion unsatisfied, reward 0): %s", len(missing), len(b.tasks), abbreviate(missing, 10))})
	}
	r.scores = b.score(sub.ID, sub.Meta.Name, r.results)
	return r, probs
}

// verify turns one record's judge outputs into s_c per criterion.
func (b *benchmark) verify(i int, judges []string, rec *record, path string, line int, keep bool) (result, board.Problems) {
	t := &b.tasks[i]
	var probs board.Problems
	diag := func(criterion, judge, code, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Item: t.ID, Criterion: criterion, Judge: judge, Code: code, Msg: fmt.Sprintf(format, args...)})
	}
	for _, name := range sortedKeys(rec.Judges) {
		if !contains(judges, name) {
			diag("", name, CodeUnlisted, "judge not listed in metadata.yaml; its output is ignored")
		}
	}
	res := result{answered: true, line: line, sat: make([]bool, len(t.Criteria))}
	for c := range res.sat {
		res.sat[c] = len(judges) > 0
	}
	if keep {
		res.response = *rec.Response
		res.votes = make([][]Answer, len(judges))
	}
	for j, name := range judges {
		text, ok := rec.Judges[name]
		var answers []Answer
		switch {
		case !ok:
			answers = make([]Answer, len(t.Criteria))
			for c := range answers {
				answers[c].Verdict = NoOutput
			}
			diag("", name, CodeNoOutput, "no output from this judge: its %d criteria count as NO", len(t.Criteria))
		case strings.TrimSpace(text) == "":
			answers = make([]Answer, len(t.Criteria))
			diag("", name, CodeBlank, "empty output: its %d criteria count as NO", len(t.Criteria))
		default:
			answers = Parse(text, b.ids[i])
			for c, a := range answers {
				id := t.Criteria[c].ID
				switch a.Verdict {
				case Unanswered:
					diag(id, name, CodeUnanswered, "criterion not answered (counts as NO)")
				case Conflict:
					diag(id, name, CodeConflict, "answered twice with different verdicts (counts as NO)")
				case Invalid:
					diag(id, name, CodeInvalid, "verdict %q on output line %d is not YES or NO (counts as NO)", a.Reason, a.Line)
				}
			}
		}
		for c, a := range answers {
			if a.Verdict != Yes {
				res.sat[c] = false
			}
		}
		if keep {
			res.votes[j] = answers
		}
	}
	return res, probs
}

// looseID is the task id of a line that does not decode, if it has one.
func looseID(data []byte) string {
	var id struct {
		ID any `json:"id"`
	}
	if json.Unmarshal(data, &id) == nil {
		if s, ok := id.ID.(string); ok {
			return s
		}
	}
	return ""
}

func fileMsg(err error) string {
	if fe, ok := err.(*ingest.FileError); ok {
		return fe.Msg
	}
	return err.Error()
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func abbreviate(list []string, n int) string {
	if len(list) <= n {
		return fmt.Sprint(list)
	}
	return fmt.Sprintf("%v and %d more", list[:n], len(list)-n)
}
