package demo

import (
	"fmt"
	"strings"
)

// status is what a model wrote for one evidence point.
type status int

const (
	present status = iota // the evidence, as the reference writes it
	absent                // nothing
	weak                  // generic boilerplate in its place
	bad                   // a flawed claim: a wrong check, a drifting symbol
)

// attempt is everything a model decided about one item before writing.
type attempt struct {
	correct bool
	bare    bool // the final answer lacks its unit
	st      map[string]status
	// stricter is the judge that rejects weak or flawed evidence for sure.
	stricter string
}

func pkey(c string, n int) string { return fmt.Sprintf("%s#%d", c, n) }

// decide rolls a model's behaviour on an item.
func decide(m *model, it *item) *attempt {
	a := &attempt{st: map[string]status{}}
	a.correct = unit(m.id, it.id, "correct") < m.correct
	a.stricter = judges[1]
	if unit(m.id, it.id, "stricter") < m.strictGPT {
		a.stricter = judges[0]
	}
	k := float64(len(it.constraints))
	for _, c := range it.constraints {
		r := lookupRubric(c)
		for i, rp := range r.points {
			n := i + 1
			seg := findEv(it.segs, c, n)
			hasBad := seg >= 0 && it.segs[seg].bad != ""
			var s status
			switch {
			case rp.needs > 0 && a.st[pkey(c, rp.needs)] == absent:
				s = absent
			case rp.drift:
				s = present
				if hasBad && unit(m.id, it.id, c, fmt.Sprint(n), "drift") < m.drift {
					s = bad
				}
			default:
				p := m.sec
				if rp.main {
					p = m.main
				}
				p *= 1 - m.decay*(k-1)
				if unit(m.id, it.id, c, fmt.Sprint(n), "write") < p {
					s = present
					break
				}
				v := unit(m.id, it.id, c, fmt.Sprint(n), "fail")
				switch {
				case v < m.weak && rp.weak != "":
					s = weak
				case v >= 1-m.bad && hasBad:
					s = bad
				default:
					s = absent
				}
			}
			a.st[pkey(c, n)] = s
		}
	}
	if it.has("units_standard") {
		a.bare = a.st[pkey("units_standard", 2)] == absent
	} else {
		a.bare = it.right.unit != "" && unit(m.id, it.id, "bare") < m.noUnits
	}
	return a
}

// finalText is the model's final answer as written.
func (a *attempt) finalText(it *item) string {
	f := it.right
	if !a.correct {
		f = it.wrong
	}
	if a.bare {
		return f.text
	}
	return f.String()
}

// body assembles the derivation paragraphs of an answer.
func body(it *item, a *attempt) []string {
	var (
		paras []string
		cur   []string
	)
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = nil
		}
	}
	add := func(s string) {
		if s == "" {
			return
		}
		if strings.HasPrefix(s, "$$") || strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "1. ") {
			flush()
			paras = append(paras, s)
			return
		}
		cur = append(cur, s)
	}
	for _, s := range it.segs {
		switch s.kind {
		case segBreak:
			flush()
		case segText:
			add(s.text)
		case segCalc:
			if !a.correct && s.wrong != "" {
				add(s.wrong)
			} else {
				add(s.text)
			}
		case segEv:
			switch a.st[pkey(s.c, s.n)] {
			case present:
				add(s.text)
			case weak:
				add(lookupRubric(s.c).points[s.n-1].weak)
			case bad:
				add(s.bad)
			}
		}
	}
	flush()
	return paras
}

// reference is the reference solution: every piece of evidence, right
// arithmetic, the final answer with its unit.
func reference(it *item) string {
	a := &attempt{correct: true, st: map[string]status{}}
	return "**Plan.** " + it.plan + "\n\n" + strings.Join(body(it, a), "\n\n") +
		"\n\n**Final Answer:** " + a.finalText(it)
}

// response writes a model's answer in its house style.
func response(m *model, it *item, a *attempt) string {
	paras := body(it, a)
	fin := a.finalText(it)
	var b strings.Builder
	switch m.style {
	case "atlas":
		b.WriteString("**Plan.** " + it.plan + "\n\n")
		b.WriteString(strings.Join(paras, "\n\n"))
		b.WriteString("\n\n**Final Answer:** " + fin)
	case "borealis":
		// Terse: the plan only sometimes, and no closing words.
		switch {
		case words(paras) < minBody:
			b.WriteString("Plan: " + it.plan + "\n\n")
		case unit(m.id, it.id, "plan") < 0.4:
			b.WriteString("Plan: " + firstSentence(it.plan) + "\n\n")
		}
		b.WriteString(strings.Join(paras, "\n\n"))
		b.WriteString("\n\nFinal Answer: " + fin)
	case "cirrus":
		b.WriteString("### Plan\n\n" + it.plan + "\n\n### Derivation\n\n")
		b.WriteString(strings.Join(paras, "\n\n"))
		b.WriteString("\n\n### Result\n\n**Final Answer:** " + fin)
	case "dune":
		if words(paras) < minBody {
			b.WriteString(it.plan + "\n\n")
		} else {
			b.WriteString(firstSentence(it.plan) + "\n\n")
		}
		b.WriteString(strings.Join(paras, "\n\n"))
		b.WriteString("\n\nFinal Answer: " + fin)
	case "ember":
		b.WriteString(pick(emberOpeners, m.id, it.id, "open") + "\n\n")
		b.WriteString("**Approach.** " + it.plan + "\n\n")
		b.WriteString(strings.Join(paras, "\n\n"))
		b.WriteString("\n\n" + pick(emberClosers, m.id, it.id, "close"))
		b.WriteString("\n\n**Final Answer:** " + fin)
	default:
		panic("demo: unknown style " + m.style)
	}
	return b.String()
}

var emberOpeners = []string{
	"Let me work through this problem carefully, stating each step explicitly so that every number can be checked.",
	"I will first outline the approach, then carry out the derivation step by step, and finally restate the result.",
	"This is a good problem to take slowly. I will set up the relations first and only then put in the numbers.",
}

var emberClosers = []string{
	"To summarise, combining the steps above gives the result below; every number used was stated where it was introduced.",
	"In summary, the derivation above leads directly to the final result, which I restate here for clarity.",
	"Putting everything together, the calculation is complete and the answer follows from the last step above.",
}

// minBody is the body length below which even terse models write out
// their whole plan, so that no answer falls under about 120 words.
const minBody = 150

func words(paras []string) int {
	n := 0
	for _, p := range paras {
		n += len(strings.Fields(p))
	}
	return n
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i > 0 {
		return s[:i+1]
	}
	return s
}
