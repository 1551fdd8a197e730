package sciif

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// This file builds boards in memory for the tests and benchmarks: a
// catalog like the paper's, synthetic items, verdicts and responses drawn
// from a fixed-seed generator, and a small scorer. The scorer only has to
// produce plausible, self-consistent boards; package score is the real one.

// lcg is a tiny deterministic generator, so fixtures never change.
type lcg uint64

func (r *lcg) next() uint64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	return uint64(*r) >> 11
}

func (r *lcg) float() float64 { return float64(r.next()) / float64(1<<53) }

func (r *lcg) intn(n int) int { return int(r.next() % uint64(n)) }

func testCatalog() board.Catalog {
	mk := func(id, abbrev, name string, f board.Family, desc string, points ...string) board.Constraint {
		c := board.Constraint{ID: id, Abbrev: abbrev, Name: name, Family: f, Description: desc}
		for i, p := range points {
			c.Points = append(c.Points, board.Point{N: i + 1, Main: i < 2, Short: p, Text: "The answer " + strings.ToLower(p) + "."})
		}
		return c
	}
	return board.Catalog{Constraints: []board.Constraint{
		mk("assumptions", "A", "Assumptions", board.Condition, "State a key assumption and its impact.", "States an assumption", "Explains its impact", "Anchors it to a step"),
		mk("boundary_conditions", "BC", "Boundary Conditions", board.Condition, "Extract the hard conditions and verify them.", "Extracts conditions", "Verifies one"),
		mk("applicability_range", "AR", "Applicability Range", board.Condition, "Name the model, its validity range and a failure mode.", "Names the model", "States the range", "Describes a failure mode"),
		mk("units_standard", "US", "Units Standard", board.Condition, "Units at first use and a unit self-check.", "Gives units", "Keeps units consistent", "Checks units"),
		mk("cross_disciplinary_terms", "CTD", "Cross-disciplinary Term Disambiguation", board.Terminology, "Disambiguate terms across fields.", "Names the term", "States both meanings"),
		mk("intra_discipline_definitions", "ITD", "Intra-discipline Term Definitions", board.Terminology, "Define and apply a criterion.", "Plain definition", "Formal criterion", "Applies it"),
		mk("symbols_constants", "SCS", "Symbols & Constants Standardization", board.Terminology, "Define symbols and constants.", "Defines symbols", "Declares constants"),
		mk("variable_naming", "VNC", "Variable Naming Consistency", board.Terminology, "One symbol per quantity.", "One symbol per quantity", "No drift"),
		mk("numerical_methods", "NM", "Numerical Methods", board.Process, "Name the algorithm and show an iteration.", "Names the algorithm", "Gives the update rule", "Shows an iteration"),
		mk("experimental_methods", "EM", "Experimental Methods", board.Process, "An executable procedure with uncertainty.", "Gives a procedure", "Includes anchors", "States uncertainty"),
	}}
}

// synthBench builds n items over the catalog: about one in six has a single
// constraint, the rest two to five.
func synthBench(n int, seed uint64) *board.Benchmark {
	r := lcg(seed)
	cat := testCatalog()
	subjects := []string{"Biology", "Chemistry", "Materials", "Physics"}
	b := &board.Benchmark{Name: "sciif", Catalog: cat, CatalogSource: "built-in"}
	for i := range n {
		k := 1
		if r.intn(6) != 0 {
			k = 2 + r.intn(4)
		}
		perm := make([]int, len(cat.Constraints))
		for j := range perm {
			perm[j] = j
		}
		for j := len(perm) - 1; j > 0; j-- {
			x := r.intn(j + 1)
			perm[j], perm[x] = perm[x], perm[j]
		}
		sel := perm[:k]
		sort.Ints(sel)
		var cons []string
		for _, j := range sel {
			cons = append(cons, cat.Constraints[j].ID)
		}
		b.Items = append(b.Items, board.Item{
			ID:          fmt.Sprintf("sciif-%04d", i+1),
			Subject:     subjects[r.intn(len(subjects))],
			Question:    fmt.Sprintf("A gas at $T = %d\\,\\mathrm{K}$ expands reversibly from $V_1$ to $V_2 = 2V_1$. Find the work done per mole, $W = -\\int p\\,dV$.", 250+i),
			Constraints: cons,
			Reference: board.Reference{
				Answer:   fmt.Sprintf("$W \\approx %.2f\\,\\mathrm{kJ\\,mol^{-1}}$", -0.00576*float64(250+i)),
				Type:     "numeric",
				Solution: "For an ideal gas, $$W = -RT\\ln\\frac{V_2}{V_1}.$$",
			},
			Line: i + 1,
		})
	}
	return b
}

