package rubric

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
)

// The test below builds a random rubric board whose judge outputs use every
// form the grammar accepts and several it must reject, with missing records,
// missing and empty judge outputs, contradictory verdicts and a judge not
// listed in metadata.yaml. It remembers the verdict each output was meant to
// carry and checks every count of the rescored board against counts computed
// directly from those intended verdicts by the rules of the protocol. It
// shares no code with Parse, verify or score.

// okForms write a verdict line that must parse as given.
var okForms = []func(id, v string) string{
	func(id, v string) string { return id + ": " + v },
	func(id, v string) string { return id + ": " + strings.ToLower(v) + " - the response does it" },
	func(id, v string) string { return "**" + id + "**: " + v + ". Stated in the second paragraph." },
	func(id, v string) string { return "`" + id + "`: " + v + ", see the table" },
	func(id, v string) string { return "- " + id + ": " + v + "; reason here" },
	func(id, v string) string { return "* **" + id + "**: " + v + ": it does" },
	func(id, v string) string { return id + " : " + v + "—present" },
	func(id, v string) string { return "  " + strings.ToUpper(id) + ":" + v + " reason without a separator" },
	func(id, v string) string { return "* `" + id + "`: " + strings.ToLower(v) },
	func(id, v string) string { return id + ": " + v + " [brief reason]" },
	func(id, v string) string { return id + ": " + v + "-" },
	// Forms the SciIF grammar accepted first; the shared grammar accepts
	// them for every kind.
	func(id, v string) string { return "**" + id + ": " + v + "**" },
	func(id, v string) string { return "+ " + id + ": " + v },
	func(id, v string) string { return id + ": **" + v + "**" },
	func(id, v string) string { return id + ": " + v + "!" },
	func(id, v string) string { return "1. " + id + ": " + v },
	func(id, v string) string { return "> " + id + ": " + v },
	func(id, v string) string { return "**" + id + ":** " + v },
}

// badForms write a line that must not count as a verdict for the
// criterion; invalid says the line is an answer "with anything else",
// the others are prose that leaves the criterion unanswered.
var badForms = []struct {
	write   func(id, v string) string
	invalid bool
}{
	{func(id, v string) string { return id + " " + v }, false},                    // no colon
	{func(id, v string) string { return "Criterion " + id + ": " + v }, false},    // prose first
	{func(id, v string) string { return "-" + id + ": " + v }, false},             // marker without a space
	{func(id, v string) string { return id + ": PASS" }, true},                    // not YES/NO
	{func(id, v string) string { return id + ": " + v + "S" }, true},              // glued letter
	{func(id, v string) string { return "`" + id + ": " + v }, false},             // unbalanced code span
	{func(id, v string) string { return id + ": " + v + "_x" }, true},             // underscore then a word
	{func(id, v string) string { return id + ": " + v + "1" }, true},              // glued digit
	{func(id, v string) string { return id + ": Y" }, true},                       // abbreviated
	{func(id, v string) string { return id + ": " }, true},                        // nothing
	{func(id, v string) string { return id + ": partially, " + v }, true},         // prose before the verdict
	{func(id, v string) string { return "**" + id + "`: " + v }, false},           // mismatched wrapping
	{func(id, v string) string { return id + "\u00a0: " + v + " (nbsp)" }, false}, // not a space
}

// prose lines that judges write around the verdicts.
var prose = []string{"Here is my assessment of each criterion.", "Overall: YES", "Note: the response is long.", "", "---", "Summary: NO major issues"}

// wantTask is what the generator meant one task's record to say.
type wantTask struct {
	answered bool
	// sat is s_c per criterion: every listed judge meant YES and wrote it
	// in an accepted form.
	sat []bool
	// diags counts the per-criterion diagnostics the record must raise.
	diags int
}

type genTask struct {
	id   string
	n    int
	cats []string
	ids  []string
}

