package demo

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// verdict is one judge's decision on one point.
type verdict struct {
	n      int
	yes    bool
	reason string
}

// defect is a deliberate flaw in one judge output, to exercise the
// diagnostics of the judge parser.
type defect int

const (
	noDefect     defect = iota
	missingPoint        // the POINT_2 line is left out
	emptyOutput         // the whole output is empty
	contradict          // OVERALL says YES although a point says NO
	repeatPoint         // POINT_2 appears twice with opposite verdicts
)

// modelDefect is the one flaw each model's judge outputs carry, placed on
// the first item and constraint where it makes sense.
var modelDefect = map[string]struct {
	kind  defect
	judge string
}{
	"demo-atlas-70b":   {missingPoint, "gemini-3-flash"},
	"demo-borealis-8b": {emptyOutput, "gpt-5.1"},
	"demo-dune-mini":   {contradict, "gemini-3-flash"},
	"demo-ember-13b":   {repeatPoint, "gpt-5.1"},
}

func responsesJSONL(m *model, items []*item) ([]byte, error) {
	var buf bytes.Buffer
	def := modelDefect[m.id]
	placed := def.kind == noDefect
	for _, it := range items {
		if skipped(m, it.id) {
			continue
		}
		a := decide(m, it)
		rec := sciifdata.Record{ID: it.id, Response: response(m, it, a), Judges: map[string]sciifdata.JudgeOutput{}}
		for _, j := range judges {
			out := sciifdata.JudgeOutput{Correctness: correctness(m, it, a, j), Constraints: map[string]string{}}
			for _, c := range it.constraints {
				vs := audit(m, it, a, c, j)
				d := noDefect
				if !placed && j == def.judge && fits(def.kind, it, vs) {
					d, placed = def.kind, true
				}
				out.Constraints[c] = format(m, it, c, j, vs, d)
			}
			rec.Judges[j] = out
		}
		if err := writeJSONLine(&buf, rec); err != nil {
			return nil, err
		}
	}
	if !placed {
		return nil, fmt.Errorf("demo: %s: no place for its judge-output defect", m.id)
	}
	return buf.Bytes(), nil
}

func skipped(m *model, id string) bool {
	for _, s := range m.skip {
		if s == id {
			return true
		}
	}
	return false
}

// fits reports whether a defect can be placed on these verdicts.
func fits(d defect, it *item, vs []verdict) bool {
	switch d {
	case missingPoint:
		return len(it.constraints) >= 2 && len(vs) == 3
	case emptyOutput:
		return len(it.constraints) >= 3
	case contradict:
		for _, v := range vs {
			if !v.yes {
				return true
			}
		}
		return false
	case repeatPoint:
		return len(it.constraints) >= 2 && len(vs) >= 2
	}
	return false
}

// audit is judge j's pointwise verdict on constraint c of model m's answer.
func audit(m *model, it *item, a *attempt, c, j string) []verdict {
	r := lookupRubric(c)
	strict := j == a.stricter
	var vs []verdict
	for i, rp := range r.points {
		n := i + 1
		key := []string{m.id, it.id, c, fmt.Sprint(n), j}
		v := verdict{n: n}
		switch a.st[pkey(c, n)] {
		case present:
			v.yes = true
			if unit(append(key, "note")...) < 0.35 {
				v.reason = pick(rp.yes, append(key, "yes")...)
			}
			// Judges disagree most on how explicit a symbol declaration
			// or a formal criterion must be: the stricter one sometimes
			// rejects evidence the other accepts.
			if strict && n <= 2 && unit(append(key, "picky")...) < 0.12 {
				switch c {
				case "symbols_constants_standardization":
					v.yes, v.reason = false, pick(pickySymbols, key...)
				case "intra_discipline_definitions":
					v.yes, v.reason = false, pick(pickyDefinitions, key...)
				}
			}
		case absent:
			v.reason = pick(rp.no, append(key, "no")...)
			if c == "units_standard" && n == 2 && a.bare {
				v.reason = pick(bareUnit, key...)
			}
		case weak:
			v.yes = !strict
			if strict {
				v.reason = rp.weakWhy
			}
		case bad:
			seg := it.segs[findEv(it.segs, c, n)]
			v.yes = !strict && unit(append(key, "missed")...) < 0.45
			if !v.yes {
				v.reason = seg.why
			}
		}
		vs = append(vs, v)
	}
	return vs
}