// synthRun draws one model's verdicts; skill in [0, 1] sets its pass rates.
func synthRun(b *board.Benchmark, sub board.Submission, skill float64, seed uint64, unanswered int) board.Run {
	r := lcg(seed)
	run := board.Run{Submission: sub}
	judges := sub.Meta.Judges
	for i := range b.Items {
		it := &b.Items[i]
		v := board.ItemVerdict{Item: it.ID, Answered: i >= unanswered}
		if !v.Answered {
			run.Verdicts = append(run.Verdicts, v)
			run.Responses = append(run.Responses, "")
			continue
		}
		v.Correct = r.float() < 0.3+0.6*skill
		v.CorrectBy = board.ByJudges
		for _, j := range judges {
			yes := v.Correct
			if r.intn(20) == 0 {
				yes = !yes
			}
			v.CorrectVotes = append(v.CorrectVotes, board.Vote{Judge: j, Yes: yes, Reason: "final value matches the reference"})
		}
		if r.intn(3) == 0 {
			v.CorrectBy = board.ByRules
			v.Extracted = "-1.44 kJ/mol"
			out := board.Fail
			if v.Correct {
				out = board.Pass
			}
			v.CorrectRule = &board.RuleVerdict{Outcome: out, Rule: "answer:numeric", Reason: "relative difference 0.3% within 1%", Evidence: "W = -1.44 kJ/mol"}
		} else {
			v.Correct = allYes(v.CorrectVotes)
		}
		for _, cid := range it.Constraints {
			c, _ := b.Catalog.Lookup(cid)
			cv := board.ConstraintVerdict{ID: cid, Strict: true, Loose: true}
			judgeAll := make([]bool, len(judges))
			for j := range judgeAll {
				judgeAll[j] = true
			}
			for _, p := range c.Points {
				pv := board.PointVerdict{N: p.N, Main: p.Main, DecidedBy: board.ByJudges}
				base := r.float() < 0.45+0.5*skill
				for j, jn := range judges {
					yes := base
					if r.intn(12) == 0 {
						yes = !yes
					}
					vote := board.Vote{Judge: jn, Yes: yes, Reason: fmt.Sprintf("POINT_%d: evidence %s", p.N, map[bool]string{true: "present", false: "missing"}[yes])}
					if r.intn(200) == 0 {
						vote = board.Vote{Judge: jn, Missing: true}
					}
					pv.Votes = append(pv.Votes, vote)
					judgeAll[j] = judgeAll[j] && vote.Yes
				}
				pv.Pass = pv.JudgesPass()
				if cid == "units_standard" && p.N == 1 && r.intn(2) == 0 {
					out := board.Fail
					if r.intn(2) == 0 {
						out = board.Pass
					}
					pv.Rule = &board.RuleVerdict{Outcome: out, Rule: "units:declared", Reason: "units given at first use", Evidence: "T = 300 K"}
					pv.DecidedBy = board.ByRules
					if pass := out == board.Pass; pass != pv.Pass {
						cv.Overridden++
						pv.Pass = pass
					}
				}
				cv.Points = append(cv.Points, pv)
				if !pv.Pass {
					cv.Strict = false
					if p.Main {
						cv.Loose = false
					}
				}
			}
			cv.JudgeStrict = judgeAll
			v.Constraints = append(v.Constraints, cv)
		}
		run.Verdicts = append(run.Verdicts, v)
		run.Responses = append(run.Responses, fmt.Sprintf("**Assumptions.** The gas is ideal, so $pV = nRT$.\n\n$$W = -RT\\ln 2 = %.2f\\,\\mathrm{kJ\\,mol^{-1}}$$\n\nUnits: J/mol, checked.", -0.00576*float64(250+i)))
	}
	return run
}

// wilson is the 95% Wilson score interval.
func wilson(pass, total int) board.Rate {
	if total == 0 {
		return board.Rate{CI95: [2]float64{0, 1}}
	}
	n, p, z := float64(total), float64(pass)/float64(total), 1.959963984540054
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return board.Rate{Pass: pass, Total: total, Rate: p, CI95: [2]float64{math.Max(0, c-h), math.Min(1, c+h)}}
}