func genBoard(tb testing.TB, dir string, nTasks, nModels int, seed uint64, alpha, beta float64) ([]genTask, map[string][]wantTask) {
	rng := rand.New(rand.NewPCG(seed, 3))
	judges := []string{"judge-a", "judge-b"}
	var tasks []genTask
	var lines []string
	for i := range nTasks {
		n := 1 + rng.IntN(40)
		if i < 3 {
			n = []int{1, 10, 40}[i]
		}
		t := genTask{id: fmt.Sprintf("t-%04d", i), n: n}
		var crit []map[string]string
		for c := range n {
			cat := []string{Primary, Primary, Primary, Extra, Dodged}[rng.IntN(5)]
			// Ids of several shapes, unique within the task.
			id := []string{fmt.Sprintf("c%d", c+1), fmt.Sprintf("PI.%d", c+1), fmt.Sprintf("crit_%02d", c+1), fmt.Sprintf("x-%d", c+1)}[rng.IntN(4)]
			t.cats = append(t.cats, cat)
			t.ids = append(t.ids, id)
			crit = append(crit, map[string]string{"id": id, "text": "criterion " + id, "category": cat})
		}
		tasks = append(tasks, t)
		data, _ := json.Marshal(map[string]any{"id": t.id, "prompt": "Prompt " + t.id, "criteria": crit})
		lines = append(lines, string(data))
	}
	write(tb, filepath.Join(dir, "bench", "benchmark.yaml"), fmt.Sprintf("kind: rubric\ntitle: Random rubric\nalpha: %g\nbeta: %g\n", alpha, beta))
	write(tb, filepath.Join(dir, "bench", "items.jsonl"), strings.Join(lines, "\n")+"\n")

	want := map[string][]wantTask{}
	for m := range nModels {
		id := fmt.Sprintf("model-%d", m)
		write(tb, filepath.Join(dir, "results", id, "metadata.yaml"), fmt.Sprintf("name: Model %d\norganization: Org\nopen_weights: true\ndate: 2026-01-%02d\njudges: [%s]\n", m, m+1, strings.Join(judges, ", ")))
		skill := 0.75 + 0.04*float64(m)
		ws := make([]wantTask, nTasks)
		var recs []string
		for ti, t := range tasks {
			if rng.IntN(14) == 0 { // no record
				ws[ti] = wantTask{sat: make([]bool, t.n)}
				continue
			}
			w := wantTask{answered: true, sat: make([]bool, t.n)}
			for c := range w.sat {
				w.sat[c] = true
			}
			outs := map[string]string{}
			for _, j := range judges {
				switch rng.IntN(40) {
				case 0: // the judge is absent: all NO, one diagnostic of its own
					for c := range w.sat {
						w.sat[c] = false
					}
					continue
				case 1: // empty output
					outs[j] = "  \n"
					for c := range w.sat {
						w.sat[c] = false
					}
					continue
				}
				var out []string
				before := w.diags
				order := rng.Perm(t.n)
				for _, c := range order {
					if rng.IntN(5) == 0 {
						out = append(out, prose[rng.IntN(len(prose))])
					}
					yes := rng.Float64() < skill
					v := map[bool]string{true: "YES", false: "NO"}[yes]
					cid := t.ids[c]
					switch r := rng.IntN(40); {
					case r == 0: // absent
						yes = false
						w.diags++
					case r == 1: // rejected form, perhaps with a good line after it
						bf := badForms[rng.IntN(len(badForms))]
						out = append(out, bf.write(cid, v))
						if bf.invalid {
							yes = false
							w.diags++
							if rng.IntN(2) == 0 { // an invalid answer is not repaired by a valid one
								out = append(out, okForms[0](cid, v))
							}
						} else if rng.IntN(2) == 0 {
							out = append(out, okForms[rng.IntN(len(okForms))](cid, v))
						} else {
							yes = false
							w.diags++
						}
					case r == 2: // contradictory repeat
						out = append(out, okForms[rng.IntN(len(okForms))](cid, "YES"), okForms[rng.IntN(len(okForms))](cid, "NO"))
						yes = false
						w.diags++
					case r == 3: // the same verdict twice
						out = append(out, okForms[rng.IntN(len(okForms))](cid, v), okForms[rng.IntN(len(okForms))](cid, v))
					default:
						out = append(out, okForms[rng.IntN(len(okForms))](cid, v))
					}
					if !yes {
						w.sat[c] = false
					}
				}
				sep := "\n"
				if rng.IntN(4) == 0 {
					sep = "\r\n"
				}
				outs[j] = strings.Join(out, sep)
				if strings.TrimSpace(outs[j]) == "" {
					// An empty output has one diagnostic of its own, not
					// one per criterion.
					w.diags = before
				}
			}
			if rng.IntN(10) == 0 { // a judge not in metadata.yaml: ignored
				outs["judge-x"] = okForms[0](t.ids[0], "NO")
			}
			data, _ := json.Marshal(map[string]any{"id": t.id, "response": "Response to " + t.id, "judges": outs})
			recs = append(recs, string(data))
			ws[ti] = w
		}
		rng.Shuffle(len(recs), func(a, b int) { recs[a], recs[b] = recs[b], recs[a] })
		write(tb, filepath.Join(dir, "results", id, "bench.jsonl"), strings.Join(recs, "\n")+"\n")
		want[id] = ws
	}
	return tasks, want
}

