package verifier

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

const demoDir = "../../../../benchmarks/sciverify-demo"

// demoBoard scores the committed demo submissions of the demo benchmark.
func demoBoard(t *testing.T, keep bool) (*benchmark, *Board, board.Problems) {
	t.Helper()
	spec, k, ok, err := kind.ReadSpec([]*kind.Kind{Kind}, demoDir)
	if err != nil || !ok || k != Kind {
		t.Fatalf("benchmark.yaml: %v", err)
	}
	kb, err := Kind.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	b := kb.(*benchmark)
	var runs []kind.Run
	var warnings board.Problems
	for _, id := range demotest.Rescored {
		dir := filepath.Join("../../../../results", id)
		meta, probs := ingest.Metadata(filepath.Join(dir, "metadata.yaml"))
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		r, probs := b.Check(context.Background(), &board.Submission{ID: id, Dir: dir, Meta: meta}, kind.Options{KeepResponses: keep})
		for _, p := range probs {
			if p.Fatal {
				t.Fatalf("%s", p)
			}
		}
		warnings = append(warnings, probs...)
		runs = append(runs, r)
	}
	kbd, err := b.Rank(runs, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b, kbd.(*Board), warnings
}

// The second implementation: a plain reading of the files and the rules
// as docs/scoring.md words them, sharing no code with the kind.

type rawItem struct {
	ID, Subject, Class string
	Label              bool
}

type rawRecord struct {
	ID, Output, Style string
	Tokens            *int `json:"output_tokens"`
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// recountStrict: the last non-empty line is exactly the asked one.
func recountStrict(out, style string) string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := strings.TrimSpace(lines[len(lines)-1])
	prefix := "Final Judgment: "
	if style == "terse" {
		prefix = ""
	}
	switch last {
	case prefix + "True":
		return "T"
	case prefix + "False":
		return "F"
	}
	return ""
}

var (
	looseLine  = regexp.MustCompile(`(?i)^\s*(?:[-*>]\s+)?(final judg(?:e)?ment|judg(?:e)?ment|final verdict|verdict|final decision|decision)\s*:\s*(true|false|correct|incorrect|yes|no|equivalent|not equivalent)\b`)
	looseToken = regexp.MustCompile(`(?i)\[\[\s*(yes|no|true|false|correct|incorrect)\s*\]\]|\\boxed\{\s*(?:\\text\{)?\s*(yes|no|true|false|correct|incorrect)\s*\}?\s*\}`)
	looseBare  = regexp.MustCompile(`(?i)^\s*(?:[-*>]\s+)?(true|false|correct|incorrect)[.!]*\s*$`)
)

// recountLoose: markdown emphasis removed, the last verdict of any line.
func recountLoose(out string) string {
	v := ""
	word := func(w string) string {
		switch strings.ToLower(w) {
		case "true", "correct", "yes", "equivalent":
			return "T"
		}
		return "F"
	}
	for _, line := range strings.Split(out, "\n") {
		line = strings.NewReplacer("**", "", "__", "", "`", "").Replace(line)
		if m := looseLine.FindStringSubmatch(line); m != nil {
			v = word(m[2])
			continue
		}
		if ms := looseToken.FindAllStringSubmatch(line, -1); ms != nil {
			m := ms[len(ms)-1]
			v = word(m[1] + m[2])
			continue
		}
		if m := looseBare.FindStringSubmatch(line); m != nil {
			v = word(m[1])
		}
	}
	return v
}

type tally struct{ n, ok, tp, fp, tn, fn, neg int }

func (c *tally) add(label bool, v string) {
	c.n++
	if !label {
		c.neg++
	}
	switch {
	case v == "T" && label:
		c.tp, c.ok = c.tp+1, c.ok+1
	case v == "T":
		c.fp++
	case v == "F" && label:
		c.fn++
	case v == "F":
		c.tn, c.ok = c.tn+1, c.ok+1
	}
}

// TestRecount recomputes every figure of the board from the raw outputs
// with the second implementation above: accuracy, the confusion matrix,
// F1, false accepts per subject and per class, for both policies and
// every style, and the mean output tokens.
func TestRecount(t *testing.T) {
	_, bd, _ := demoBoard(t, false)
	items := readJSONL[rawItem](t, filepath.Join(demoDir, "items.jsonl"))
	byID := map[string]rawItem{}
	for _, it := range items {
		if it.Class == "" {
			it.Class = "original"
		}
		byID[it.ID] = it
	}
	sc := bd.Scores()
	if len(sc.Models) != len(demotest.Rescored) {
		t.Fatalf("%d verifiers on the board, want %d", len(sc.Models), len(demotest.Rescored))
	}
	for _, m := range sc.Models {
		recs := readJSONL[rawRecord](t, filepath.Join("../../../../results", m.ID, "sciverify-demo.jsonl"))
		for _, st := range m.Styles {
			mine := map[string]rawRecord{}
			tok, ntok := 0, 0
			for _, r := range recs {
				s := r.Style
				if s == "" {
					s = "default"
				}
				if s == st.Style {
					mine[r.ID] = r
					if r.Tokens != nil {
						tok += *r.Tokens
						ntok++
					}
				}
			}
			if st.Records != len(mine) {
				t.Errorf("%s/%s: %d records, recount %d", m.ID, st.Style, st.Records, len(mine))
			}
			if ntok > 0 && math.Abs(st.MeanTokens-float64(tok)/float64(ntok)) > 1e-9 {
				t.Errorf("%s/%s: mean tokens %v, recount %v", m.ID, st.Style, st.MeanTokens, float64(tok)/float64(ntok))
			}
			for _, pol := range []struct {
				name  string
				m     *Metrics
				parse func(string) string
			}{
				{"strict", &st.Strict, func(o string) string { return recountStrict(o, st.Style) }},
				{"loose", &st.Loose, recountLoose},
			} {
				var all tally
				subj, cls := map[string]*tally{}, map[string]*tally{}
				for _, it := range items {
					r, ok := mine[it.ID]
					if !ok && st.Style != "default" {
						continue
					}
					v := ""
					if ok {
						v = pol.parse(r.Output)
					}
					all.add(it.Label, v)
					it := byID[it.ID]
					for _, g := range []struct {
						m   map[string]*tally
						key string
					}{{subj, it.Subject}, {cls, it.Class}} {
						if g.m[g.key] == nil {
							g.m[g.key] = &tally{}
						}
						g.m[g.key].add(it.Label, v)
					}
				}
				where := m.ID + "/" + st.Style + "/" + pol.name
				got := pol.m
				if got.Items != all.n || got.Correct != all.ok || got.TP != all.tp || got.FP != all.fp || got.TN != all.tn || got.FN != all.fn {
					t.Errorf("%s: items %d correct %d tp %d fp %d tn %d fn %d; recount %+v", where, got.Items, got.Correct, got.TP, got.FP, got.TN, got.FN, all)
				}
				if math.Abs(got.Accuracy.Rate-float64(all.ok)/float64(all.n)) > 1e-12 {
					t.Errorf("%s: accuracy %v", where, got.Accuracy.Rate)
				}
				p := float64(all.tp) / float64(max(1, all.tp+all.fp))
				pos := all.n - all.neg
				r := float64(all.tp) / float64(max(1, pos))
				f1 := 0.0
				if p+r > 0 {
					f1 = 2 * p * r / (p + r)
				}
				if math.Abs(got.F1-f1) > 1e-12 {
					t.Errorf("%s: F1 %v, recount %v", where, got.F1, f1)
				}
				if got.FalseAccept.Pass != all.fp || got.FalseAccept.Total != all.neg {
					t.Errorf("%s: false accepts %d/%d, recount %d/%d", where, got.FalseAccept.Pass, got.FalseAccept.Total, all.fp, all.neg)
				}
				for _, g := range []struct {
					name   string
					groups []Group
					want   map[string]*tally
				}{{"subject", got.Subjects, subj}, {"class", got.Classes, cls}} {
					if len(g.groups) != len(g.want) {
						t.Errorf("%s: %d %s groups, recount %d", where, len(g.groups), g.name, len(g.want))
					}
					for _, x := range g.groups {
						w := g.want[x.Name]
						if w == nil || x.Accuracy.Pass != w.ok || x.Accuracy.Total != w.n || x.FalseAccept.Pass != w.fp || x.FalseAccept.Total != w.neg {
							t.Errorf("%s: %s %s: %d/%d, FA %d/%d; recount %+v", where, g.name, x.Name, x.Accuracy.Pass, x.Accuracy.Total, x.FalseAccept.Pass, x.FalseAccept.Total, w)
						}
					}
				}
			}
		}
	}
}

// TestDemoFigures pins the figures the demo data's author computed with
// rules of their own (strict and loose accuracy, no verdicts, loose false
// accepts and rejects): the kind reproduces every one.
func TestDemoFigures(t *testing.T) {
	_, bd, _ := demoBoard(t, false)
	want := map[string][7]int{ // strict ok, strict none, loose ok, loose none, loose FA, loose FR, records
		"demo-atlas-70b/default":   {148, 0, 148, 0, 2, 0, 150},
		"demo-borealis-8b/default": {63, 82, 138, 0, 12, 0, 150},
		"demo-cirrus-pro/default":  {145, 0, 145, 0, 4, 1, 150},
		"demo-dune-mini/default":   {75, 0, 75, 0, 75, 0, 150},
		"demo-ember-13b/default":   {127, 0, 127, 0, 19, 4, 150},
		"demo-ember-13b/terse":     {49, 3, 50, 0, 18, 7, 75},
	}
	got := map[string][7]int{}
	for _, m := range bd.Scores().Models {
		for _, s := range m.Styles {
			got[m.ID+"/"+s.Style] = [7]int{s.Strict.Correct, s.Strict.NoVerdict.Pass, s.Loose.Correct, s.Loose.NoVerdict.Pass, s.Loose.FP, s.Loose.FN, s.Records}
		}
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: got %v, want %v", k, got[k], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("styles scored: %v", got)
	}
}

// TestBuiltinIsEquivBatch runs the items through `sciif equiv --batch
// --extract`'s own code (equiv.RunBatchOptions) and wants the built-in
// row's verdict on every item to be its verdict.
func TestBuiltinIsEquivBatch(t *testing.T) {
	b, bd, _ := demoBoard(t, false)
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, it := range b.items {
		if err := enc.Encode(map[string]string{"gold": it.Reference, "pred": it.Response}); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := equiv.RunBatchOptions(context.Background(), &in, &out, "items", equiv.BatchOptions{Extract: true}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(b.items) {
		t.Fatalf("%d verdicts for %d items", len(lines), len(b.items))
	}
	decided, right, fa := 0, 0, 0
	for i, l := range lines {
		var o struct{ Verdict, Reason string }
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatal(err)
		}
		want := map[string]Verdict{"equal": Accept, "not_equal": Reject, "undecided": None}[o.Verdict]
		if got := b.builtin[i].Verdict; got != want {
			t.Errorf("%s: built-in %v, equiv --batch --extract %s (%s)", b.items[i].ID, got, o.Verdict, o.Reason)
		}
		if want != None {
			decided++
			if correct(&b.items[i], want) {
				right++
			}
			if want == Accept && !b.items[i].Equivalent() {
				fa++
			}
		}
	}
	s := bd.builtin
	if s.Decided.Total != decided || s.Decided.Correct != right || s.Metrics.FalseAccept.Pass != fa || math.Abs(s.Coverage-float64(decided)/float64(len(b.items))) > 1e-12 {
		t.Errorf("built-in row: decided %d/%d, coverage %v, false accepts %d; equiv: %d right of %d decided, %d false accepts", s.Decided.Correct, s.Decided.Total, s.Coverage, s.Metrics.FalseAccept.Pass, right, decided, fa)
	}
}

// TestBuiltinNeverRankedAboveUnbeaten wants the built-in row ranked above
// a verifier only when it is right on more of the same items.
func TestBuiltinNeverRankedAboveUnbeaten(t *testing.T) {
	_, bd, _ := demoBoard(t, false)
	for _, r := range bd.runs {
		m := r.scores.Policy(bd.policy)
		if bd.builtin.Rank < r.scores.Rank && bd.builtin.Metrics.Correct <= m.Correct {
			t.Errorf("built-in rank %d (%d right) above %s rank %d (%d right)", bd.builtin.Rank, bd.builtin.Metrics.Correct, r.id, r.scores.Rank, m.Correct)
		}
	}
}
