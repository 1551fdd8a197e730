package sciif

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// The test below builds a random board whose judge outputs use every form
// the grammar accepts and several it must reject, remembers the verdict each
// output was meant to carry, and checks every count of the rescored board
// against counts computed directly from those intended verdicts by the
// rules of the protocol. It shares no code with judge, verify or score.

// okForms render a verdict that must parse as given.
var okForms = []func(n int, v string) string{
	func(n int, v string) string { return fmt.Sprintf("POINT_%d: %s", n, v) },
	func(n int, v string) string { return fmt.Sprintf("point_%d: %s", n, strings.ToLower(v)) },
	func(n int, v string) string { return fmt.Sprintf("**POINT_%d:** %s", n, v) },
	func(n int, v string) string { return fmt.Sprintf("**Point %d**: %s - because", n, v) },
	func(n int, v string) string { return fmt.Sprintf("- Point-%d : %s: reason here", n, v) },
	func(n int, v string) string { return fmt.Sprintf("  POINT %d :%s   reason without separator", n, v) },
	func(n int, v string) string { return fmt.Sprintf("%d. POINT_%d [MAIN]: **%s**", n, n, v) },
}

// badForms render a point line that must not count as a verdict.
var badForms = []func(n int, v string) string{
	func(n int, v string) string { return fmt.Sprintf("POINT_%d %s", n, v) },      // no colon
	func(n int, v string) string { return fmt.Sprintf("POINT_%d: PASS", n) },      // not YES/NO
	func(n int, v string) string { return fmt.Sprintf("要点%d：%s", n, v) },          // unknown language
	func(n int, v string) string { return fmt.Sprintf("The POINT_%d: %s", n, v) }, // prose first
	func(n int, v string) string { return fmt.Sprintf("POINT_%d: %sX", n, v) },    // glued word
	func(n int, v string) string { return fmt.Sprintf("POINT_%d = %s", n, v) },    // no colon
}

// corrForms render a correctness verdict that must parse as given.
var corrForms = []func(v string) string{
	func(v string) string { return "CORRECT: " + v },
	func(v string) string { return "**Correct:** " + strings.ToLower(v) + "\nREASON: matches" },
	func(v string) string {
		return "Compared with the reference.\r\n- correct : " + v + " - the value agrees"
	},
	func(v string) string { return "CORRECT:" + v },
}

// intended is what the generator meant one model's record to say.
type intended struct {
	answered bool
	correct  bool
	// pts maps constraint → point → judge to the effective YES of each point.
	pts map[string][][]bool
}