// counts is what the test compares: integer counts exactly, means within
// rounding.
type counts struct {
	Tasks, Answered, Perfect int
	Criteria, Primary        [2]int
	Extra, Dodged            [2]int
	Bins                     map[string][2]int
	MeanPass, MeanReward     float64
	Diags                    int
}

func independentCounts(tasks []genTask, ws []wantTask, alpha, beta float64) counts {
	c := counts{Tasks: len(tasks), Bins: map[string][2]int{}}
	maxN := 0
	for _, t := range tasks {
		maxN = max(maxN, t.n)
	}
	var sumPass, sumReward float64
	for i, t := range tasks {
		w := ws[i]
		all := w.answered
		sat := 0
		var n, s [3]int
		for k, ok := range w.sat {
			cat := map[string]int{Primary: 0, Extra: 1, Dodged: 2}[t.cats[k]]
			n[cat]++
			if ok {
				s[cat]++
				sat++
			} else {
				all = false
			}
		}
		c.Primary = [2]int{c.Primary[0] + s[0], c.Primary[1] + n[0]}
		c.Extra = [2]int{c.Extra[0] + s[1], c.Extra[1] + n[1]}
		c.Dodged = [2]int{c.Dodged[0] + s[2], c.Dodged[1] + n[2]}
		c.Criteria = [2]int{c.Criteria[0] + sat, c.Criteria[1] + t.n}
		sumPass += float64(sat) / float64(t.n)
		if w.answered {
			c.Answered++
			pi, ec, db := 0.0, 0.0, 0.0
			if n[0] > 0 {
				pi = float64(s[0]) / float64(n[0])
			}
			if n[1] > 0 {
				ec = float64(s[1]) / float64(n[1])
			}
			if n[2] > 0 {
				db = float64(n[2]-s[2]) / float64(n[2])
			}
			sumReward += pi + alpha*ec - beta*db
		}
		lo := t.n - t.n%5
		hi := min(lo+4, maxN)
		label := fmt.Sprintf("%d–%d", lo, hi)
		if lo == hi {
			label = fmt.Sprint(lo)
		}
		b := c.Bins[label]
		b[1]++
		if all {
			c.Perfect++
			b[0]++
		}
		c.Bins[label] = b
		c.Diags += w.diags
	}
	c.MeanPass = sumPass / float64(len(tasks))
	c.MeanReward = sumReward / float64(len(tasks))
	return c
}

func boardCounts(m *ModelScores, diags int) counts {
	c := counts{Tasks: m.Tasks, Answered: m.Answered, Perfect: m.PerfectTasks, Bins: map[string][2]int{},
		Criteria: [2]int{m.Criteria.Satisfied, m.Criteria.Total},
		Primary:  [2]int{m.Categories.Primary.Satisfied, m.Categories.Primary.Total},
		Extra:    [2]int{m.Categories.Extra.Satisfied, m.Categories.Extra.Total},
		Dodged:   [2]int{m.Categories.Dodged.Satisfied, m.Categories.Dodged.Total},
		MeanPass: m.MeanCriterionPass, MeanReward: m.MeanReward, Diags: diags}
	for _, b := range m.ByCriteria {
		c.Bins[b.Criteria] = [2]int{b.Perfect.Pass, b.Perfect.Total}
	}
	return c
}

