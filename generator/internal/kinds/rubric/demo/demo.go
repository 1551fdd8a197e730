// Package demo generates the demo rubric benchmark (benchmarks/
// complex-if-demo/items.jsonl) and the five demo models' submissions to it
// (results/demo-*/complex-if-demo.jsonl) from tasks.txt, deterministically:
// no clock, no random source, every choice a hash of the model, the task
// and the criterion.
//
// The tasks and their criteria were written for this project. The
// responses are abridged from one reference answer per task, and the judge
// outputs are generated from each model's made-up skill, in the output
// format of rubric benchmarks, with a few deliberate faults (a criterion
// left out, a contradictory pair, an unreadable verdict) so that the site
// shows how they are scored. No model or judge produced any of it.
//
// The package's test rewrites the committed files with -update and
// otherwise checks that they are what Files builds.
package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/synth"
)

//go:embed tasks.txt
var tasksText string

// Benchmark is the demo benchmark's folder name and submission file name.
const Benchmark = "complex-if-demo"

// Judges are the demo models' judges, as their metadata.yaml lists them.
var Judges = []string{"gpt-5.1", "gemini-3-flash"}

// Criterion is one criterion of items.jsonl.
type Criterion struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Category string `json:"category"`
}

// Task is one line of items.jsonl, with the reference response it was
// written with.
type Task struct {
	ID        string      `json:"id"`
	Prompt    string      `json:"prompt"`
	Criteria  []Criterion `json:"criteria"`
	Reference string      `json:"-"`
}

// model is a demo model's made-up ability.
type model struct {
	id string
	// skill is the chance of meeting a primary criterion; aced is the
	// chance of meeting every criterion of a task.
	skill, aced float64
	// skip lists tasks the model did not answer.
	skip []string
}

var models = []model{
	{id: "demo-atlas-70b", skill: 0.88, aced: 0.25},
	{id: "demo-borealis-8b", skill: 0.70, aced: 0.05},
	{id: "demo-cirrus-pro", skill: 0.93, aced: 0.35},
	{id: "demo-dune-mini", skill: 0.76, aced: 0.10},
	{id: "demo-ember-13b", skill: 0.82, aced: 0.15, skip: []string{"cif-07", "cif-16"}},
}

// File is one generated file, by its path from the repository root.
type File struct {
	Path string
	Data []byte
}

// Tasks parses tasks.txt.
func Tasks() ([]Task, error) {
	var tasks []Task
	var t *Task
	section := ""
	var prompt, ref []string
	counts := map[string]int{}
	flush := func() {
		if t != nil {
			t.Prompt = strings.TrimSpace(strings.Join(prompt, "\n"))
			t.Reference = strings.TrimSpace(strings.Join(ref, "\n"))
			tasks = append(tasks, *t)
		}
	}
	for n, line := range strings.Split(tasksText, "\n") {
		switch {
		case strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "### "):
			if t == nil {
				continue
			}
		case strings.HasPrefix(line, "### "):
			flush()
			t = &Task{ID: strings.TrimSpace(line[4:])}
			section, prompt, ref, counts = "", nil, nil, map[string]int{}
			continue
		case line == "PROMPT:" || line == "CRITERIA:" || line == "RESPONSE:":
			section = line
			continue
		}
		if t == nil {
			if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
				return nil, fmt.Errorf("tasks.txt:%d: text before the first task", n+1)
			}
			continue
		}
		switch section {
		case "PROMPT:":
			prompt = append(prompt, line)
		case "RESPONSE:":
			ref = append(ref, line)
		case "CRITERIA:":
			if strings.TrimSpace(line) == "" {
				continue
			}
			cat := map[string]string{"P: ": "primary", "E: ": "extra", "D: ": "dodged"}[line[:min(3, len(line))]]
			if cat == "" {
				return nil, fmt.Errorf("tasks.txt:%d: want P:, E: or D:", n+1)
			}
			counts[cat]++
			t.Criteria = append(t.Criteria, Criterion{ID: fmt.Sprintf("%c%d", cat[0], counts[cat]), Text: strings.TrimSpace(line[3:]), Category: cat})
		default:
			if strings.TrimSpace(line) != "" {
				return nil, fmt.Errorf("tasks.txt:%d: text outside PROMPT, CRITERIA and RESPONSE", n+1)
			}
		}
	}
	flush()
	return tasks, nil
}

// u is a number in [0, 1) fixed by its parts.
var u = synth.Unit

