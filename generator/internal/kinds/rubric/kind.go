// Package rubric is the kind of rubric-graded benchmarks (Complex-IF,
// HealthBench, AdvancedIF): each task carries expert-written criteria in
// three categories — Primary Intent (what the user expects), Extra Credit
// (bonus only) and Dodged Bullet (penalty only: the response must avoid a
// likely misconception) — and judges say YES or NO per criterion.
//
// It is one kind.Kind value, Kind. A benchmark folder holds benchmark.yaml
// (kind: rubric, alpha, beta, optional judges), items.jsonl (one task per
// line) and optionally reported.yaml (published figures, shown apart and
// never ranked). A submission's file holds one
// {"id", "response", "judges": {"<judge>": "<raw output>"}} line per
// answered task.
//
// A criterion is satisfied only when every judge of the protocol says YES.
// The package scores the perfect-task rate, the mean per-criterion pass
// rate, per-category rates, the reward of Complex-IF's equation 1 and the
// perfect-task rate by number of criteria, ranks by the paired test on
// perfect tasks, and renders its board's pages. It performs no disk I/O
// beyond reading its inputs through ingest, and writes nothing.
package rubric

import (
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// Kind is the rubric benchmark kind.
var Kind = &kind.Kind{
	Name:  "rubric",
	Doc:   "tasks graded against expert-written criteria (primary intent, extra credit, dodged bullet), every judge must say YES",
	Open:  open,
	Fixes: fixes,
}

// Categories of criteria, as items.jsonl writes them.
const (
	Primary = "primary"
	Extra   = "extra"
	Dodged  = "dodged"
)

// CategoryOrder lists the categories in the order pages show them.
var CategoryOrder = []string{Primary, Extra, Dodged}

// categoryNames are the categories as readers know them.
var categoryNames = map[string]string{Primary: "Primary Intent", Extra: "Extra Credit", Dodged: "Dodged Bullet"}

// DefaultJudges is how many judges the protocol uses when benchmark.yaml
// does not say.
const DefaultJudges = 2

// ItemsFile is the tasks' file of a rubric benchmark folder.
const ItemsFile = "items.jsonl"

// Codes of the problems of a rubric benchmark folder.
const (
	CodeSpec  = "benchmark.spec"
	CodeItems = "rubric.items"
)

// Criterion is one rubric criterion of a task.
type Criterion struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Category string `json:"category,omitempty"`
	// Points and Tags are a point-weighted criterion's (scoring: points):
	// signed whole points (+7 for a required element, −8 for a harmful
	// one) and tags such as "theme:…", "axis:…".
	Points *int     `json:"points,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Task is one line of items.jsonl.
type Task struct {
	ID string `json:"id"`
	// Prompt is the one user message asked, or Messages the conversation
	// (ending in a user turn): a task has one of them.
	Prompt   string         `json:"prompt,omitempty"`
	Messages []chat.Message `json:"messages,omitempty"`
	Criteria []Criterion    `json:"criteria"`
	// Line is the task's line in items.jsonl.
	Line int `json:"-"`
}

// Conversation is what the task asks: its Messages, or its Prompt as the
// one user message.
func (t *Task) Conversation() []chat.Message {
	if len(t.Messages) > 0 {
		return t.Messages
	}
	return chat.Prompt(t.Prompt)
}

// Positive is the sum of the task's positive points: a point-weighted
// task's score is divided by it.
func (t *Task) Positive() int {
	n := 0
	for _, c := range t.Criteria {
		if c.Points != nil && *c.Points > 0 {
			n += *c.Points
		}
	}
	return n
}

// ids lists the task's criterion ids in task order.
func (t *Task) ids() []string {
	out := make([]string, len(t.Criteria))
	for i, c := range t.Criteria {
		out[i] = c.ID
	}
	return out
}

type benchmark struct {
	spec kind.Spec
	// points is set by scoring: points: criteria carry signed points and
	// tags instead of categories, and a task scores the points of the
	// criteria met over its positive points, clipped to [0, 1].
	points bool
	alpha  float64
	beta   float64
	judges int
	tasks  []Task
	index  map[string]int
	// ids holds each task's criterion ids.
	ids      [][]string
	reported *Reported
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]+$`)

