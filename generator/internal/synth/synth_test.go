package synth

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

func opts(models, items int, seed uint64) Options {
	return Options{Models: models, Items: items, Seed: seed, Catalog: ingest.BuiltinCatalog()}
}

func TestGenerateIsDeterministic(t *testing.T) {
	b1, s1, err := Generate(opts(4, 50, 7))
	if err != nil {
		t.Fatal(err)
	}
	b2, s2, err := Generate(opts(4, 50, 7))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1, b2) {
		t.Error("items.jsonl differs between two runs")
	}
	for id, f := range s1 {
		if !bytes.Equal(f[0], s2[id][0]) || !bytes.Equal(f[1], s2[id][1]) {
			t.Errorf("%s differs between two runs", id)
		}
	}
	b3, _, _ := Generate(opts(4, 50, 8))
	if bytes.Equal(b1, b3) {
		t.Error("another seed gave the same benchmark")
	}
}

// TestAddingModelsKeepsOthers checks that each model's output depends only
// on the seed, its index and the items.
func TestAddingModelsKeepsOthers(t *testing.T) {
	_, small, _ := Generate(opts(2, 30, 1))
	_, large, _ := Generate(opts(5, 30, 1))
	for id, f := range small {
		if !bytes.Equal(f[1], large[id][1]) {
			t.Errorf("%s changed when models were added", id)
		}
	}
}

func TestShapeOfPaperSizedBoard(t *testing.T) {
	cat := ingest.BuiltinCatalog()
	bench, subs, err := Generate(opts(3, 334, 42))
	if err != nil {
		t.Fatal(err)
	}
	var items []sciifdata.Item
	lines(t, bench, func(data []byte) {
		var it sciifdata.Item
		if err := json.Unmarshal(data, &it); err != nil {
			t.Fatal(err)
		}
		items = append(items, it)
	})
	if len(items) != 334 {
		t.Fatalf("got %d items, want 334", len(items))
	}
	byK := map[int]int{}
	ids := map[string]bool{}
	for _, it := range items {
		byK[it.K()]++
		if ids[it.ID] {
			t.Errorf("duplicate id %s", it.ID)
		}
		ids[it.ID] = true
		seen := map[string]bool{}
		for _, c := range it.Constraints {
			if _, ok := cat.Lookup(c); !ok || seen[c] {
				t.Errorf("%s: unknown or repeated constraint %q", it.ID, c)
			}
			seen[c] = true
		}
	}
	if byK[1] != 60 {
		t.Errorf("got %d items with k=1, want 60 as in the paper", byK[1])
	}
	for k := 2; k <= 5; k++ {
		if byK[k] == 0 {
			t.Errorf("no item with k=%d", k)
		}
	}
	if len(subs) != 3 {
		t.Fatalf("got %d submissions, want 3", len(subs))
	}
	idx := map[string]sciifdata.Item{}
	for _, it := range items {
		idx[it.ID] = it
	}
	for id, f := range subs {
		if !bytes.Contains(f[0], []byte("judges: [gpt-5.1, gemini-3-flash]")) {
			t.Errorf("%s: metadata lacks the judges:\n%s", id, f[0])
		}
		n, size := 0, 0
		lines(t, f[1], func(data []byte) {
			var r sciifdata.Record
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatal(err)
			}
			n++
			size += len(r.Response)
			it, ok := idx[r.ID]
			if !ok {
				t.Fatalf("%s: record for unknown item %s", id, r.ID)
			}
			for _, j := range DefaultJudges {
				out := r.Judges[j]
				if out.Correctness == "" || len(out.Constraints) != it.K() {
					t.Errorf("%s %s: judge %s audits %d of %d constraints", id, r.ID, j, len(out.Constraints), it.K())
				}
			}
		})
		if n < 330 || n > 334 {
			t.Errorf("%s: %d records, want 334 or a few less", id, n)
		}
		if avg := size / n; avg < 1200 || avg > 2200 {
			t.Errorf("%s: responses average %d bytes, want about 1.5 KB", id, avg)
		}
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, opts(2, 12, 3)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"benchmarks/sciif/items.jsonl", "results/synth-model-001/metadata.yaml", "results/synth-model-002/responses.jsonl"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
	// The files read back as a benchmark and submissions.
	if _, err := ingest.Benchmark(filepath.Join(dir, "benchmarks/sciif")); err != nil {
		t.Errorf("ingest.Benchmark: %v", err)
	}
	if _, err := ingest.Submissions(filepath.Join(dir, "results"), []string{"responses.jsonl"}); err != nil {
		t.Errorf("ingest.Submissions: %v", err)
	}
}

func TestOptionsAreChecked(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"no items", opts(1, 0, 1)},
		{"negative models", opts(-1, 5, 1)},
		{"no catalog", Options{Models: 1, Items: 5}},
	} {
		if _, _, err := Generate(tc.opt); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	opt := opts(10, 334, 1)
	for b.Loop() {
		if _, _, err := Generate(opt); err != nil {
			b.Fatal(err)
		}
	}
}

func lines(t *testing.T, data []byte, fn func([]byte)) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fn(sc.Bytes())
	}
}
