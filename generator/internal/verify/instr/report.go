package instr

import (
	"fmt"
	"io"
	"sort"
)

// Tally counts followed instructions (or prompts) out of a total.
type Tally struct {
	Name     string
	Followed int
	Total    int
}

// Rate is Followed/Total, or 0 for an empty tally.
func (t Tally) Rate() float64 {
	if t.Total == 0 {
		return 0
	}
	return float64(t.Followed) / float64(t.Total)
}

// Accuracy is the official report of one mode: prompt-level accuracy (all
// instructions of a prompt followed), instruction-level accuracy, and
// instruction-level accuracy by group and by instruction id, sorted by name.
type Accuracy struct {
	Prompt        Tally
	Instruction   Tally
	ByGroup       []Tally
	ByInstruction []Tally
}

// Score computes the accuracy of results.
func Score(results []PromptResult) Accuracy {
	var s Scorer
	for _, r := range results {
		s.Add(r)
	}
	return s.Accuracy()
}

// Scorer counts results one at a time, so that a run can score results
// without keeping them.
type Scorer struct {
	prompt, instruction Tally
	groups, ids         map[string]*Tally
}

func (s *Scorer) Add(r PromptResult) {
	if s.groups == nil {
		s.groups, s.ids = map[string]*Tally{}, map[string]*Tally{}
	}
	bump := func(m map[string]*Tally, name string, ok bool) {
		t := m[name]
		if t == nil {
			t = &Tally{Name: name}
			m[name] = t
		}
		t.Total++
		if ok {
			t.Followed++
		}
	}
	s.prompt.Total++
	all := true
	for _, ir := range r.Instructions {
		all = all && ir.Followed
		s.instruction.Total++
		if ir.Followed {
			s.instruction.Followed++
		}
		bump(s.groups, Group(ir.ID), ir.Followed)
		bump(s.ids, ir.ID, ir.Followed)
	}
	if all {
		s.prompt.Followed++
	}
}

func (s *Scorer) Accuracy() Accuracy {
	a := Accuracy{Prompt: s.prompt, Instruction: s.instruction}
	a.Prompt.Name, a.Instruction.Name = "prompt-level", "instruction-level"
	a.ByGroup = sortedTallies(s.groups)
	a.ByInstruction = sortedTallies(s.ids)
	return a
}

func sortedTallies(m map[string]*Tally) []Tally {
	out := make([]Tally, 0, len(m))
	for _, t := range m {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// WriteReport prints a as the official evaluation_main prints it: a rule,
// "<title> Accuracy Scores:", then print_report's lines (Python float
// formatting included).
func WriteReport(w io.Writer, title string, a Accuracy) error {
	var err error
	p := func(format string, args ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, args...)
		}
	}
	p("================================================================\n")
	p("%s Accuracy Scores:\n", title)
	p("prompt-level: %s\n", pyRate(a.Prompt))
	p("instruction-level: %s\n", pyRate(a.Instruction))
	p("\n")
	for _, t := range a.ByGroup {
		p("%s %s\n", t.Name, pyRate(t))
	}
	p("\n")
	for _, t := range a.ByInstruction {
		p("%s %s\n", t.Name, pyRate(t))
	}
	return err
}

func pyRate(t Tally) string {
	if t.Total == 0 {
		return "nan"
	}
	return pyFloat(t.Rate())
}