var pickySymbols = []string{
	"not every symbol used in the computation is declared with its unit",
	"indexed symbols are used without stating their units",
}

var pickyDefinitions = []string{
	"criterion stated only in words, not as a checkable condition",
	"the formal criterion is implied rather than stated",
}

var bareUnit = []string{
	"final answer has no unit",
	"the final answer is given as a bare number without its unit",
	"final answer is missing the unit",
}

// correctness is judge j's verdict on the final answer.
func correctness(m *model, it *item, a *attempt, j string) string {
	key := []string{m.id, it.id, j, "correct"}
	fin := a.finalText(it)
	yes, reason := true, ""
	switch {
	case !a.correct:
		yes = false
		reason = it.wrongWhy
	case a.bare && j == judges[0] && unit(append(key, "strict")...) < 0.35:
		yes = false
		reason = fmt.Sprintf("The number matches the reference %s, but the final answer %q carries no unit, so equivalence cannot be confirmed.", it.answer, fin)
	case a.bare:
		reason = fmt.Sprintf("The value agrees with the reference %s; the unit is omitted in the final line but is clear from the derivation.", it.answer)
	default:
		reason = fmt.Sprintf(pick(correctReasons, key...), it.answer)
	}
	st := pickStyle(j, append(key, "style")...)
	var lines []string
	if st.pre {
		lines = append(lines, pick(correctPre, key...))
	}
	lines = append(lines, st.line("CORRECT", yes, ""))
	lines = append(lines, st.field("REASON", reason))
	if st.post {
		lines = append(lines, pick(correctPost, key...))
	}
	return st.join(lines)
}

var correctReasons = []string{
	"The final answer matches the reference %s within tolerance.",
	"Final result agrees with the reference (%s); the method is appropriate.",
	"Matches the reference answer %s.",
	"The response reaches the reference value %s by a valid route.",
}

var correctPre = []string{
	"I compared the final answer with the reference.",
	"Assessment of the final answer only, ignoring constraint compliance:",
}

var correctPost = []string{
	"Compliance with the constraints was not considered here.",
	"This judgement concerns the final result only.",
}

// format writes a pointwise verdict the way judge j tends to.
func format(m *model, it *item, c, j string, vs []verdict, d defect) string {
	if d == emptyOutput {
		return ""
	}
	key := []string{m.id, it.id, c, j}
	st := pickStyle(j, append(key, "style")...)
	name := lookupRubric(c).name
	var lines []string
	if st.pre {
		lines = append(lines, fmt.Sprintf(pick(auditPre, key...), name))
	}
	all := true
	var failed []string
	for _, v := range vs {
		if !v.yes {
			all = false
			failed = append(failed, fmt.Sprintf("POINT_%d (%s)", v.n, v.reason))
		}
		if d == missingPoint && v.n == 2 {
			continue
		}
		lines = append(lines, st.line(st.label(v.n), v.yes, v.reason))
		if d == repeatPoint && v.n == 2 {
			again := "on second reading the evidence is adequate"
			if v.yes {
				again = "on second reading the evidence is not explicit enough"
				// The judge's last word on the point is NO.
				all = false
				failed = append(failed, fmt.Sprintf("POINT_%d (%s)", v.n, again))
			}
			lines = append(lines, st.line(st.label(v.n), !v.yes, again))
		}
	}
	overall, why := all, "all required points are explicitly evidenced"
	if !all {
		why = strings.Join(failed, "; ")
		if len(why) > 150 {
			why = why[:strings.LastIndex(why[:147], " ")] + "..."
		}
	}
	if d == contradict {
		overall = true
	}
	lines = append(lines, st.line("OVERALL", overall, ""))
	lines = append(lines, st.field("OVERALL_REASON", why))
	if st.post {
		lines = append(lines, pick(auditPost, key...))
	}
	return st.join(lines)
}

