package rubric

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// demoBoard scores the committed demo submissions of the demo benchmark.
func demoBoard(t *testing.T) (*benchmark, *Board, board.Problems) {
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
	var dirs []string
	for _, id := range demotest.Rescored {
		dirs = append(dirs, filepath.Join("../../../../results", id))
	}
	var runs []kind.Run
	var warnings board.Problems
	for _, dir := range dirs {
		meta, probs := ingest.Metadata(filepath.Join(dir, "metadata.yaml"))
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		sub := &board.Submission{ID: filepath.Base(dir), Dir: dir, Meta: meta}
		r, probs := b.Check(context.Background(), sub, kind.Options{KeepResponses: true})
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

// TestDemoBoardPages builds a site from the demo board alone and checks
// the pages every board has: leaderboard, categories, collapse, reported
// rows, cases, one page per task, downloads and the methodology section.
func TestDemoBoardPages(t *testing.T) {
	b, bd, warnings := demoBoard(t)
	if len(bd.runs) != 5 {
		t.Fatalf("%d models on the demo board, want 5", len(bd.runs))
	}
	codes := map[string]bool{}
	for _, w := range warnings {
		codes[w.Code] = true
	}
	for _, c := range []string{CodeIncomplete, CodeUnanswered, CodeConflict, CodeInvalid} {
		if !codes[c] {
			t.Errorf("the demo shows no %s warning", c)
		}
	}
	files, err := render.Build(render.Input{Boards: []render.Board{bd}, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	site := map[string]string{}
	for _, f := range files {
		site[f.Path] = string(f.Data)
	}
	index := site["index.html"]
	for _, want := range []string{"<h1>Complex-IF (demo), rescored</h1>", "Perfect tasks", "Mean criterion pass", "Mean reward", "By category", "Collapse: perfect tasks by number of criteria",
		"reported, not rescored", "GPT-5.1", "16.55%", "Qwen3-4B", "73.4%", `data-chart="rubriccomplexifdemo_collapse"`, "Cirrus Pro (demo)", "incomplete 18/20"} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	// Reported rows are never ranked: they are not in the board table.
	board, _, _ := strings.Cut(index, "By category")
	if strings.Contains(board, "GPT-5.1") {
		t.Errorf("a reported model sits in the ranked table")
	}
	for _, tk := range b.tasks {
		page, ok := site["complex-if-demo/"+tk.ID+".html"]
		if !ok {
			t.Errorf("no page for task %s", tk.ID)
			continue
		}
		for _, c := range tk.Criteria {
			if !strings.Contains(page, "<code>"+c.ID+"</code>") {
				t.Errorf("%s page lacks criterion %s", tk.ID, c.ID)
			}
		}
	}
	task := site["complex-if-demo/cif-05.html"]
	for _, want := range []string{"gpt-5.1", "gemini-3-flash", `id="m-demo-atlas-70b"`, "<i>s<sub>c</sub></i>", "Dodged Bullet"} {
		if !strings.Contains(task, want) {
			t.Errorf("cif-05.html lacks %q", want)
		}
	}
	for _, want := range []string{"complex-if-demo/cases.html", "complex-if-demo/leaderboard.csv", "complex-if-demo/scores.json", "complex-if-demo/verdicts.csv"} {
		if _, ok := site[want]; !ok {
			t.Errorf("site lacks %s", want)
		}
	}
	// The cases page's cells carry their outcome as classes, and each
	// outcome filter lists the classes it matches (site.js).
	cases := site["complex-if-demo/cases.html"]
	for _, want := range []string{
		`<option value="imperfect" data-classes="o-fail o-na">`, `<option value="dodged-violated" data-classes="o-dodged">`,
		`<option value="perfect" data-classes="o-pass">`, `<option value="unanswered" data-classes="o-na">`,
		`<span class="o o-fail o-dodged">`, `<span class="o o-pass">✓</span>`, `<span class="o o-na">·</span>`, `data-m="demo-atlas-70b"`,
	} {
		if !strings.Contains(cases, want) {
			t.Errorf("cases.html lacks %q", want)
		}
	}
	if !strings.Contains(site["methodology.html"], "α = 0.5, β = 1") {
		t.Errorf("methodology lacks the board's section")
	}
	// A rubric-only site publishes no other kind's protocol.
	for _, other := range []string{"evidence point", "SciIF", "IFEval", "compliance rate"} {
		if strings.Contains(site["methodology.html"], other) {
			t.Errorf("the methodology of a rubric-only site speaks of %q", other)
		}
	}
	if !strings.Contains(site["downloads.html"], "complex-if-demo/verdicts.csv") {
		t.Errorf("downloads lacks the board's files")
	}
}

// TestScoreJSONContract checks the names `sciif score --format json`
// promises rubric boards.
func TestScoreJSONContract(t *testing.T) {
	_, bd, _ := demoBoard(t)
	var buf bytes.Buffer
	if err := bd.Write(&buf, "json", kind.Options{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Models []map[string]json.RawMessage `json:"models"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, m := range doc.Models {
		for _, k := range []string{"id", "tasks", "perfect_tasks", "mean_criterion_pass", "mean_reward", "categories"} {
			if _, ok := m[k]; !ok {
				t.Errorf("model lacks %q", k)
			}
		}
		var cats map[string]map[string]json.RawMessage
		if err := json.Unmarshal(m["categories"], &cats); err != nil {
			t.Fatal(err)
		}
		for _, c := range []string{"primary", "extra", "dodged"} {
			for _, k := range []string{"satisfied", "total"} {
				if _, ok := cats[c][k]; !ok {
					t.Errorf("categories.%s lacks %q", c, k)
				}
			}
		}
	}
	if len(doc.Models) != 5 {
		t.Errorf("%d models", len(doc.Models))
	}
}

// TestPromptsAndRun checks sciif prompts' lines and that a submission
// written by sciif run from judge outputs in the prompt's format scores
// as the judges said.
func TestPromptsAndRun(t *testing.T) {
	b, _, _ := demoBoard(t)
	var buf bytes.Buffer
	if err := b.Prompts(&buf); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2*len(b.tasks) {
		t.Fatalf("%d prompt lines, want %d", len(lines), 2*len(b.tasks))
	}
	var judge promptLine
	if err := json.Unmarshal([]byte(lines[1]), &judge); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<criterion id>: YES|NO <brief reason>", AnswerPlaceholder, "p1 [primary]:", "d1 [dodged]:", "AVOIDS"} {
		if judge.Kind != "judge" || !strings.Contains(judge.Prompt, want) {
			t.Errorf("judge prompt lacks %q:\n%s", want, judge.Prompt)
		}
	}
	// A run: every judge answers YES to everything on the first task.
	t0 := &b.tasks[0]
	var out []string
	for _, c := range t0.Criteria {
		out = append(out, c.ID+": YES looks right")
	}
	a := kind.Answers{Model: map[string]string{AnswerKey(t0.ID): "answer"}, Judges: []string{"j1", "j2"},
		Verdicts: map[string]map[string]string{"j1": {JudgeKey(t0.ID): strings.Join(out, "\n")}, "j2": {JudgeKey(t0.ID): strings.Join(out, "\n")}}}
	tasks := b.JudgeTasks(a.Model)
	if len(tasks) != 1 || !tasks[0].Valid(strings.Join(out, "\n")) || tasks[0].Valid("no verdicts here") {
		t.Errorf("judge tasks: %+v", tasks)
	}
	data, err := b.Submission(a)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, b.spec.File), string(data))
	r, probs := b.Check(context.Background(), &board.Submission{ID: "x", Dir: dir, Meta: board.Metadata{Judges: []string{"j1", "j2"}}}, kind.Options{})
	for _, p := range probs {
		if p.Fatal || p.Code != CodeIncomplete {
			t.Errorf("%s", p)
		}
	}
	if got := r.(*run).scores.PerfectTasks; got != 1 {
		t.Errorf("perfect tasks %d, want 1", got)
	}
}
