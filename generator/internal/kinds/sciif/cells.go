package sciif

import (
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// cell is what the board's pages need of one model's verdict on one item:
// a few bits instead of the whole verdict, so that the board of 1,000
// models × 334 items takes a few MiB. A model's answers pages, which show
// every vote and reason, read the submission again instead.
type cell struct {
	flags uint16
	// consS and consL have bit c set when the item's c-th enabled
	// constraint passes under Strict and under Loose.
	consS, consL uint32
	// pointsDecided counts points a rule decided, pointsAgainst those it
	// decided against the judges' two-of-two verdict.
	pointsDecided, pointsAgainst uint8
}

const (
	cAnswered uint16 = 1 << iota
	cCorrect
	cByRules        // correctness decided by a rule
	cCorrectAgainst // … against the judges' two-of-two verdict
	cCompliantS
	cCompliantL
	cJudgesDisagree
	cRulesOverride
)

func (c cell) has(f uint16) bool { return c.flags&f != 0 }

// newCell condenses v, the verdict on an item with k enabled constraints.
func newCell(v *sciifdata.ItemVerdict) cell {
	var c cell
	set := func(f uint16, ok bool) {
		if ok {
			c.flags |= f
		}
	}
	set(cAnswered, v.Answered)
	set(cCorrect, v.Correct)
	set(cByRules, v.CorrectBy == sciifdata.ByRules)
	set(cCorrectAgainst, v.CorrectBy == sciifdata.ByRules && len(v.CorrectVotes) > 0 && allYes(v.CorrectVotes) != v.Correct)
	set(cCompliantS, v.Compliant(board.Strict))
	set(cCompliantL, v.Compliant(board.Loose))
	set(cJudgesDisagree, v.Answered && judgesDisagree(v))
	set(cRulesOverride, v.Answered && rulesOverride(v))
	for i, cv := range v.Constraints {
		if i >= 32 {
			break
		}
		if cv.Strict {
			c.consS |= 1 << i
		}
		if cv.Loose {
			c.consL |= 1 << i
		}
		for _, p := range cv.Points {
			if p.DecidedBy == sciifdata.ByRules {
				c.pointsDecided++
				if p.JudgesPass() != p.Pass {
					c.pointsAgainst++
				}
			}
		}
	}
	return c
}

// pass reports whether the item's c-th constraint passes under p.
func (c cell) pass(i int, p board.Policy) bool {
	if p == board.Loose {
		return c.consL&(1<<i) != 0
	}
	return c.consS&(1<<i) != 0
}

// compliant reports whether every enabled constraint passes under p.
func (c cell) compliant(p board.Policy) bool {
	if p == board.Loose {
		return c.has(cCompliantL)
	}
	return c.has(cCompliantS)
}

// correctBy names what decided correctness.
func (c cell) correctBy() sciifdata.Decider {
	if c.has(cByRules) {
		return sciifdata.ByRules
	}
	return sciifdata.ByJudges
}

// regimes lists the case regimes of a cell, as regimesOf does for a
// verdict.
func (c cell) regimes() []string {
	if !c.has(cAnswered) {
		return nil
	}
	var out []string
	if c.has(cCorrect) && !c.has(cCompliantS) {
		out = append(out, regimeCorrectNonCompliant)
	}
	if c.has(cCompliantS) && !c.has(cCorrect) {
		out = append(out, regimeCompliantIncorrect)
	}
	if c.has(cJudgesDisagree) {
		out = append(out, regimeJudgesDisagree)
	}
	if c.has(cRulesOverride) {
		out = append(out, regimeRulesOverride)
	}
	return out
}

// condensed is what the board keeps of one submission's verdicts: a cell
// per item and how often each rule decided.
type condensed struct {
	cells []cell
	// rules counts, per rule id, the points and the correctness verdicts
	// that rule decided.
	rules map[string][2]int
	// csv is the model's rows of verdicts.csv (verdictRows), written
	// with its answers pages (RunPages) and kept with the run in the
	// build cache; nil when not written.
	csv []byte
}

func condense(verdicts []sciifdata.ItemVerdict) condensed {
	out := condensed{cells: make([]cell, len(verdicts)), rules: map[string][2]int{}}
	for i := range verdicts {
		v := &verdicts[i]
		out.cells[i] = newCell(v)
		if v.CorrectRule != nil && v.CorrectBy == sciifdata.ByRules {
			n := out.rules[v.CorrectRule.Rule]
			n[1]++
			out.rules[v.CorrectRule.Rule] = n
		}
		for _, cv := range v.Constraints {
			for _, p := range cv.Points {
				if p.Rule != nil && p.DecidedBy == sciifdata.ByRules {
					n := out.rules[p.Rule.Rule]
					n[0]++
					out.rules[p.Rule.Rule] = n
				}
			}
		}
	}
	return out
}

// ruleIDs lists the keys of rules, sorted.
func ruleIDs(rules map[string][2]int) []string {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
