package ifeval_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

// The conformance data (the official input, GPT-4's responses and the
// official results) is third-party data kept beside the repository, in
// ../shared/conformance/ifeval from the module root; it is never copied in.
// See its SOURCE.md.

const responsesFile = "input_response_data_gpt4_20231107_145030.pr2963.jsonl"

func conformanceDir(t testing.TB) string {
	t.Helper()
	return filepath.Dir(sharedtest.Conformance(t, "ifeval/input_data.jsonl"))
}

type gpt4Run struct {
	prompts   []instr.Prompt
	responses []string
	ev        instr.Evaluation
}

func loadGPT4(t testing.TB) (string, gpt4Run) {
	dir := conformanceDir(t)
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "input_data.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	prompts, err := instr.ReadPrompts(f, "input_data.jsonl", reg)
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.Open(filepath.Join(dir, responsesFile))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	rs, err := instr.ReadResponses(g, responsesFile)
	if err != nil {
		t.Fatal(err)
	}
	matched, missing := instr.MatchResponses(prompts, rs, "input_data.jsonl", responsesFile)
	if len(missing) > 0 {
		t.Fatal(missing)
	}
	return dir, gpt4Run{prompts, matched, reg.EvaluateAll(prompts, matched)}
}

type expectedLine struct {
	FollowAll   bool     `json:"follow_all_instructions"`
	FollowList  []bool   `json:"follow_instruction_list"`
	IDs         []string `json:"instruction_id_list"`
	Prompt      string   `json:"prompt"`
	Response    string   `json:"response"`
	rawLine     []byte
	lineNumber  int
	instruction []instr.InstructionResult
}

func readExpected(t testing.TB, path string) []expectedLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []expectedLine
	for i, line := range bytes.SplitAfter(b, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var e expectedLine
		if err := json.Unmarshal(line, &e); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		e.rawLine, e.lineNumber = line, i+1
		out = append(out, e)
	}
	return out
}

// deviation is one documented disagreement with the official results.
type deviation struct {
	mode   instr.Mode
	key    int64
	id     string
	want   bool // the official result
	reason string
}

func (d deviation) String() string {
	return fmt.Sprintf("%s\t%d\t%s\t%v", d.mode, d.key, d.id, d.want)
}

func readDeviations(t testing.TB) map[string]deviation {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "deviations.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]deviation{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 || strings.TrimSpace(f[4]) == "" {
			t.Fatalf("testdata/deviations.tsv:%d: want mode, key, id, official result and a reason", n)
		}
		key, err1 := strconv.ParseInt(f[1], 10, 64)
		want, err2 := strconv.ParseBool(f[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("testdata/deviations.tsv:%d: bad key or result", n)
		}
		d := deviation{instr.Mode(f[0]), key, f[2], want, f[4]}
		out[d.String()] = d
	}
	return out
}

// TestConformanceGPT4 checks every instruction verdict of both modes against
// the official results. A disagreement must be listed, with its reason, in
// testdata/deviations.tsv; a listed row that agrees again must be removed.
func TestConformanceGPT4(t *testing.T) {
	dir, run := loadGPT4(t)
	devs := readDeviations(t)
	used := map[string]bool{}
	for _, m := range []struct {
		mode instr.Mode
		file string
		got  []instr.PromptResult
	}{
		{instr.Strict, "eval_results_strict.jsonl", run.ev.Strict},
		{instr.Loose, "eval_results_loose.jsonl", run.ev.Loose},
	} {
		want := readExpected(t, filepath.Join(dir, "expected", m.file))
		if len(want) != len(m.got) {
			t.Fatalf("%s: %d results, want %d", m.file, len(m.got), len(want))
		}
		agree, total := 0, 0
		for i, w := range want {
			g := m.got[i]
			if w.Prompt != g.Prompt || w.Response != g.Response {
				t.Errorf("%s:%d: prompt or response out of order (key %d)", m.file, w.lineNumber, g.Key)
				continue
			}
			for j, id := range w.IDs {
				total++
				ir := g.Instructions[j]
				if ir.ID != id {
					t.Errorf("%s:%d: instruction %d is %q, want %q", m.file, w.lineNumber, j, ir.ID, id)
					continue
				}
				d := deviation{mode: m.mode, key: g.Key, id: id, want: w.FollowList[j]}
				if ir.Followed == w.FollowList[j] {
					agree++
					if _, listed := devs[d.String()]; listed {
						t.Errorf("%s:%d: key %d %s now agrees with the official %v; remove it from testdata/deviations.tsv",
							m.file, w.lineNumber, g.Key, id, w.FollowList[j])
					}
					continue
				}
				if _, listed := devs[d.String()]; listed {
					used[d.String()] = true
					continue
				}
				t.Errorf("%s:%d: key %d %s: got %v (%s), official %v",
					m.file, w.lineNumber, g.Key, id, ir.Followed, ir.Reason, w.FollowList[j])
			}
		}
		t.Logf("%s: %d of %d instruction verdicts agree", m.file, agree, total)
	}
	for k := range devs {
		if !used[k] {
			t.Errorf("testdata/deviations.tsv: row %q matches no disagreement", k)
		}
	}
}