// taskIDPattern bounds task ids: they name pages.
var taskIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`)

// boardFiles are the files a board writes in its folder besides the task
// pages (<task id>.html): a task id may not name one of them, in any case.
var boardFiles = []string{"index.html", "cases.html", "leaderboard.csv", "scores.json", "verdicts.csv"}

// boardFile returns the board's own file that a task named id would
// collide with (on a case-insensitive file system too), or "".
func boardFile(id string) string {
	for _, f := range boardFiles {
		if stem, _, _ := strings.Cut(f, "."); strings.EqualFold(id, stem) {
			return f
		}
	}
	return ""
}

func open(spec kind.Spec) (kind.Benchmark, error) {
	b := &benchmark{spec: spec, judges: DefaultJudges, index: map[string]int{}}
	var probs board.Problems
	at := func(key, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: spec.Path, Line: spec.Line[key], Field: key, Code: CodeSpec, Fatal: true, Msg: fmt.Sprintf(format, args...)})
	}
	weight := func(key string) float64 {
		v, ok := spec.Fields[key]
		if !ok || v == nil {
			at(key, "required field missing: the weight of equation 1's %s term, a number ≥ 0 (write 0 to leave the term out)", map[string]string{"alpha": "Extra Credit", "beta": "Dodged Bullet"}[key])
			return 0
		}
		f, ok := yamlx.Number(v)
		if !ok || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			at(key, "want a number ≥ 0, got %v", v)
			return 0
		}
		return f
	}
	switch v := spec.Fields["scoring"]; v {
	case nil, "categories":
		b.alpha, b.beta = weight("alpha"), weight("beta")
	case "points":
		b.points = true
		for _, key := range []string{"alpha", "beta"} {
			if _, ok := spec.Fields[key]; ok {
				at(key, "a point-weighted benchmark (scoring: points) has no %s: it weights Complex-IF's reward, and a task's score here is its points", key)
			}
		}
	default:
		at("scoring", "want categories (Complex-IF's primary, extra and dodged criteria, the default) or points (signed points per criterion), got %v", v)
	}
	for key, v := range spec.Fields {
		switch key {
		case "alpha", "beta", "scoring":
		case "judges":
			f, ok := yamlx.Number(v)
			if !ok || f != math.Trunc(f) || f < 1 || f > 10 {
				at(key, "want the number of judges of the protocol, a whole number from 1 to 10, got %v", v)
				continue
			}
			b.judges = int(f)
		case "description", "licence", "license", "source":
		default:
			if !strings.HasPrefix(key, "citation") {
				at(key, "unknown field for a rubric benchmark (kind, name, title, file, scoring, alpha, beta, judges, description, licence, source and citation fields are allowed)")
			}
		}
	}
	if len(probs) > 0 {
		board.SortProblems(probs)
		return nil, probs
	}
	if err := b.readTasks(); err != nil {
		return nil, err
	}
	rep, err := readReported(filepath.Join(spec.Dir, ReportedFile))
	if err != nil {
		return nil, err
	}
	b.reported = rep
	return b, nil
}

// readTasks reads items.jsonl. Every problem of the file is fatal and all
// are returned at once: a benchmark is the maintainers' input, and a board
// scored against a broken rubric would mislead.
func (b *benchmark) readTasks() error {
	folded := map[string]int{} // lower-case task id → index in b.tasks
	err := records.Items(filepath.Join(b.spec.Dir, ItemsFile), CodeItems, "tasks", func(line int, t *Task, at records.Report) {
		t.Line = line
		switch {
		case t.ID == "":
			at("", "id", "missing task id")
			return
		case !taskIDPattern.MatchString(t.ID):
			at(t.ID, "id", "task id %q: letters, digits, '_', '.' and '-', starting with a letter or digit, at most 100", t.ID)
			return
		}
		if first, dup := b.index[t.ID]; dup {
			at(t.ID, "id", "duplicate task id (first on line %d)", b.tasks[first].Line)
			return
		}
		if page := boardFile(t.ID); page != "" {
			at(t.ID, "id", "task id %q names the board's own page %s; rename the task", t.ID, page)
			return
		}
		if first, dup := folded[strings.ToLower(t.ID)]; dup {
			at(t.ID, "id", "task id %q differs from %q (line %d) only in case; their pages would be one file on a case-insensitive file system", t.ID, b.tasks[first].ID, b.tasks[first].Line)
			return
		}
		folded[strings.ToLower(t.ID)] = len(b.tasks)
		switch {
		case t.Messages != nil && t.Prompt != "":
			at(t.ID, "messages", "both prompt and messages: a task asks one prompt or one conversation")
		case t.Messages != nil:
			if err := chat.Check(t.Messages); err != nil {
				at(t.ID, "messages", "%v", err)
			}
		case strings.TrimSpace(t.Prompt) == "":
			at(t.ID, "prompt", "missing prompt (or messages, a conversation)")
		}
		if len(t.Criteria) == 0 {
			at(t.ID, "criteria", "no criteria: a task needs at least one")
		}
		seen := map[string]int{}
		for i, c := range t.Criteria {
			field := fmt.Sprintf("criteria[%d]", i)
			switch {
			case !idPattern.MatchString(c.ID):
				at(t.ID, field+".id", "criterion id %q: want letters, digits, '_', '.' and '-' only", c.ID)
			case len(c.ID) > 64:
				at(t.ID, field+".id", "criterion id longer than 64 characters")
			default:
				if j, dup := seen[strings.ToLower(c.ID)]; dup {
					at(t.ID, field+".id", "criterion id %q repeats criteria[%d] (ids are matched case-insensitively in judge outputs)", c.ID, j)
				}
				seen[strings.ToLower(c.ID)] = i
			}
			if strings.TrimSpace(c.Text) == "" {
				at(t.ID, field+".text", "missing criterion text")
			}
			switch {
			case b.points && c.Category != "":
				at(t.ID, field+".category", "a point-weighted criterion has points, not a category")
			case b.points && c.Points == nil:
				at(t.ID, field+".points", "missing points: a whole number, positive for what a good answer does, negative for a fault")
			case b.points && *c.Points == 0:
				at(t.ID, field+".points", "0 points: a criterion worth nothing changes no score")
			case !b.points && (c.Points != nil || c.Tags != nil):
				at(t.ID, field+".points", "points and tags are for a point-weighted benchmark (scoring: points in benchmark.yaml)")
			case !b.points:
				if _, ok := categoryNames[c.Category]; !ok {
					at(t.ID, field+".category", "category %q: want primary, extra or dodged", c.Category)
				}
			}
			for k, tag := range c.Tags {
				if strings.TrimSpace(tag) == "" {
					at(t.ID, fmt.Sprintf("%s.tags[%d]", field, k), "empty tag")
				}
			}
		}
		if b.points && len(t.Criteria) > 0 && t.Positive() <= 0 {
			at(t.ID, "criteria", "the positive points of the task's criteria sum to %d: its score (points met over positive points) would divide by zero; give it a criterion with points > 0", t.Positive())
		}
		b.index[t.ID] = len(b.tasks)
		b.tasks = append(b.tasks, *t)
		b.ids = append(b.ids, t.ids())
	})
	return err
}
