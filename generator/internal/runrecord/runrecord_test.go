package runrecord

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// bench is a kind.Runnable whose answer prompts are prompts.
type bench struct {
	name    string
	prompts []string
}

func (b *bench) Spec() *kind.Spec {
	return &kind.Spec{Kind: "fake", Name: b.name, Title: b.name, File: b.name + ".jsonl"}
}
func (b *bench) Size() int { return len(b.prompts) }
func (b *bench) Check(context.Context, *board.Submission, kind.Options) (kind.Run, board.Problems) {
	return nil, nil
}
func (b *bench) Rank([]kind.Run, kind.Options) (kind.Board, error) { return nil, nil }
func (b *bench) Prompts(io.Writer) error                           { return nil }
func (b *bench) Scaffold() string                                  { return "" }
func (b *bench) Judged() bool                                      { return false }
func (b *bench) JudgeTasks(map[string]string) []kind.Task          { return nil }
func (b *bench) Submission(kind.Answers) ([]byte, error)           { return nil, nil }
func (b *bench) AnswerTasks() []kind.Task {
	var out []kind.Task
	for i, p := range b.prompts {
		out = append(out, kind.Task{Key: kind.Key(b.name, string(rune('a'+i))), Prompt: p})
	}
	return out
}

// notRunnable is a benchmark sciif run cannot answer.
type notRunnable struct{ kind.Benchmark }

func digest(data string) string {
	h := sha256.Sum256([]byte(data))
	return hex.EncodeToString(h[:])
}

// folder writes a submission of alpha and beta with a run.json that
// matches them, and returns it.
func folder(t *testing.T, alpha, beta *bench) board.Submission {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	files := map[string]string{"alpha.jsonl": "alpha line\n", "beta.jsonl": "beta line\n"}
	rec := board.RunRecord{Generator: Generator, Version: "sciif test", Model: "acme/m"}
	for _, b := range []*bench{alpha, beta} {
		rec.Benchmarks = append(rec.Benchmarks, board.RunBenchmark{Name: b.name, File: b.Spec().File, Prompts: len(b.prompts),
			PromptsSHA256: PromptsDigest(b.AnswerTasks()), FileSHA256: digest(files[b.Spec().File]),
			Answers: board.Usage{Requests: 2, PromptTokens: 30, CompletionTokens: 40}})
	}
	data, err := Encode(rec)
	if err != nil {
		t.Fatal(err)
	}
	files["run.json"] = string(data)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return board.Submission{ID: "m", Dir: dir}
}

func TestCheckerMatchesOnlyTheFilesAndPromptsRecorded(t *testing.T) {
	alpha := &bench{name: "alpha", prompts: []string{"one", "two"}}
	beta := &bench{name: "beta", prompts: []string{"three"}}
	for _, tc := range []struct {
		name, reason string
		benches      []kind.Benchmark
		edit         func(t *testing.T, dir string)
		matches      map[string]bool
		reproduced   bool
		warnings     []string // field: start of message
	}{
		{name: "as written", reason: "every file and prompt is the one recorded",
			benches: []kind.Benchmark{alpha, beta}, matches: map[string]bool{"alpha": true, "beta": true}, reproduced: true},
		{name: "a benchmark not built", reason: "a record's other benchmarks are not checked, and the badge needs only the files built",
			benches: []kind.Benchmark{alpha}, matches: map[string]bool{"alpha": true}, reproduced: true},
		{name: "a line edited", reason: "the file is no longer the one sciif run wrote",
			benches: []kind.Benchmark{alpha, beta}, edit: func(t *testing.T, dir string) { write(t, dir, "beta.jsonl", "beta line, edited\n") },
			matches: map[string]bool{"alpha": true}, warnings: []string{"benchmarks[1].file_sha256: beta.jsonl is not the file sciif run wrote"}},
		{name: "prompts changed", reason: "the benchmark's prompts are not those the run asked",
			benches: []kind.Benchmark{&bench{name: "alpha", prompts: []string{"one", "two, reworded"}}, beta},
			matches: map[string]bool{"beta": true}, warnings: []string{"benchmarks[0].prompts_sha256: benchmark alpha's prompts are not the ones the run asked"}},
		{name: "a result file without a record", reason: "a file the run did not write takes the badge away, not the other benchmark's tokens",
			benches: []kind.Benchmark{alpha, beta, &bench{name: "gamma"}}, edit: func(t *testing.T, dir string) { write(t, dir, "gamma.jsonl", "by hand\n") },
			matches: map[string]bool{"alpha": true, "beta": true}},
		{name: "not runnable", reason: "a benchmark sciif run cannot answer has no prompts to match",
			benches: []kind.Benchmark{alpha, notRunnable{beta}},
			matches: map[string]bool{"alpha": true}, warnings: []string{"benchmarks[1].name: benchmark beta is not one sciif run answers"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sub := folder(t, alpha, beta)
			if tc.edit != nil {
				tc.edit(t, sub.Dir)
			}
			NewChecker(tc.benches).Check(&sub)
			if sub.Run == nil {
				t.Fatalf("no run.json read; warnings %v", sub.Warnings)
			}
			var warnings []string
			for _, w := range sub.Warnings {
				if w.Fatal || w.File != filepath.Join(sub.Dir, "run.json") || w.Code != CodeMismatch {
					t.Errorf("warning %+v: want a non-fatal %s on run.json", w, CodeMismatch)
				}
				warnings = append(warnings, w.Field+": "+w.Msg)
			}
			if len(warnings) != len(tc.warnings) {
				t.Errorf("%s: warnings %q, want %q", tc.reason, warnings, tc.warnings)
			}
			for i := range min(len(warnings), len(tc.warnings)) {
				if !strings.HasPrefix(warnings[i], tc.warnings[i]) {
					t.Errorf("%s: warning %q, want %q…", tc.reason, warnings[i], tc.warnings[i])
				}
			}
			if diff := cmp.Diff(tc.matches, sub.Run.Matches); diff != "" || sub.Run.Reproduced != tc.reproduced {
				t.Errorf("%s: matches (-want +got):\n%s reproduced %v, want %v", tc.reason, diff, sub.Run.Reproduced, tc.reproduced)
			}
		})
	}
}