// TestGPT4Figures checks the headline figures. The published strict figures
// (76.89% of prompts, 83.57% of instructions: 416/541 and 697/834) come from
// a run where the official code's random letter for key 1122 missed; with
// the documented deviations put back to the official verdicts, the run
// reproduces them exactly. Without them, it gives the figures of the
// official runs whose random letters passed (417/541, 698/834).
func TestGPT4Figures(t *testing.T) {
	_, run := loadGPT4(t)
	devs := readDeviations(t)
	official := func(rs []instr.PromptResult, mode instr.Mode) []instr.PromptResult {
		out := make([]instr.PromptResult, len(rs))
		for i, r := range rs {
			r.Instructions = append([]instr.InstructionResult(nil), r.Instructions...)
			for j, ir := range r.Instructions {
				d := deviation{mode: mode, key: r.Key, id: ir.ID, want: !ir.Followed}
				if _, listed := devs[d.String()]; listed {
					r.Instructions[j].Followed = !ir.Followed
				}
			}
			out[i] = r
		}
		return out
	}
	pct := func(t instr.Tally) string { return fmt.Sprintf("%d/%d = %.2f%%", t.Followed, t.Total, 100*t.Rate()) }
	tests := []struct {
		name, reason string
		ev           instr.Evaluation
		want         [4]string
	}{
		{
			name:   "published",
			reason: "with the documented deviations set to the official verdicts, the strict figures are the paper's",
			ev:     instr.Evaluation{Strict: official(run.ev.Strict, instr.Strict), Loose: official(run.ev.Loose, instr.Loose)},
			want:   [4]string{"416/541 = 76.89%", "697/834 = 83.57%", "430/541 = 79.48%", "713/834 = 85.49%"},
		},
		{
			name:   "deterministic",
			reason: "counting the non-letter characters of keys 1122 and 1129 as given passes both",
			ev:     run.ev,
			want:   [4]string{"417/541 = 77.08%", "698/834 = 83.69%", "431/541 = 79.67%", "714/834 = 85.61%"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := figures(tt.ev)
			got := [4]string{pct(f.PromptStrict), pct(f.InstructionStrict), pct(f.PromptLoose), pct(f.InstructionLoose)}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: figures (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// TestOfficialFileFormats re-encodes the official results and report and
// expects the same bytes: the writer and the report printer are Python's.
func TestOfficialFileFormats(t *testing.T) {
	dir := conformanceDir(t)
	var report bytes.Buffer
	for _, file := range []string{"eval_results_strict.jsonl", "eval_results_loose.jsonl"} {
		path := filepath.Join(dir, "expected", file)
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rs []instr.PromptResult
		for _, e := range readExpected(t, path) {
			r := instr.PromptResult{Prompt: e.Prompt, Response: e.Response, FollowAll: e.FollowAll}
			for j, id := range e.IDs {
				r.Instructions = append(r.Instructions, instr.InstructionResult{ID: id, Followed: e.FollowList[j]})
			}
			rs = append(rs, r)
		}
		var got bytes.Buffer
		if err := instr.WriteResults(&got, rs); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			gl, wl := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gl), len(wl)) {
				if gl[i] != wl[i] {
					t.Errorf("%s:%d differs (-want +got):\n%s", file, i+1, cmp.Diff(wl[i], gl[i]))
					break
				}
			}
		}
		if err := instr.WriteReport(&report, "./run1/"+file, instr.Score(rs)); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(filepath.Join(dir, "expected", "accuracy_summary.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), report.String()); diff != "" {
		t.Errorf("accuracy report (-want +got):\n%s", diff)
	}
}

// BenchmarkIFEvalGPT4 measures the evaluation, both modes, of GPT-4's 541
// responses, and reports responses checked per second.
func BenchmarkIFEvalGPT4(b *testing.B) {
	_, run := loadGPT4(b)
	reg, err := instr.NewRegistry(ifeval.Checkers)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		reg.EvaluateAll(run.prompts, run.responses)
	}
	b.ReportMetric(float64(b.N*len(run.prompts))/b.Elapsed().Seconds(), "responses/s")
}

// figuresOf are the four headline numbers of a run.
type figuresOf struct {
	PromptStrict      instr.Tally
	InstructionStrict instr.Tally
	PromptLoose       instr.Tally
	InstructionLoose  instr.Tally
}

func figures(e instr.Evaluation) figuresOf {
	s, l := instr.Score(e.Strict), instr.Score(e.Loose)
	return figuresOf{s.Prompt, s.Instruction, l.Prompt, l.Instruction}
}
