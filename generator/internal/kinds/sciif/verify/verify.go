// Package verify turns one submitted record into verdicts: rules first,
// judges as fallback (SciIF §3.5).
//
// For every evidence point of every enabled constraint and for correctness,
// a deterministic rule may decide first; where no rule runs or a rule is
// undecided, the judges decide under the two-of-two rule: a point passes only
// if every judge listed in the metadata says YES. Missing evidence fails:
// an absent, empty, unparseable or contradictory judge output counts as NO
// for that judge and yields a diagnostic. The judges' own OVERALL lines are
// never trusted; constraint verdicts are recomputed from the points.
//
// The package is pure: it performs no I/O, and the only state it keeps is
// a Verifier's memo of pure functions (Answer.Shared).
package verify

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/judge"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/outcome"
)

// Answer is a response as the rules see it: the whole text and its final
// answer, extracted once per record.
type Answer struct {
	Text string
	// Final is the final-answer span; HasFinal is false when none was found.
	Final    string
	HasFinal bool
	lower    string
	lowered  bool
	memo     map[string]any
	shared   *sharedMemo
}

// Memo returns the value computed by f for key, computing it once per
// answer: rules that need the same work (comparing the final answer with the
// reference, say) share it.
func (a *Answer) Memo(key string, f func() any) any {
	if v, ok := a.memo[key]; ok {
		return v
	}
	if a.memo == nil {
		a.memo = map[string]any{}
	}
	v := f()
	a.memo[key] = v
	return v
}

// Shared is Memo across every answer the same Verifier checks, for work
// that depends on key alone (f must be a pure function of it): models
// often give an item the same final answer, and comparing it with the
// reference once serves them all. An answer made outside a Verifier
// memoizes per answer.
func (a *Answer) Shared(key string, f func() any) any {
	if a.shared == nil {
		return a.Memo(key, f)
	}
	return a.shared.get(key, f)
}

// sharedMemo is a Verifier's memo for Answer.Shared. Its keys hold at most
// sharedBytes bytes; past that, values are computed and not kept. A value
// is the same whether it was kept or not, so what is kept changes no
// verdict, only the time.
//
// The budget is small on purpose: a kept value (an equivalence result with
// its reason) costs several times its key, and the garbage collector lets
// the heap grow to a multiple of what is live. On a 1,000-model synthetic
// board, 8 MiB of keys took `sciif score` from about 200 to 410 MiB for
// about 4% less CPU; 1 MiB costs about 45 MiB.
type sharedMemo struct {
	mu    sync.Mutex
	m     map[string]any
	bytes int
}

const sharedBytes = 1 << 20

func (s *sharedMemo) get(key string, f func() any) any {
	s.mu.Lock()
	v, ok := s.m[key]
	s.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	s.mu.Lock()
	if _, ok := s.m[key]; !ok && s.bytes+len(key) <= sharedBytes {
		s.m[key] = v
		s.bytes += len(key)
	}
	s.mu.Unlock()
	return v
}

// Lower returns Text with ASCII letters lower-cased, byte offsets kept,
// computed once per answer. An Answer is used by one goroutine at a time.
func (a *Answer) Lower() string {
	if !a.lowered {
		b := []byte(a.Text)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
		a.lower, a.lowered = string(b), true
	}
	return a.lower
}

// PointRule is a deterministic check of one evidence point of one
// constraint. It must return Undecided whenever it is not sure: a rule
// overrides the judges only where it is reliable.
type PointRule struct {
	// ID is the rule's stable id, "constraint_id/name".
	ID         string
	Constraint string
	Point      int
	// Doc says in one sentence what the rule checks.
	Doc   string
	Check func(ctx context.Context, item *sciifdata.Item, ans *Answer) sciifdata.RuleVerdict
}

// CorrectnessRule decides correctness from the answer and the reference. It
// returns Undecided when the reference or the answer is not machine-checkable.
type CorrectnessRule func(ctx context.Context, item *sciifdata.Item, ans *Answer) sciifdata.RuleVerdict

// Rules is the set of deterministic verifiers the protocol runs before the
// judges.
type Rules struct {
	// Extract finds the final answer of a response; nil means none.
	Extract     func(response string) (span string, ok bool)
	Correctness CorrectnessRule
	Points      []PointRule
}