func write(t *testing.T, dir, name, data string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDecodeNamesLineAndField(t *testing.T) {
	good := `{"generator": "sciif run", "version": "v", "model": "m", "benchmarks": [{"name": "a", "file": "a.jsonl", "prompts": 1,
  "prompts_sha256": "` + strings.Repeat("a", 64) + `", "file_sha256": "` + strings.Repeat("b", 64) + `",
  "answers": {"requests": 1, "prompt_tokens": 2, "completion_tokens": 3}}]}`
	if _, probs := Decode("run.json", []byte(good)); len(probs) > 0 {
		t.Fatalf("a good record: %v", probs)
	}
	for _, tc := range []struct {
		name, reason, data, want string
	}{
		{"unknown field", "a field run.json does not have is refused, not ignored",
			strings.Replace(good, `"version"`, `"verzion"`, 1), "run.json: verzion: "},
		{"wrong type", "a count that is not a number names its line",
			strings.Replace(good, `"completion_tokens": 3`, `"completion_tokens": "3"`, 1), "run.json:3: benchmarks.answers.completion_tokens: "},
		{"negative", "a negative count is refused",
			strings.Replace(good, `"prompt_tokens": 2`, `"prompt_tokens": -2`, 1), "run.json: benchmarks[0].answers.prompt_tokens: negative count -2"},
		{"too many tokens", "counts are bounded as declared ones are, so that their sum on the board cannot wrap around (2^63-1 + 1 showed as a negative total)",
			strings.Replace(good, `"prompt_tokens": 2`, `"prompt_tokens": 9223372036854775807`, 1), "run.json: benchmarks[0].answers.prompt_tokens: 9223372036854775807 is more than the 1000000000000000 allowed"},
		{"too many requests", "requests are bounded too",
			strings.Replace(good, `"requests": 1`, `"requests": 1000000000000001`, 1), "run.json: benchmarks[0].answers.requests: 1000000000000001 is more than the 1000000000000000 allowed"},
		{"bad digest", "a digest must be 64 lower-case hex digits",
			strings.Replace(good, strings.Repeat("b", 64), strings.Repeat("B", 64), 1), "run.json: benchmarks[0].file_sha256: "},
		{"other generator", "a record of another program is not one of sciif run's",
			strings.Replace(good, `"sciif run"`, `"by hand"`, 1), `run.json: generator: want "sciif run", got "by hand"`},
		{"not JSON", "garbage is a problem, not a panic", "{", "run.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, probs := Decode("run.json", []byte(tc.data))
			if len(probs) != 1 || !strings.HasPrefix(probs[0].String(), tc.want) || probs[0].Fatal {
				t.Errorf("%s: problems %v, want one warning starting %q", tc.reason, probs, tc.want)
			}
		})
	}
}

// A run.json over its limit is named once, as the file of the warning,
// not again in its message ("run.json: warning: run.json: file is …").
func TestReadOverTheLimitNamesTheFileOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.json")
	if err := os.WriteFile(path, []byte("{"+strings.Repeat(" ", ingest.MaxSmall)+"}"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, probs := Read(path)
	if len(probs) != 1 || strings.Contains(probs[0].Msg, path) || !strings.Contains(probs[0].Msg, "larger than the 64 KiB") {
		t.Errorf("problems %v, want one saying the file is over its limit without naming it again", probs)
	}
}