type counter struct{ pass, total int }

func (c *counter) add(ok bool) {
	c.total++
	if ok {
		c.pass++
	}
}

// scoreRun computes a model's scores under one policy.
func scoreRun(b *board.Benchmark, run *board.Run, p board.Policy) *board.PolicyScores {
	var correct, compliant, multi, single counter
	cons, fams, byk := map[string]*counter{}, map[string]*counter{}, map[string]*counter{}
	get := func(m map[string]*counter, k string) *counter {
		if m[k] == nil {
			m[k] = &counter{}
		}
		return m[k]
	}
	ps := &board.PolicyScores{Items: len(b.Items), Judges: map[string]board.Disagreement{}}
	for i := range b.Items {
		it := &b.Items[i]
		v := &run.Verdicts[i]
		ok := v.Compliant(p)
		correct.add(v.Answered && v.Correct)
		compliant.add(ok)
		if it.K() >= 2 {
			multi.add(ok)
		} else if it.K() == 1 {
			single.add(ok)
		}
		get(byk, fmt.Sprint(it.K())).add(ok)
		switch {
		case v.Correct && ok:
			ps.Quadrant.CorrectCompliant++
		case v.Correct:
			ps.Quadrant.CorrectNonCompliant++
		case ok:
			ps.Quadrant.IncorrectCompliant++
		default:
			ps.Quadrant.IncorrectNonCompliant++
		}
		for j, cid := range it.Constraints {
			c, _ := b.Catalog.Lookup(cid)
			pass := v.Answered && j < len(v.Constraints) && v.Constraints[j].Pass(p)
			get(cons, cid).add(pass)
			get(fams, string(c.Family)).add(pass)
			if v.Answered && j < len(v.Constraints) {
				cv := &v.Constraints[j]
				d := ps.Judges[cid]
				if d.Stricter == nil {
					d.Stricter = map[string]int{}
				}
				d.Audited++
				d.RuleOverrides += cv.Overridden
				if len(cv.JudgeStrict) == 2 && cv.JudgeStrict[0] != cv.JudgeStrict[1] {
					d.Disagree++
					js := run.Submission.Meta.Judges
					if cv.JudgeStrict[0] {
						d.Stricter[js[1]]++
					} else {
						d.Stricter[js[0]]++
					}
				}
				ps.Judges[cid] = d
			}
		}
	}
	rates := func(m map[string]*counter) map[string]board.Rate {
		out := map[string]board.Rate{}
		for k, c := range m {
			out[k] = wilson(c.pass, c.total)
		}
		return out
	}
	ps.Correct = wilson(correct.pass, correct.total)
	ps.Compliant = wilson(compliant.pass, compliant.total)
	ps.Multi = wilson(multi.pass, multi.total)
	ps.Single = wilson(single.pass, single.total)
	ps.Constraints, ps.Families, ps.ByK = rates(cons), rates(fams), rates(byk)
	return ps
}

// synthInput builds a whole input: models sorted by Strict compliance,
// ranks shared when compliance counts are within two items.
func synthInput(models, items int, seed uint64) Input {
	b := synthBench(items, seed)
	orgs := []string{"OpenAI", "Google", "Anthropic", "Alibaba", "DeepSeek", "Moonshot"}
	type pair struct {
		ms  board.ModelScores
		run board.Run
	}
	var ps []pair
	for m := range models {
		id := fmt.Sprintf("model-%02d", m+1)
		meta := board.Metadata{
			Name: fmt.Sprintf("Model %02d", m+1), Organization: orgs[m%len(orgs)], OpenWeights: m%3 == 2,
			Date: fmt.Sprintf("2025-%02d-15", 1+m%12), Judges: []string{"gpt-5.1", "gemini-3-flash"},
			Link: "https://example.org/models/" + id, Params: "unknown", Decoding: "temperature 0, max tokens 4096",
		}
		unanswered := 0
		if m == 1 {
			unanswered = 1
		}
		run := synthRun(b, board.Submission{ID: id, Dir: "results/" + id, Meta: meta}, float64(models-m)/float64(models), seed*1000+uint64(m), unanswered)
		ms := board.ModelScores{ID: id, Name: meta.Name, Organization: meta.Organization, OpenWeights: meta.OpenWeights,
			Date: meta.Date, Judges: meta.Judges, Complete: unanswered == 0, Answered: items - unanswered,
			Strict: scoreRun(b, &run, board.Strict), Loose: scoreRun(b, &run, board.Loose)}
		ps = append(ps, pair{ms, run})
	}
	for _, p := range board.Policies {
		idx := make([]int, len(ps))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, c int) bool {
			return ps[idx[a]].ms.Policy(p).Compliant.Pass > ps[idx[c]].ms.Policy(p).Compliant.Pass
		})
		for pos, i := range idx {
			sc := ps[i].ms.Policy(p)
			sc.Rank = pos + 1
			if pos > 0 {
				prev := ps[idx[pos-1]].ms.Policy(p)
				if prev.Compliant.Pass-sc.Compliant.Pass <= 2 {
					sc.Rank = prev.Rank
				}
			}
		}
	}
	sort.SliceStable(ps, func(a, c int) bool { return ps[a].ms.Strict.Rank < ps[c].ms.Strict.Rank })
	in := Input{Bench: b, Board: &board.Board{Benchmark: "sciif", Rules: true}, Version: "sciif test"}
	for _, p := range ps {
		in.Board.Models = append(in.Board.Models, p.ms)
		in.Runs = append(in.Runs, p.run)
	}
	in.Instr = []*board.InstrBoard{testInstrBoard(in)}
	return in
}