// Options control verification.
type Options struct {
	// NoRules scores with the judges alone: the paper's dual-judge protocol.
	NoRules bool
	Rules   Rules
}

// Verifier verifies records of one benchmark.
type Verifier struct {
	bench *sciifdata.Benchmark
	opt   Options
	// rules indexes point rules by constraint id and point number.
	rules map[string]map[int][]PointRule
	// shared is the memo of Answer.Shared for the answers it checks.
	shared *sharedMemo
}

// New returns a verifier for bench.
func New(bench *sciifdata.Benchmark, opt Options) *Verifier {
	v := &Verifier{bench: bench, opt: opt, rules: map[string]map[int][]PointRule{},
		shared: &sharedMemo{m: map[string]any{}}}
	if !opt.NoRules {
		for _, r := range opt.Rules.Points {
			if v.rules[r.Constraint] == nil {
				v.rules[r.Constraint] = map[int][]PointRule{}
			}
			v.rules[r.Constraint][r.Point] = append(v.rules[r.Constraint][r.Point], r)
		}
	}
	return v
}

// Unanswered is the verdict of an item with no record: incorrect, and
// failing every enabled constraint under both policies.
func Unanswered(item *sciifdata.Item) sciifdata.ItemVerdict {
	v := sciifdata.ItemVerdict{Item: item.ID, CorrectBy: sciifdata.ByJudges}
	for _, c := range item.Constraints {
		v.Constraints = append(v.Constraints, sciifdata.ConstraintVerdict{ID: c})
	}
	return v
}

// Codes of the problems Record meets, beside the judge package's codes of
// problems in a judge's output.
const (
	CodeEmptyResponse = "sciif.response.empty"      // an empty response: incorrect and non-compliant
	CodeUnlisted      = "sciif.judge.unlisted"      // a judge not in metadata.yaml: ignored
	CodeNotEnabled    = "sciif.constraint.disabled" // an audit of a constraint the item does not enable: ignored
	CodeNoOutput      = "sciif.judge.missing"       // a listed judge without output: NO
	CodeNoAudit       = "sciif.audit.missing"       // a judge without this constraint's audit: NO
	CodeOverall       = "sciif.judge.overall"       // OVERALL disagrees with the points: recomputed
)

// Record verifies rec, the answer of sub to item, and returns its verdict and
// the problems met (all non-fatal: they are scored as NO).
func (v *Verifier) Record(ctx context.Context, item *sciifdata.Item, sub *board.Submission, rec *sciifdata.Record) (sciifdata.ItemVerdict, []board.Diagnostic) {
	r := &recordCheck{item: item, rec: rec, judges: sub.Meta.Judges}
	out := sciifdata.ItemVerdict{Item: item.ID, Answered: true,
		CorrectVotes: make([]sciifdata.Vote, 0, len(r.judges)), Constraints: make([]sciifdata.ConstraintVerdict, 0, len(item.Constraints))}
	if strings.TrimSpace(rec.Response) == "" {
		r.diag("", "", CodeEmptyResponse, "empty response")
	}
	r.ignoredOutputs()

	// Correctness: rules first, then two-of-two judges.
	out.CorrectVotes = r.correctVotes(out.CorrectVotes)
	out.Correct, out.CorrectBy = allYes(out.CorrectVotes), sciifdata.ByJudges
	ans := &Answer{Text: rec.Response, shared: v.shared}
	v.correctnessRule(ctx, item, ans, &out)

	for _, cid := range item.Constraints {
		out.Constraints = append(out.Constraints, v.constraint(ctx, r, cid, ans))
	}
	return out, r.diags
}

// recordCheck is the state of one Record call: the record, the judges
// the metadata lists, and the problems met so far.
type recordCheck struct {
	item   *sciifdata.Item
	rec    *sciifdata.Record
	judges []string
	diags  []board.Diagnostic
}