var auditPre = []string{
	"Audit of the %s constraint, point by point:",
	"I evaluated each required evidence point of %s independently and did not infer missing evidence.",
	"Here is my assessment for %s.",
}

var auditPost = []string{
	"Verdicts are based only on what the answer states explicitly.",
	"Audit complete.",
	"Missing evidence was not reconstructed.",
}

// judgeStyle is one way of writing the canonical output format.
type judgeStyle struct {
	labelForm int  // POINT_1, Point_1, point 1, POINT-1, Point 1
	emph      int  // none, **POINT_1:** YES, **POINT_1**: YES
	list      int  // none, "- ", "* "
	colon     int  // ": ", " : ", ":"
	vcase     int  // YES, Yes, yes
	sep       int  // " - ", ": ", " "
	crlf      bool // Windows line ends
	pre, post bool // a sentence of prose before, after
}

// pickStyle draws a style; gpt-5.1 sticks close to the canonical form,
// gemini-3-flash likes Markdown.
func pickStyle(j string, key ...string) judgeStyle {
	u := func(what string) float64 { return unit(append(key, what)...) }
	var s judgeStyle
	if j == "gpt-5.1" {
		if u("label") > 0.85 {
			s.labelForm = 1 + int(u("label2")*4)
		}
		if u("emph") > 0.9 {
			s.emph = 1
		}
		if u("list") > 0.9 {
			s.list = 1
		}
		if u("colon") > 0.92 {
			s.colon = 1 + int(u("colon2")*2)
		}
		if u("case") > 0.92 {
			s.vcase = 1
		}
		s.sep = int(u("sep") * 3)
		s.crlf = u("crlf") < 0.08
		s.pre = u("pre") < 0.15
		s.post = u("post") < 0.10
		return s
	}
	if u("label") > 0.6 {
		s.labelForm = 1 + int(u("label2")*4)
	}
	if u("emph") > 0.45 {
		s.emph = 1 + int(u("emph2")*2)
	}
	if u("list") > 0.5 {
		s.list = 1 + int(u("list2")*2)
	}
	if u("colon") > 0.8 {
		s.colon = 1 + int(u("colon2")*2)
	}
	if u("case") > 0.7 {
		s.vcase = 1 + int(u("case2")*2)
	}
	s.sep = int(u("sep") * 3)
	s.crlf = u("crlf") < 0.25
	s.pre = u("pre") < 0.4
	s.post = u("post") < 0.3
	return s
}

func (s judgeStyle) label(n int) string {
	return fmt.Sprintf([...]string{"POINT_%d", "Point_%d", "point %d", "POINT-%d", "Point %d"}[s.labelForm], n)
}

func (s judgeStyle) word(yes bool) string {
	w := [...][2]string{{"NO", "YES"}, {"No", "Yes"}, {"no", "yes"}}[s.vcase]
	if yes {
		return w[1]
	}
	return w[0]
}

// line writes "LABEL: VERDICT[ sep reason]".
func (s judgeStyle) line(label string, yes bool, reason string) string {
	colon := [...]string{": ", " : ", ":"}[s.colon]
	var head string
	switch s.emph {
	case 1:
		head = "**" + label + ":** "
	case 2:
		head = "**" + label + "**" + colon
	default:
		head = label + colon
	}
	out := [...]string{"", "- ", "* "}[s.list] + head + s.word(yes)
	if reason != "" {
		out += [...]string{" - ", ": ", " "}[s.sep] + reason
	}
	return out
}

// field writes a free-text field such as OVERALL_REASON or REASON.
func (s judgeStyle) field(label, text string) string {
	prefix := [...]string{"", "- ", "* "}[s.list]
	if s.emph == 1 {
		return prefix + "**" + label + ":** " + text
	}
	return prefix + label + ": " + text
}

func (s judgeStyle) join(lines []string) string {
	nl := "\n"
	if s.crlf {
		nl = "\r\n"
	}
	return strings.Join(lines, nl)
}
