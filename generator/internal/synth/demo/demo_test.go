package demo

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

var update = flag.Bool("update", false, "rewrite the committed demo benchmark and submissions")

// root is the repository root, seen from this package's folder.
const root = "../../../.."

const (
	minWords = 80
	maxWords = 440
)

// TestGolden keeps the committed demo files equal to what Files builds.
// Run `go test ./generator/internal/synth/demo -update` after editing items.txt or
// this package.
func TestGolden(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		path := filepath.Join(root, filepath.FromSlash(f.Path))
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go test ./generator/internal/synth/demo -update)", err)
			continue
		}
		if !bytes.Equal(got, f.Data) {
			t.Errorf("%s is stale: run go test ./generator/internal/synth/demo -update", f.Path)
		}
	}
}

func TestFilesAreDeterministic(t *testing.T) {
	a, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("got %d files, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two runs", a[i].Path)
		}
	}
}

func load(t *testing.T) ([]sciifdata.Item, map[string][]sciifdata.Record) {
	t.Helper()
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	var items []sciifdata.Item
	subs := map[string][]sciifdata.Record{}
	for _, f := range files {
		sc := bufio.NewScanner(bytes.NewReader(f.Data))
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		switch {
		case strings.HasSuffix(f.Path, "items.jsonl"):
			for sc.Scan() {
				var it sciifdata.Item
				if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
					t.Fatalf("%s: %v", f.Path, err)
				}
				items = append(items, it)
			}
		case strings.HasSuffix(f.Path, "responses.jsonl"):
			id := strings.Split(f.Path, "/")[1]
			for sc.Scan() {
				var r sciifdata.Record
				if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
					t.Fatalf("%s: %v", f.Path, err)
				}
				subs[id] = append(subs[id], r)
			}
		}
	}
	return items, subs
}

func TestBenchmarkShape(t *testing.T) {
	items, _ := load(t)
	if len(items) < 44 {
		t.Errorf("got %d items, want at least 44", len(items))
	}
	bySubject := map[string]int{}
	byK := map[int]int{}
	byConstraint := map[string]int{}
	for _, it := range items {
		bySubject[it.Subject]++
		byK[len(it.Constraints)]++
		for _, c := range it.Constraints {
			byConstraint[c]++
		}
		if it.Reference.Solution == "" {
			t.Errorf("%s: no reference solution", it.ID)
		}
	}
	for _, s := range []string{"Biology", "Chemistry", "Materials", "Physics"} {
		if bySubject[s] < 10 {
			t.Errorf("subject %s has %d items, want about 11", s, bySubject[s])
		}
	}
	for k := 1; k <= 5; k++ {
		if byK[k] == 0 {
			t.Errorf("no item with k=%d", k)
		}
	}
	for _, r := range rubric {
		if byConstraint[r.id] == 0 {
			t.Errorf("constraint %s is never enabled", r.id)
		}
	}
	t.Logf("subjects %v, k %v, constraints %v", bySubject, byK, byConstraint)
}

// TestJudgesCoverConstraints checks that both judges audit every enabled
// constraint of every answered item, and that exactly the intended
// defects are present.
func TestJudgesCoverConstraints(t *testing.T) {
	items, subs := load(t)
	idx := map[string]sciifdata.Item{}
	for _, it := range items {
		idx[it.ID] = it
	}
	empty := 0
	for _, m := range models {
		recs := subs[m.id]
		if want := len(items) - len(m.skip); len(recs) != want {
			t.Errorf("%s: %d records, want %d", m.id, len(recs), want)
		}
		for _, r := range recs {
			it := idx[r.ID]
			words := len(strings.Fields(r.Response))
			if words < 120 || words > 450 {
				t.Errorf("%s %s: answer has %d words, want 120-450", m.id, r.ID, words)
			}
			for _, j := range judges {
				out, ok := r.Judges[j]
				if !ok {
					t.Errorf("%s %s: no output from %s", m.id, r.ID, j)
					continue
				}
				if !strings.Contains(strings.ToUpper(out.Correctness), "CORRECT") {
					t.Errorf("%s %s %s: correctness output has no CORRECT line", m.id, r.ID, j)
				}
				for _, c := range it.Constraints {
					s, ok := out.Constraints[c]
					if !ok {
						t.Errorf("%s %s %s: constraint %s not audited", m.id, r.ID, j, c)
					}
					if s == "" {
						empty++
					}
				}
				if len(out.Constraints) != len(it.Constraints) {
					t.Errorf("%s %s %s: audits %d constraints, item enables %d", m.id, r.ID, j, len(out.Constraints), len(it.Constraints))
				}
			}
		}
	}
	if empty != 1 {
		t.Errorf("got %d empty judge outputs, want exactly 1", empty)
	}
}

// TestAnswerLengths checks the length of the two extremes of an answer:
// without any evidence (terse models pad it with their plan, so this is a
// soft floor) and with all of it (the reference solution).
func TestAnswerLengths(t *testing.T) {
	items, err := parseItems(itemsText)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range items {
		a := &attempt{correct: true, st: map[string]status{}}
		for _, c := range it.constraints {
			for n := range lookupRubric(c).points {
				a.st[pkey(c, n+1)] = absent
			}
		}
		text := it.plan + " " + strings.Join(body(it, a), " ") + " Final Answer: " + a.finalText(it)
		if n := len(strings.Fields(text)); n < minWords {
			t.Errorf("%s: %d words without evidence, want at least %d", it.id, n, minWords)
		}
		if n := len(strings.Fields(reference(it))); n > maxWords {
			t.Errorf("%s: %d words with all evidence, want at most %d", it.id, n, maxWords)
		}
	}
}

// TestRubricMatchesCatalog keeps the demo judges' rubric in step with the
// catalog the pipeline scores against.
func TestRubricMatchesCatalog(t *testing.T) {
	cat := ingest.BuiltinCatalog()
	if len(cat.Constraints) != len(rubric) {
		t.Errorf("catalog has %d constraints, demo rubric %d", len(cat.Constraints), len(rubric))
	}
	for _, r := range rubric {
		c, ok := cat.Lookup(r.id)
		if !ok {
			t.Errorf("%s: not in the catalog", r.id)
			continue
		}
		if len(c.Points) != len(r.points) {
			t.Errorf("%s: catalog has %d points, demo rubric %d", r.id, len(c.Points), len(r.points))
			continue
		}
		for i, p := range c.Points {
			if p.Main != r.points[i].main {
				t.Errorf("%s point %d: catalog main=%v, demo rubric main=%v", r.id, i+1, p.Main, r.points[i].main)
			}
		}
	}
}
