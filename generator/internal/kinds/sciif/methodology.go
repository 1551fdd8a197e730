package sciif

// The board's section of the methodology page and its downloads.

import (
	"fmt"
	"html/template"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/render"
)

type ruleCount struct {
	Rule        string
	Points      int
	Correctness int
}

type methodologyView struct {
	Title  string
	Judges []string
	Rules  []ruleCount
	Items  int
	Ks     []render.KCol
}

// methodology is the board's section of the methodology page: the facts
// of this build.
func (s *site) methodology() (template.HTML, error) {
	v := methodologyView{Title: s.benchName(), Judges: s.judges, Items: len(s.in.Bench.Items), Ks: s.allKs()}
	counts := map[string]*ruleCount{}
	get := func(id string) *ruleCount {
		if counts[id] == nil {
			counts[id] = &ruleCount{Rule: id}
		}
		return counts[id]
	}
	for mi := range s.models {
		rules := s.models[mi].rules
		for _, id := range ruleIDs(rules) {
			c := get(id)
			c.Points += rules[id][0]
			c.Correctness += rules[id][1]
		}
	}
	for _, c := range counts {
		v.Rules = append(v.Rules, *c)
	}
	sort.Slice(v.Rules, func(i, j int) bool { return v.Rules[i].Rule < v.Rules[j].Rule })
	return s.Fragment("sciif/methodology", v)
}

// downloads lists the board's downloads and stable addresses.
func (s *site) downloads() (files, addresses []render.Download) {
	base := s.Base(s.name)
	n, items := len(s.models), len(s.in.Bench.Items)
	files = []render.Download{
		{Href: base + "leaderboard.csv", What: template.HTML(fmt.Sprintf("one row per model and policy (%d models × 2): rank, metadata, and every headline rate with its 95%% interval (<code>_lo</code>, <code>_hi</code>), as fractions.", n))},
		{Href: base + "scores.json", What: "the whole board, identical to <code>sciif score --format json</code>: per policy the rates with counts and intervals, per constraint, per family, per <i>k</i>, the correctness × compliance quadrant and judge disagreement."},
		{Href: base + "verdicts.csv", What: template.HTML(fmt.Sprintf("one row per model and problem (%d × %d): answered, correct and by what, compliant under Strict and Loose, the constraints that failed, whether the judges disagreed, and how many points rules decided against the judges.", n, items))},
	}
	addresses = []render.Download{
		{Href: base + "models/<id>.html", What: "a model, by its folder name under <code>results/</code>."},
		{Href: base + "problems/<id>.html", What: "a problem; <code>#m-&lt;model&gt;</code> jumps to one model’s answer."},
		{Href: base + "constraints.html#c-<id>", What: "a constraint."},
		{Href: s.Home(s.name) + "#policy=loose&weights=open&q=…&sort=correct&dir=desc", What: "the leaderboard, filtered and sorted; <code>cases.html#model=…&amp;constraint=…&amp;subject=…&amp;regime=…</code> the same for the cases."},
	}
	return files, addresses
}