// genBoard writes a random benchmark of nItems items under dir/bench and
// nModels submissions under dir/results, and returns the catalog, the items
// and, per model id, what each record was meant to say.
func genBoard(tb testing.TB, dir string, nItems, nModels int, seed uint64) (sciifdata.Catalog, []sciifdata.Item, map[string][]intended) {
	rng := rand.New(rand.NewPCG(seed, 11))
	cat := ingest.BuiltinCatalog()
	judges := []string{"judge-a", "judge-b"}
	// A response of realistic length (about 1.5 KB).
	response := strings.Repeat("We model the gas as ideal, so $pV = nRT$ holds with $R = 8.314$ J/(mol K). ", 20)

	// Benchmark: k from 1 to 5.
	var items []sciifdata.Item
	var lines []string
	for i := 0; i < nItems; i++ {
		k := 1 + i%5
		perm := rng.Perm(len(cat.Constraints))
		var cons []string
		for _, p := range perm[:k] {
			cons = append(cons, cat.Constraints[p].ID)
		}
		it := sciifdata.Item{ID: fmt.Sprintf("item-%03d", i), Subject: "Physics", Question: "Q", Constraints: cons, Reference: sciifdata.Reference{Answer: "1"}}
		items = append(items, it)
		b, _ := json.Marshal(it)
		lines = append(lines, string(b))
	}
	write(tb, filepath.Join(dir, "bench", "items.jsonl"), strings.Join(lines, "\n")+"\n")

	expected := map[string][]intended{}
	for m := 0; m < nModels; m++ {
		id := fmt.Sprintf("model-%d", m)
		write(tb, filepath.Join(dir, "results", id, "metadata.yaml"), fmt.Sprintf("name: Model %d\norganization: Org\nopen_weights: %v\ndate: 2026-01-%02d\njudges: [%s]\n", m, m%2 == 0, m%28+1, strings.Join(judges, ", ")))
		skill := 0.35 + 0.1*float64(m)
		var recs []string
		ws := make([]intended, nItems)
		for i, it := range items {
			if rng.Float64() < 0.05 { // unanswered
				continue
			}
			w := intended{answered: true, pts: map[string][][]bool{}}
			rec := map[string]any{"id": it.ID, "response": response}
			js := map[string]any{}
			correctAll := true
			judgeOut := make([]map[string]string, len(judges))
			for j := range judges {
				judgeOut[j] = map[string]string{}
			}
			for _, name := range judges {
				// Correctness.
				var corr string
				yes := rng.Float64() < skill+0.2
				switch r := rng.IntN(10); {
				case r == 0:
					corr, yes = "", false
				case r == 1:
					corr, yes = "Correctness is fine.", false
				case r == 2:
					corr, yes = "CORRECT: YES\nCORRECT: NO", false
				default:
					v := "NO"
					if yes {
						v = "YES"
					}
					corr = corrForms[rng.IntN(len(corrForms))](v)
				}
				correctAll = correctAll && yes
				js[name] = map[string]any{"correctness": corr}
			}
			w.correct = correctAll
			for _, cid := range it.Constraints {
				con, _ := cat.Lookup(cid)
				w.pts[cid] = make([][]bool, len(con.Points))
				for j := range judges {
					var out []string
					if rng.IntN(25) == 0 { // the judge skipped this constraint
						for n := range con.Points {
							w.pts[cid][n] = append(w.pts[cid][n], false)
						}
						continue
					}
					out = append(out, "Audit follows.")
					for n := range con.Points {
						yes := rng.Float64() < skill+0.3
						v := "NO"
						if yes {
							v = "YES"
						}
						switch r := rng.IntN(30); {
						case r == 0: // absent line
							yes = false
						case r == 1: // rejected form
							out = append(out, badForms[rng.IntN(len(badForms))](n+1, v))
							yes = false
						case r == 2: // contradictory repeat
							out = append(out, okForms[0](n+1, "YES"), okForms[1](n+1, "NO"))
							yes = false
						default:
							out = append(out, okForms[rng.IntN(len(okForms))](n+1, v))
						}
						w.pts[cid][n] = append(w.pts[cid][n], yes)
					}
					// An OVERALL line that may contradict the points: never trusted.
					out = append(out, []string{"OVERALL: YES", "OVERALL: NO"}[rng.IntN(2)], "OVERALL_REASON: x")
					sep := "\n"
					if rng.IntN(4) == 0 {
						sep = "\r\n"
					}
					judgeOut[j][cid] = strings.Join(out, sep)
				}
			}
			for j, name := range judges {
				js[name].(map[string]any)["constraints"] = judgeOut[j]
			}
			rec["judges"] = js
			b, _ := json.Marshal(rec)
			recs = append(recs, string(b))
			ws[i] = w
		}
		rng.Shuffle(len(recs), func(a, b int) { recs[a], recs[b] = recs[b], recs[a] })
		write(tb, filepath.Join(dir, "results", id, "responses.jsonl"), strings.Join(recs, "\n")+"\n")
		expected[id] = ws
	}
	return cat, items, expected
}

func TestRescoreMatchesIndependentCounts(t *testing.T) {
	dir := t.TempDir()
	const nItems, nModels = 60, 6
	cat, items, expected := genBoard(t, dir, nItems, nModels, 7)
	res, err := rescore(filepath.Join(dir, "bench"), filepath.Join(dir, "results"), kind.Options{Policies: board.Policies, NoRules: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.board.Models) != nModels {
		t.Fatalf("got %d models, want %d", len(res.board.Models), nModels)
	}
	for _, m := range res.board.Models {
		ws := expected[m.ID]
		for _, pol := range board.Policies {
			got := counts(m.Policy(pol))
			want := independentCounts(cat, items, ws, pol)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s %s: counts differ (-want +got):\n%s", m.ID, pol, diff)
			}
		}
	}
}

// independentCounts applies the protocol's rules to the intended verdicts.
func independentCounts(cat sciifdata.Catalog, items []sciifdata.Item, ws []intended, pol board.Policy) map[string][2]int {
	c := map[string][2]int{}
	add := func(key string, ok bool) {
		v := c[key]
		v[1]++
		if ok {
			v[0]++
		}
		c[key] = v
	}
	for i, it := range items {
		w := ws[i]
		compliant := w.answered
		for _, cid := range it.Constraints {
			con, _ := cat.Lookup(cid)
			pass := w.answered
			if w.answered {
				for n, p := range con.Points {
					all := true
					for _, yes := range w.pts[cid][n] {
						all = all && yes
					}
					if !all && (pol == board.Strict || p.Main) {
						pass = false
					}
				}
			}
			compliant = compliant && pass
			add("constraint/"+cid, pass)
			add("family/"+string(con.Family), pass)
		}
		add("correct", w.answered && w.correct)
		add("compliant", compliant)
		add("k/"+strconv.Itoa(len(it.Constraints)), compliant)
		if len(it.Constraints) >= 2 {
			add("multi", compliant)
		} else {
			add("single", compliant)
		}
		q := map[[2]bool]string{{true, true}: "q/cc", {true, false}: "q/cn", {false, true}: "q/ic", {false, false}: "q/in"}[[2]bool{w.answered && w.correct, compliant}]
		add(q, true)
	}
	return c
}