// testInstrBoard is a small IFEval board over the input's models and one
// model that only took IFEval, with responses and verdicts: model i fails
// the comma rule under Strict when i%3 == 1 (Loose passes it without the
// first line) and leaves prompt 2 unanswered when i%3 == 2.
func testInstrBoard(in Input) *board.InstrBoard {
	b := &board.InstrBoard{Benchmark: "ifeval", Prompts: []board.InstrPrompt{
		{Key: 1, Prompt: "Write in lower case.", Instructions: []string{"change_case:english_lowercase"}},
		{Key: 2, Prompt: "Two paragraphs, no commas.", Instructions: []string{"length_constraints:number_paragraphs", "punctuation:no_comma"},
			Kwargs: []map[string]any{{"num_paragraphs": 2.0}, {}}},
	}}
	ids := []string{}
	for _, m := range in.Board.Models {
		ids = append(ids, m.ID)
	}
	ids = append(ids, "ifeval-only")
	for i, id := range ids {
		name := id
		for _, m := range in.Board.Models {
			if m.ID == id {
				name = m.Name
			}
		}
		yes := func(id, reason string) board.InstrVerdict {
			return board.InstrVerdict{ID: id, Followed: true, Reason: reason}
		}
		res := []board.InstrResult{
			{Answered: true, Response: "all in lower case.",
				Strict: []board.InstrVerdict{yes("change_case:english_lowercase", "all in lower case")},
				Loose:  []board.InstrVerdict{yes("change_case:english_lowercase", "all in lower case")}},
			{Answered: true, Response: "Sure, here it is:\nfirst paragraph\n\n***\n\nsecond paragraph",
				Strict: []board.InstrVerdict{yes("length_constraints:number_paragraphs", "2 paragraphs"), yes("punctuation:no_comma", "no comma")},
				Loose:  []board.InstrVerdict{yes("length_constraints:number_paragraphs", "2 paragraphs"), yes("punctuation:no_comma", "no comma")}},
		}
		switch i % 3 {
		case 1:
			res[1].Strict[1] = board.InstrVerdict{ID: "punctuation:no_comma", Reason: "1 comma"}
			res[1].Loose[1] = board.InstrVerdict{ID: "punctuation:no_comma", Followed: true, Reason: "no comma", Variant: "without the first line"}
		case 2:
			res[1] = board.InstrResult{}
		}
		answered := 2
		if i%3 == 2 {
			answered = 1
		}
		b.Models = append(b.Models, board.InstrModel{ID: id, Name: name, Answered: answered, Complete: answered == 2,
			Strict: instrScores(b.Prompts, res, false), Loose: instrScores(b.Prompts, res, true), Results: res})
	}
	return b
}

