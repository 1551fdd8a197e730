package kind_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// toy is a kind whose benchmarks hold nothing but benchmark.yaml; a folder
// with a toy.txt is inferred to be one.
var toy = &kind.Kind{
	Name: "toy",
	Infer: func(dir string) (kind.Spec, bool) {
		_, err := os.Stat(filepath.Join(dir, "toy.txt"))
		return kind.Spec{Title: "Toy"}, err == nil
	},
	Open: func(spec kind.Spec) (kind.Benchmark, error) { return &toyBench{spec}, nil },
}

type toyBench struct{ spec kind.Spec }

func (b *toyBench) Spec() *kind.Spec { return &b.spec }
func (b *toyBench) Size() int        { return 0 }
func (b *toyBench) Check(context.Context, *board.Submission, kind.Options) (kind.Run, board.Problems) {
	return nil, nil
}
func (b *toyBench) Rank([]kind.Run, kind.Options) (kind.Board, error) { return nil, nil }
func (b *toyBench) Prompts(io.Writer) error                           { return nil }
func (b *toyBench) Scaffold() string                                  { return "" }

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, data := range files {
		p = filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpen(t *testing.T) {
	tests := []struct {
		name, reason string
		files        map[string]string
		// want lists "name file" per benchmark opened, in order; wantErr a
		// part of the error instead.
		want    []string
		wantErr string
	}{
		{
			name: "defaults", reason: "name is the folder's, file <name>.jsonl",
			files: map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\n"},
			want:  []string{"a a.jsonl"},
		},
		{
			name: "named file", reason: "benchmark.yaml may name the submission file, as SciIF's responses.jsonl",
			files: map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\nfile: responses.jsonl\n"},
			want:  []string{"a responses.jsonl"},
		},
		{
			name: "inferred and ordered", reason: "a folder without benchmark.yaml that the kind recognises; benchmarks in name order within a kind",
			files: map[string]string{"b/z/benchmark.yaml": "kind: toy\ntitle: Z\n", "b/m/toy.txt": "x", "b/notes/README.md": "not a benchmark"},
			want:  []string{"m m.jsonl", "z z.jsonl"},
		},
		{
			name: "unknown kind", reason: "the error names the known kinds",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: nope\ntitle: A\n"},
			wantErr: `benchmark.yaml:1: kind: unknown kind "nope"; known kinds: toy`,
		},
		{
			name: "missing title", reason: "title is required",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: toy\n"},
			wantErr: "title: required field missing",
		},
		{
			name: "reserved file", reason: "a benchmark may not take metadata.yaml as its file",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\nfile: metadata.yaml\n"},
			wantErr: `file: "metadata.yaml" is not a submission file name`,
		},
		{
			name: "file outside the folder", reason: "the file is in the submission folder itself",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\nfile: ../x.jsonl\n"},
			wantErr: "is not a submission file name",
		},
		{
			name: "two benchmarks, one file", reason: "a submission file answers one benchmark",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\nfile: x.jsonl\n", "b/c/benchmark.yaml": "kind: toy\ntitle: C\nfile: x.jsonl\n"},
			wantErr: `submission file "x.jsonl" is also the file of`,
		},
		{
			name: "JSONL without benchmark.yaml", reason: "a folder that looks like a benchmark must say its kind",
			files:   map[string]string{"b/a/items.jsonl": "{}\n"},
			wantErr: "benchmark.yaml: missing",
		},
		{
			name: "field twice", reason: "a repeated field is refused, not overwritten",
			files:   map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\ntitle: B\n"},
			wantErr: "benchmark.yaml",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, tt.files)
			benches, err := kind.Open([]*kind.Kind{toy}, filepath.Join(root, "b"), nil)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("%s: error %v, want one containing %q", tt.reason, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.reason, err)
			}
			var got []string
			for _, b := range benches {
				got = append(got, b.Spec().Name+" "+b.Spec().File)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("%s: opened %v, want %v", tt.reason, got, tt.want)
			}
		})
	}
}

func TestKnownFiles(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"b/a/benchmark.yaml": "kind: toy\ntitle: A\n", "b/c/toy.txt": "x", "b/bad/benchmark.yaml": "kind: nope\n"})
	got := kind.KnownFiles([]*kind.Kind{toy}, filepath.Join(root, "b"))
	if strings.Join(got, ",") != "a.jsonl,c.jsonl" {
		t.Errorf("KnownFiles = %v, want the files of both benchmarks and none of the broken folder", got)
	}
}

// index_items is false unless benchmark.yaml says true, and is a boolean.
func TestIndexItems(t *testing.T) {
	for _, tt := range []struct {
		yaml    string
		want    bool
		wantErr string
	}{
		{yaml: "kind: toy\ntitle: A\n", want: false},
		{yaml: "kind: toy\ntitle: A\nindex_items: false\n", want: false},
		{yaml: "kind: toy\ntitle: A\nindex_items: true\n", want: true},
		{yaml: "kind: toy\ntitle: A\nindex_items: yes please\n", wantErr: "benchmark.yaml:3: index_items: want true or false"},
	} {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{"b/a/benchmark.yaml": tt.yaml})
		benches, err := kind.Open([]*kind.Kind{toy}, filepath.Join(root, "b"), nil)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q: error %v, want one containing %q", tt.yaml, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.yaml, err)
		}
		if got := benches[0].Spec().IndexItems; got != tt.want {
			t.Errorf("%q: IndexItems = %v, want %v", tt.yaml, got, tt.want)
		}
		if _, left := benches[0].Spec().Fields["index_items"]; left {
			t.Errorf("%q: index_items left among the kind's fields", tt.yaml)
		}
	}
}