// Files builds items.jsonl and every demo model's submission.
func Files() ([]File, error) {
	tasks, err := Tasks()
	if err != nil {
		return nil, err
	}
	var items bytes.Buffer
	enc := json.NewEncoder(&items)
	enc.SetEscapeHTML(false)
	for i := range tasks {
		if err := enc.Encode(&tasks[i]); err != nil {
			return nil, err
		}
	}
	files := []File{{Path: "benchmarks/" + Benchmark + "/items.jsonl", Data: items.Bytes()}}
	for _, m := range models {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for i := range tasks {
			t := &tasks[i]
			if contains(m.skip, t.ID) {
				continue
			}
			rec := struct {
				ID       string            `json:"id"`
				Response string            `json:"response"`
				Judges   map[string]string `json:"judges"`
			}{ID: t.ID, Response: response(m, t), Judges: map[string]string{}}
			meets := verdicts(m, t)
			for j, name := range Judges {
				rec.Judges[name] = judgeOutput(m, t, j, meets)
			}
			if err := enc.Encode(rec); err != nil {
				return nil, err
			}
		}
		files = append(files, File{Path: "results/" + m.id + "/" + Benchmark + ".jsonl", Data: buf.Bytes()})
	}
	return files, nil
}

// aced reports whether m meets every criterion of t.
func aced(m model, t *Task) bool { return u(m.id, t.ID, "aced") < m.aced }

// response abridges the reference: a weaker model drops more lines (never
// the first), a model that aces the task gives it whole.
func response(m model, t *Task) string {
	if aced(m, t) {
		return t.Reference
	}
	lines := strings.Split(t.Reference, "\n")
	out := []string{lines[0]}
	drop := 1.2 * (1 - m.skill)
	for i, l := range lines[1:] {
		if u(m.id, t.ID, "line", fmt.Sprint(i)) >= drop {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// verdicts is whether m truly meets each criterion of t: what the first
// judge sees.
func verdicts(m model, t *Task) []bool {
	out := make([]bool, len(t.Criteria))
	all := aced(m, t)
	for c, cr := range t.Criteria {
		p := m.skill
		switch cr.Category {
		case "extra":
			p = m.skill - 0.2
		case "dodged":
			p = min(0.99, m.skill+0.06)
		}
		out[c] = all || u(m.id, t.ID, cr.ID) < p
	}
	return out
}

// judgeOutput is judge j's raw output on m's answer to t. The second judge
// disagrees now and then; rare faults show how the board scores them.
func judgeOutput(m model, t *Task, j int, meets []bool) string {
	var lines []string
	if j == 1 {
		lines = append(lines, "Grading each criterion:")
	}
	for c, cr := range t.Criteria {
		yes := meets[c]
		if j == 1 && !aced(m, t) && u(m.id, t.ID, cr.ID, "disagree") < 0.05 {
			yes = !yes
		}
		v := map[bool]string{true: "YES", false: "NO"}[yes]
		why := reason(cr, yes)
		fault := u(m.id, t.ID, cr.ID, "fault", fmt.Sprint(j))
		switch {
		case fault < 0.003: // the criterion is left out
			continue
		case fault < 0.006: // answered twice, differently
			lines = append(lines, fmt.Sprintf("%s: YES %s", cr.ID, why), fmt.Sprintf("%s: NO on a second reading, %s", cr.ID, lowerFirst(reason(cr, false))))
			continue
		case fault < 0.009: // neither YES nor NO
			lines = append(lines, fmt.Sprintf("%s: PARTIAL — %s", cr.ID, why))
			continue
		}
		if j == 0 {
			lines = append(lines, fmt.Sprintf("%s: %s — %s", cr.ID, v, why))
		} else {
			lines = append(lines, fmt.Sprintf("- **%s**: %s. %s", cr.ID, v, why))
		}
	}
	return strings.Join(lines, "\n")
}

// reason is a judge's short reason.
func reason(cr Criterion, yes bool) string {
	text := strings.TrimSuffix(cr.Text, ".")
	short := text
	end := "."
	if r := []rune(short); len(r) > 70 {
		short, end = string(r[:70]), "…"
	}
	short = lowerFirst(short) + end
	switch {
	case cr.Category == "dodged" && yes:
		return "Avoided — it " + short
	case cr.Category == "dodged":
		return "Violated — the response makes the mistake this criterion rules out."
	case yes:
		return "Met: " + short
	}
	return "Not met: " + short
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