func TestRescoreMatchesIndependentCounts(t *testing.T) {
	for _, w := range []struct{ alpha, beta float64 }{{0.5, 1}, {0, 0}, {2, 0.25}} {
		dir := t.TempDir()
		const nTasks, nModels = 80, 6
		tasks, want := genBoard(t, dir, nTasks, nModels, uint64(7+100*w.alpha), w.alpha, w.beta)
		out, err := pipeline.Boards(context.Background(), pipeline.BoardsOptions{Kinds: []*kind.Kind{Kind}, Benchmarks: []string{filepath.Join(dir, "bench")},
			Results: filepath.Join(dir, "results"), Options: kind.Options{KeepResponses: true}})
		if err != nil {
			t.Fatal(err)
		}
		bd := out.Boards[0].(*Board)
		if len(bd.runs) != nModels {
			t.Fatalf("got %d models, want %d", len(bd.runs), nModels)
		}
		// Per-criterion diagnostics, by model: each names file, line,
		// task, criterion and judge.
		diags := map[string]int{}
		for _, d := range out.Warnings {
			switch d.Code {
			case CodeUnanswered, CodeConflict, CodeInvalid:
				if d.File == "" || d.Line == 0 || d.Item == "" || d.Criterion == "" || d.Constraint != "" || d.Judge == "" {
					t.Errorf("diagnostic lacks a place: %+v", d)
				}
				diags[filepath.Base(filepath.Dir(d.File))]++
			case "":
				t.Errorf("diagnostic without a code: %s", d)
			}
		}
		for _, r := range bd.runs {
			got := boardCounts(&r.scores, diags[r.id])
			exp := independentCounts(tasks, want[r.id], w.alpha, w.beta)
			if diff := cmp.Diff(exp, got, cmp.Comparer(func(a, b float64) bool { return math.Abs(a-b) < 1e-12 })); diff != "" {
				t.Errorf("α=%g β=%g %s: counts differ (-want +got):\n%s", w.alpha, w.beta, r.id, diff)
			}
			// s_c per task and criterion, not only the sums.
			for ti := range tasks {
				if diff := cmp.Diff(want[r.id][ti].sat, r.results[ti].sat); diff != "" {
					t.Errorf("%s %s: s_c differ (-want +got):\n%s", r.id, tasks[ti].id, diff)
				}
			}
		}
	}
}