func counts(ps *sciifdata.PolicyScores) map[string][2]int {
	c := map[string][2]int{
		"correct": {ps.Correct.Pass, ps.Correct.Total}, "compliant": {ps.Compliant.Pass, ps.Compliant.Total},
		"multi": {ps.Multi.Pass, ps.Multi.Total}, "single": {ps.Single.Pass, ps.Single.Total},
	}
	for k, r := range ps.Constraints {
		c["constraint/"+k] = [2]int{r.Pass, r.Total}
	}
	for k, r := range ps.Families {
		c["family/"+k] = [2]int{r.Pass, r.Total}
	}
	for k, r := range ps.ByK {
		c["k/"+k] = [2]int{r.Pass, r.Total}
	}
	for k, n := range map[string]int{"q/cc": ps.Quadrant.CorrectCompliant, "q/cn": ps.Quadrant.CorrectNonCompliant, "q/ic": ps.Quadrant.IncorrectCompliant, "q/in": ps.Quadrant.IncorrectNonCompliant} {
		if n > 0 {
			c[k] = [2]int{n, n}
		}
	}
	return c
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

// The scoring benchmarks run on a synthetic paper-sized benchmark (334
// items) with 100 submissions (sciif synth). BenchmarkDecodeOnly decodes the
// same JSONL with encoding/json and nothing else: the floor that rescoring
// is measured against.
const benchItems, benchModels = 334, 100

func benchBoard(b *testing.B) string {
	dir := b.TempDir()
	if err := synth.Write(dir, synth.Options{Models: benchModels, Items: benchItems, Seed: 1, Catalog: ingest.BuiltinCatalog()}); err != nil {
		b.Fatal(err)
	}
	return dir
}

// rescore scores the board of the SciIF benchmark bench with the
// submissions of results, as sciif score does.
func rescore(bench, results string, opt kind.Options) (*Board, error) {
	out, err := pipeline.Boards(context.Background(), pipeline.BoardsOptions{Kinds: []*kind.Kind{Kind}, Benchmarks: []string{bench}, Results: results, Options: opt})
	if err != nil {
		return nil, err
	}
	if out.Boards[0] == nil {
		return nil, fmt.Errorf("no board")
	}
	return out.Boards[0].(*Board), nil
}

// BenchmarkRescore scores with the judges alone (--no-rules).
func BenchmarkRescore(b *testing.B) {
	benchRescore(b, kind.Options{Policies: board.Policies, NoRules: true})
}

// BenchmarkRescoreRules scores with the deterministic rules first.
func BenchmarkRescoreRules(b *testing.B) {
	benchRescore(b, kind.Options{Policies: board.Policies})
}

func benchRescore(b *testing.B, opt kind.Options) {
	dir := benchBoard(b)
	records := 0
	cpu := benchcpu.Start()
	for b.Loop() {
		res, err := rescore(filepath.Join(dir, "benchmarks", "sciif"), filepath.Join(dir, "results"), opt)
		if err != nil {
			b.Fatal(err)
		}
		records = 0
		for _, m := range res.board.Models {
			records += m.Answered
		}
	}
	cpu(b)
	b.ReportMetric(float64(records)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
}

// BenchmarkReadOnly reads the same files with the same parallelism as
// scoring through ingest.Records, the reader scoring uses (its one-pass
// record decoder, encoding/json for anything unusual, the strict checks),
// and does nothing with the records: the floor of what scoring adds.
func BenchmarkReadOnly(b *testing.B) {
	benchRead(b, func(f string, record func()) {
		for _, p := range ingest.Records(f, func(*sciifdata.Record) { record() }) {
			if p.Fatal {
				b.Error(p)
			}
		}
	})
}

// BenchmarkDecodeOnly decodes the same files with the same parallelism
// as scoring with encoding/json, and nothing else: the floor rescoring was
// first compared with.
func BenchmarkDecodeOnly(b *testing.B) {
	benchRead(b, func(f string, record func()) {
		fh, err := os.Open(f)
		if err != nil {
			b.Error(err)
			return
		}
		defer fh.Close()
		err = ingest.Lines(f, fh, func(_ int, data []byte) {
			var r sciifdata.Record
			if err := json.Unmarshal(data, &r); err != nil {
				b.Error(err)
			}
			record()
		})
		if err != nil {
			b.Error(err)
		}
	})
}

// benchRead calls read on every submission of the benchmark board with
// the parallelism of scoring (one submission per core at a time); read
// calls record for each record it reads.
func benchRead(b *testing.B, read func(file string, record func())) {
	dir := benchBoard(b)
	files, _ := filepath.Glob(filepath.Join(dir, "results", "*", "responses.jsonl"))
	var records atomic.Int64
	record := func() { records.Add(1) }
	cpu := benchcpu.Start()
	for b.Loop() {
		records.Store(0)
		next := make(chan string)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for f := range next {
					read(f, record)
				}
			})
		}
		for _, f := range files {
			next <- f
		}
		close(next)
		wg.Wait()
	}
	cpu(b)
	b.ReportMetric(float64(records.Load())*float64(b.N)/b.Elapsed().Seconds(), "records/s")
}