// diag records a problem of the record.
func (r *recordCheck) diag(constraint, judgeName, code, format string, args ...any) {
	r.diags = append(r.diags, board.Diagnostic{File: r.rec.File, Line: r.rec.Line, Item: r.item.ID, Constraint: constraint, Judge: judgeName, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// ignoredOutputs reports the judge outputs that are ignored: those of
// judges the metadata does not list (the metadata fixes who judges) and
// audits of constraints the item does not enable.
func (r *recordCheck) ignoredOutputs() {
	for _, name := range sortedKeys(r.rec.Judges) {
		if !contains(r.judges, name) {
			r.diag("", name, CodeUnlisted, "judge not listed in metadata.yaml; its output is ignored")
		}
	}
	enabled := map[string]bool{}
	for _, c := range r.item.Constraints {
		enabled[c] = true
	}
	for _, name := range r.judges {
		jo, ok := r.rec.Judges[name]
		if !ok {
			continue
		}
		for _, c := range sortedKeys(jo.Constraints) {
			if !enabled[c] {
				r.diag(c, name, CodeNotEnabled, "constraint not enabled for this item; output ignored")
			}
		}
	}
}

// correctVotes appends to votes each listed judge's vote on correctness;
// a judge without output votes Missing.
func (r *recordCheck) correctVotes(votes []sciifdata.Vote) []sciifdata.Vote {
	for _, name := range r.judges {
		jo, ok := r.rec.Judges[name]
		if !ok {
			votes = append(votes, sciifdata.Vote{Judge: name, Missing: true})
			r.diag("", name, CodeNoOutput, "no output from this judge (counts as NO)")
			continue
		}
		c := judge.Correct(jo.Correctness)
		for _, p := range c.Problems {
			r.diags = append(r.diags, board.Diagnostic{File: r.rec.File, Line: r.rec.Line, Item: r.item.ID, Field: "correctness", Judge: name, Code: p.Code, Msg: p.Msg})
		}
		votes = append(votes, sciifdata.Vote{Judge: name, Yes: c.Verdict == judge.Yes, Reason: c.Reason, Missing: c.Verdict == judge.Missing})
	}
	return votes
}

// correctnessRule extracts the final answer into ans and lets the
// correctness rule, if any, override the judges' verdict in out where it
// decides. Under NoRules it does nothing.
func (v *Verifier) correctnessRule(ctx context.Context, item *sciifdata.Item, ans *Answer, out *sciifdata.ItemVerdict) {
	if !v.opt.NoRules && v.opt.Rules.Extract != nil {
		ans.Final, ans.HasFinal = v.opt.Rules.Extract(ans.Text)
		out.Extracted = ans.Final
	}
	if !v.opt.NoRules && v.opt.Rules.Correctness != nil {
		rv := v.opt.Rules.Correctness(ctx, item, ans)
		if rv.Outcome != outcome.Undecided {
			out.CorrectRule = &rv
			out.Correct, out.CorrectBy = rv.Outcome == outcome.Pass, sciifdata.ByRules
		} else if rv.Rule != "" {
			out.CorrectRule = &rv
		}
	}
}

// constraint returns the verdict on the constraint cid: every judge's
// audit, then the point rules where they decide.
func (v *Verifier) constraint(ctx context.Context, r *recordCheck, cid string, ans *Answer) sciifdata.ConstraintVerdict {
	con, _ := v.bench.Catalog.Lookup(cid)
	cv := sciifdata.ConstraintVerdict{ID: cid, Points: make([]sciifdata.PointVerdict, len(con.Points)),
		JudgeStrict: make([]bool, 0, len(r.judges)), JudgeLoose: make([]bool, 0, len(r.judges))}
	// One backing array for every point's votes.
	votes := make([]sciifdata.Vote, len(con.Points)*len(r.judges))
	for i, p := range con.Points {
		cv.Points[i] = sciifdata.PointVerdict{N: p.N, Main: p.Main, Votes: votes[i*len(r.judges) : i*len(r.judges) : (i+1)*len(r.judges)]}
	}
	for _, name := range r.judges {
		r.audit(&cv, name)
	}
	for i := range cv.Points {
		pv := &cv.Points[i]
		pv.Pass, pv.DecidedBy = pv.JudgesPass(), sciifdata.ByJudges
		if rule := v.pointRule(ctx, r.item, cid, pv.N, ans); rule != nil {
			pv.Rule = rule
			if rule.Outcome != outcome.Undecided {
				pass := rule.Outcome == outcome.Pass
				if pass != pv.Pass {
					cv.Overridden++
				}
				pv.Pass, pv.DecidedBy = pass, sciifdata.ByRules
			}
		}
	}
	cv.Strict, cv.Loose = Policies(cv.Points, func(i int) bool { return cv.Points[i].Pass })
	return cv
}

// audit adds the judge name's votes on the points of cv and its verdicts
// under each policy. A missing audit votes Missing on every point; an
// OVERALL line that disagrees with the judge's own points is reported and
// not used.
func (r *recordCheck) audit(cv *sciifdata.ConstraintVerdict, name string) {
	cid := cv.ID
	var audit judge.Audit
	jo, ok := r.rec.Judges[name]
	text, has := "", false
	if ok {
		text, has = jo.Constraints[cid]
	}
	if !has {
		audit = judge.Audit{Points: make([]judge.Point, len(cv.Points))}
		if ok {
			r.diag(cid, name, CodeNoAudit, "no audit of this constraint (counts as NO)")
		}
	} else {
		audit = judge.Points(text, len(cv.Points))
		for _, p := range audit.Problems {
			r.diag(cid, name, p.Code, "%s", p.Msg)
		}
	}
	for i := range cv.Points {
		pv := audit.Points[i]
		cv.Points[i].Votes = append(cv.Points[i].Votes, sciifdata.Vote{Judge: name, Yes: pv.Verdict == judge.Yes, Reason: pv.Reason, Missing: pv.Verdict == judge.Missing})
	}
	strict, loose := Policies(cv.Points, func(i int) bool { return audit.Points[i].Verdict == judge.Yes })
	cv.JudgeStrict = append(cv.JudgeStrict, strict)
	cv.JudgeLoose = append(cv.JudgeLoose, loose)
	if has && audit.Overall != judge.Missing {
		claimed := audit.Overall == judge.Yes
		if claimed != strict && claimed != loose {
			r.diag(cid, name, CodeOverall, "the judge's OVERALL %v disagrees with its own points (recomputed from the points)", audit.Overall)
		}
	}
}

// Policies says whether a constraint whose evidence points pass as pass
// says passes under each policy: Strict, when every point passes; Loose,
// when every MAIN point passes (SECONDARY points may fail). It is the one
// place the two policies are defined.
func Policies(points []sciifdata.PointVerdict, pass func(i int) bool) (strict, loose bool) {
	strict, loose = true, true
	for i := range points {
		if !pass(i) {
			strict = false
			if points[i].Main {
				loose = false
			}
		}
	}
	return strict, loose
}

// pointRule runs the rules registered for one point and returns the first
// decided verdict, else the last undecided one, else nil.
func (v *Verifier) pointRule(ctx context.Context, item *sciifdata.Item, cid string, n int, ans *Answer) *sciifdata.RuleVerdict {
	var last *sciifdata.RuleVerdict
	for _, r := range v.rules[cid][n] {
		rv := r.Check(ctx, item, ans)
		if rv.Rule == "" {
			rv.Rule = r.ID
		}
		if rv.Outcome != outcome.Undecided {
			return &rv
		}
		last = &rv
	}
	return last
}

func allYes(votes []sciifdata.Vote) bool {
	if len(votes) == 0 {
		return false
	}
	for _, v := range votes {
		if !v.Yes {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// JudgesOnly returns the verdict the judges alone give (--no-rules) from a
// rules-first verdict: rules only ever override the judges' two-of-two
// verdicts, so one verification yields both. It equals what a Verifier
// with NoRules returns for the same record (tested).
func JudgesOnly(v sciifdata.ItemVerdict) sciifdata.ItemVerdict {
	if !v.Answered {
		return v
	}
	out := v
	out.Extracted, out.CorrectRule = "", nil
	out.Correct, out.CorrectBy = allYes(v.CorrectVotes), sciifdata.ByJudges
	out.Constraints = make([]sciifdata.ConstraintVerdict, len(v.Constraints))
	for i, c := range v.Constraints {
		jc := c
		jc.Overridden = 0
		jc.Points = make([]sciifdata.PointVerdict, len(c.Points))
		for k, p := range c.Points {
			p.Rule = nil
			p.Pass, p.DecidedBy = p.JudgesPass(), sciifdata.ByJudges
			jc.Points[k] = p
		}
		jc.Strict, jc.Loose = Policies(jc.Points, func(k int) bool { return jc.Points[k].Pass })
		out.Constraints[i] = jc
	}
	return out
}