func write(tb testing.TB, path, data string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// reward builds a task of the given categories and s_c for the table below.
func rewardTask(cats string) *Task {
	t := &Task{ID: "t"}
	for i, c := range cats {
		cat := map[rune]string{'P': Primary, 'E': Extra, 'D': Dodged}[c]
		t.Criteria = append(t.Criteria, Criterion{ID: fmt.Sprint("c", i+1), Category: cat})
	}
	return t
}

func sats(s string) []bool {
	out := make([]bool, len(s))
	for i, c := range s {
		out[i] = c == '1'
	}
	return out
}

// TestRewardHandChecked is a dozen tasks whose reward was worked out by
// hand from equation 1: r = PI + α·EC − β·DB, PI and EC the shares
// satisfied, DB the share of dodged bullets violated, empty terms 0.
func TestRewardHandChecked(t *testing.T) {
	tests := []struct {
		name, reason string
		cats, sat    string
		alpha, beta  float64
		want         float64
	}{
		{"all primary met", "PI = 3/3 = 1; no EC, no DB: r = 1", "PPP", "111", 0.5, 1, 1},
		{"two of four primary", "PI = 2/4 = 0.5: r = 0.5", "PPPP", "1010", 0.5, 1, 0.5},
		{"extra credit earns", "PI = 2/2 = 1; EC = 1/2; r = 1 + 0.5·0.5 = 1.25", "PPEE", "1110", 0.5, 1, 1.25},
		{"extra credit missed costs nothing", "PI = 1; EC = 0/2: r = 1 + 0.5·0 = 1", "PPEE", "1100", 0.5, 1, 1},
		{"dodged bullet hit", "PI = 1; DB = 1/2 violated: r = 1 − 1·0.5 = 0.5", "PPDD", "1101", 0.5, 1, 0.5},
		{"dodged bullet avoided earns nothing", "PI = 1/2; DB = 0/1: r = 0.5 − 0 = 0.5", "PPD", "011", 0.5, 1, 0.5},
		{"all three", "PI = 2/3; EC = 1/1; DB = 1/2: r = 0.6667 + 0.5·1 − 1·0.5 = 0.6667", "PPPEDD", "011110", 0.5, 1, 2.0 / 3},
		{"no primary criteria", "PI term empty = 0; EC = 1/1; DB = 0/1: r = 0 + 0.5 = 0.5", "ED", "11", 0.5, 1, 0.5},
		{"nothing satisfied", "PI = 0/2; EC = 0/1; DB = 2/2 violated: r = 0 + 0 − 2·1 = −2", "PPEDD", "00000", 0.5, 2, -2},
		{"alpha = beta = 0 is the primary share", "PI = 1/3; EC, DB weighted 0: r = 1/3", "PPPED", "10010", 0, 0, 1.0 / 3},
		{"large alpha", "PI = 3/4; EC = 2/2; r = 0.75 + 2·1 = 2.75", "PPPPEE", "011111", 2, 1, 2.75},
		{"fractional beta", "PI = 1; EC = 1/3; DB = 1/4 violated: r = 1 + 0.3·(1/3) − 0.2·0.25 = 1 + 0.1 − 0.05 = 1.05", "PEEEDDDD", "11001110", 0.3, 0.2, 1.05},
		{"only dodged criteria", "PI, EC empty; DB = 1/3 violated: r = −0.5·(1/3) = −0.1667", "DDD", "110", 0.5, 0.5, -1.0 / 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Reward(rewardTask(tt.cats), sats(tt.sat), tt.alpha, tt.beta)
			if math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("Reward = %v, want %v (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

func TestTQuantile(t *testing.T) {
	// Published values of t(0.975, df).
	for _, tt := range []struct {
		df   int
		want float64
	}{{1, 12.7062}, {2, 4.3027}, {5, 2.5706}, {19, 2.0930}, {30, 2.0423}, {120, 1.9799}, {100000, 1.9600}} {
		if got := TQuantile975(tt.df); math.Abs(got-tt.want) > 5e-4 {
			t.Errorf("t(0.975, %d) = %.5f, want %.4f", tt.df, got, tt.want)
		}
	}
}

func TestMeanCI(t *testing.T) {
	// mean 0.5, s = sqrt(((−.5)²·2 + (.5)²·2)/3) = sqrt(1/3); half = 3.1824·0.57735/2 = 0.91869.
	mean, ci := MeanCI([]float64{0, 0, 1, 1})
	if mean != 0.5 || math.Abs(ci[0]-(0.5-0.91869)) > 1e-4 || math.Abs(ci[1]-(0.5+0.91869)) > 1e-4 {
		t.Errorf("MeanCI = %v %v", mean, ci)
	}
	if _, ci := MeanCI([]float64{0.3, 0.3, 0.3}); ci != [2]float64{0.3, 0.3} {
		t.Errorf("no spread: interval %v, want the mean", ci)
	}
}

// TestBoardBadInputs checks that records a board cannot score are fatal,
// each with its line and code.
func TestBoardBadInputs(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "bench", "benchmark.yaml"), "kind: rubric\ntitle: R\nalpha: 1\nbeta: 1\n")
	write(t, filepath.Join(dir, "bench", "items.jsonl"), `{"id": "t1", "prompt": "p", "criteria": [{"id": "c1", "text": "x", "category": "primary"}]}`+"\n"+
		`{"id": "t2", "prompt": "p", "criteria": [{"id": "c1", "text": "x", "category": "primary"}]}`+"\n")
	write(t, filepath.Join(dir, "results", "m", "metadata.yaml"), "name: M\norganization: O\nopen_weights: true\ndate: 2026-01-01\njudges: [a, b]\n")
	write(t, filepath.Join(dir, "results", "m", "bench.jsonl"), strings.Join([]string{
		`{"id": "t1", "response": "r", "judges": {"a": "c1: YES", "b": "c1: YES"}}`,
		`{"id": "t1", "response": "r", "judges": {}}`,
		`{"id": "t9", "response": "r", "judges": {}}`,
		`{"id": "t1", "respons": "r"}`,
		`{"id": "t2", "judges": {}}`,
		`[1]`,
		`{"id": "t1", "response": "r", "judges": {"a": 3}}`,
		`{"id": "t1", "id": "t1", "response": "r"}`,
	}, "\n")+"\n")
	_, err := pipeline.Boards(context.Background(), pipeline.BoardsOptions{Kinds: []*kind.Kind{Kind}, Benchmarks: []string{filepath.Join(dir, "bench")}, Results: filepath.Join(dir, "results")})
	probs, ok := err.(board.Problems)
	if !ok {
		t.Fatalf("want problems, got %v", err)
	}
	var got []string
	for _, p := range probs {
		got = append(got, fmt.Sprintf("%d %s %s %v", p.Line, p.Code, p.Field, p.Fatal))
	}
	want := []string{
		"2 rubric.id id true",
		"3 rubric.id id true",
		"4 rubric.line respons true",
		"5 rubric.response response true",
		"6 rubric.line  true",
		"7 rubric.line judges true",
		"8 rubric.line id true",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems differ (-want +got):\n%s\n%v", diff, probs)
	}
}
