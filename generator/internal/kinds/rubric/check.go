package rubric

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/render"
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

// records is how records.Read reads the benchmark's submission files.
func (b *benchmark) records() *records.Spec[record] {
	unanswered := "every criterion unsatisfied, reward 0"
	if b.points {
		unanswered = "no criterion met, score 0"
	}
	codes := records.CodesOf("rubric")
	codes.Missing, codes.Unknown, codes.Duplicate = CodeID, CodeID, CodeID
	return &records.Spec[record]{
		Benchmark: b.spec.Name, N: len(b.tasks),
		Lookup:   func(id string) (int, bool) { i, ok := b.index[id]; return i, ok },
		KeyField: "id", KeyName: "task id", ItemKey: true, Key: func(r *record) string { return r.ID },
		ResponseField: "response", Response: func(r *record) string { return deref(r.Response) },
		Items: "tasks", Name: func(i int) string { return b.tasks[i].ID }, Unanswered: unanswered,
		WarnEmpty: true, Codes: codes,
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// result is one task's outcome for one model.
type result struct {
	answered bool
	// sat holds s_c per criterion, in task order.
	sat []bool
	// line is the record's line.
	line int
	// yes counts the judges that said YES, per criterion: fewer than all
	// but more than none is a disagreement.
	yes []int
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
	// points are the scores of a point-weighted benchmark, nil otherwise.
	points *PointScores
	// tokens is its Tokens cell and badge on the board.
	tokens render.TokensCell
}

func (r *run) ID() string { return r.id }
func (r *run) Summary() string {
	if p := r.points; p != nil {
		return fmt.Sprintf("%d/%d tasks answered, mean score %.3f", p.Answered, p.Tasks, p.MeanScore)
	}
	return fmt.Sprintf("%d/%d tasks answered, %d perfect", r.scores.Answered, r.scores.Tasks, r.scores.PerfectTasks)
}

// Check reads sub's file of the benchmark and verifies every record: a
// criterion is satisfied when every judge of metadata.yaml says YES. Bad
// records (not JSON, unknown or repeated task, missing response) and a
// wrong number of judges are fatal; unreadable, missing and contradictory
// verdicts are warnings and count as NO.
func (b *benchmark) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	r := &run{id: sub.ID, name: sub.Meta.Name, judges: sub.Meta.Judges, results: make([]result, len(b.tasks)), tokens: render.BoardTokens(sub, b.spec.Name)}
	var probs board.Problems
	if n := len(sub.Meta.Judges); n != b.judges {
		probs = append(probs, board.Diagnostic{File: filepath.Join(sub.Dir, "metadata.yaml"), Field: "judges", Code: CodeJudgeCount, Fatal: true,
			Msg: fmt.Sprintf("lists %d judges; %s's protocol uses %d, whose outputs %s holds", n, b.spec.Title, b.judges, b.spec.File)})
	}
	res := records.Read(ctx, path, b.records(), func(i, line int, rec *record) board.Problems {
		var probs board.Problems
		for _, name := range sortedKeys(rec.Judges) {
			if n := len(rec.Judges[name]); n > ingest.MaxJudgeOutput {
				probs = append(probs, board.Diagnostic{File: path, Line: line, Item: rec.ID, Field: "judges." + name, Judge: name, Code: CodeJudgeSize, Fatal: true,
					Msg: judgeTooLong(n)})
			}
		}
		if len(probs) > 0 {
			return probs
		}
		res, diags := b.verify(i, sub.Meta.Judges, rec, path, line, opt.KeepResponses)
		r.results[i] = res
		return diags
	})
	probs = append(probs, res.Problems...)
	for i := range b.tasks {
		if !r.results[i].answered {
			r.results[i] = result{sat: make([]bool, len(b.tasks[i].Criteria))}
		}
	}
	r.scores = b.score(sub.ID, sub.Meta.Name, r.results)
	if b.points {
		p := b.pointScores(sub.ID, sub.Meta.Name, r.results, len(sub.Meta.Judges))
		r.points = &p
	}
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
	res := result{answered: true, line: line, sat: make([]bool, len(t.Criteria)), yes: make([]int, len(t.Criteria))}
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
			} else {
				res.yes[c]++
			}
		}
		if keep {
			res.votes[j] = answers
		}
	}
	return res, probs
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

// judgeTooLong says a judge output of n bytes is over the limit.
func judgeTooLong(n int) string {
	got, lim := ingest.Sizes(int64(n), ingest.MaxJudgeOutput)
	return fmt.Sprintf("judge output is %s, longer than the %s limit", got, lim)
}