// instrScores is a small scorer for the fixture's instruction boards.
func instrScores(prompts []board.InstrPrompt, res []board.InstrResult, loose bool) board.InstrScores {
	var prompt, inst counter
	byID, byGroup, byCount := map[string]*counter{}, map[string]*counter{}, map[string]*counter{}
	get := func(m map[string]*counter, k string) *counter {
		if m[k] == nil {
			m[k] = &counter{}
		}
		return m[k]
	}
	for pi, p := range prompts {
		vs := res[pi].Strict
		if loose {
			vs = res[pi].Loose
		}
		all := true
		for j, id := range p.Instructions {
			ok := res[pi].Answered && j < len(vs) && vs[j].Followed
			all = all && ok
			inst.add(ok)
			get(byID, id).add(ok)
			get(byGroup, instrGroup(id)).add(ok)
		}
		prompt.add(all)
		get(byCount, fmt.Sprint(len(p.Instructions))).add(all)
	}
	rates := func(m map[string]*counter) map[string]board.Rate {
		out := map[string]board.Rate{}
		for k, c := range m {
			out[k] = wilson(c.pass, c.total)
		}
		return out
	}
	return board.InstrScores{Prompt: wilson(prompt.pass, prompt.total), Instruction: wilson(inst.pass, inst.total),
		ByInstruction: rates(byID), ByGroup: rates(byGroup), ByCount: rates(byCount)}
}

// tinyInput is the golden-test board: four models, eight problems.
func tinyInput() Input {
	in := synthInput(4, 8, 7)
	one := 0.9
	in.Runs[0].Submission.Meta.Claimed = &board.Claimed{Strict: &board.ClaimedRates{Correct: &one}}
	in.Runs[0].Diagnostics = []board.Diagnostic{{File: "results/model-01/responses.jsonl", Line: 3, Item: "sciif-0003", Judge: "gpt-5.1", Msg: "no POINT_2 line"}}
	c, k := board.Percent(29.6), board.Percent(87.1)
	in.Reported = []board.Reported{{ID: "paper-gpt-5.2", Model: board.ReportedModel{Name: "GPT-5.2", Organization: "OpenAI"},
		Citation: board.Citation{Title: "SciIF", Year: 2026, URL: "https://arxiv.org/", Tables: []string{"Table 1", "Figure 4"}},
		Policy:   board.Strict, Compliance: &c, Correctness: &k, Notes: "Judged by GPT-5.1 and Gemini-3-Flash.",
		Constraints: map[string]board.Percent{"assumptions": 65.3, "boundary_conditions": 74.8, "numerical_methods": 82.4},
		Families:    map[board.Family]board.Percent{board.Condition: 53.2, board.Terminology: 63.7, board.Process: 88.3},
		ByK:         map[int]board.Percent{2: 38.5, 3: 18.7, 5: 2.9}}}
	in.Reported = append(in.Reported, reportedRows()[1:]...)
	return in
}

// reportedRows are published figures from one paper: three rows share a
// note, one has a note of its own.
func reportedRows() []board.Reported {
	cite := board.Citation{Title: "SciIF", Authors: "Anonymous", Year: 2026, URL: "https://arxiv.org/", Tables: []string{"Table 1", "Table 5"}}
	shared := "open_weights follows the paper's Table 1 grouping."
	ifeval := board.Percent(80.4)
	out := []board.Reported{{ID: "paper-a", Model: board.ReportedModel{Name: "Paper A", Organization: "Lab A"}, Citation: cite, Policy: board.Strict, Notes: shared,
		Families: map[board.Family]board.Percent{board.Condition: 35.0, board.Terminology: 41.5, board.Process: 67.7}}}
	for i, name := range []string{"Paper B", "Paper C", "Paper D"} {
		r := board.Reported{ID: fmt.Sprintf("paper-%c", 'b'+i), Model: board.ReportedModel{Name: name, Organization: "Lab"}, Citation: cite, Policy: board.Strict, Notes: shared,
			Constraints: map[string]board.Percent{"assumptions": 39.6, "units_standard": 25.8},
			Families:    map[board.Family]board.Percent{board.Condition: board.Percent(35 + i), board.Terminology: 41.5, board.Process: 67.7},
			ByK:         map[int]board.Percent{2: board.Percent(38 - i), 3: 18.7, 4: 8.2, 5: 2.9}}
		if i == 2 {
			r.Notes = "Fine-tuned on SciIF data."
			r.IFEvalStrict = &ifeval
		}
		out = append(out, r)
	}
	return out
}

// instrGroup is the group of an instruction id: the part before ':'.
func instrGroup(id string) string {
	g, _, _ := strings.Cut(id, ":")
	return g
}
