package verifiable

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Outcome tokens of the case index, per model and prompt.
const (
	outPass      = "pass"       // every instruction followed under Strict
	outLooseOnly = "loose-only" // fails Strict, passes Loose
	outFailBoth  = "fail-both"  // fails Strict and Loose
	outFailS     = "fail-strict"
	outNone      = "unanswered"
)

// outcomes are the outcomes of a model on a prompt, as the case index
// shows them: the cell's class, glyph and label, and the tokens of the
// outcome filter the cell matches.
var outcomes = []struct {
	class, glyph, label string
	tokens              []string
}{
	{"o-pass", "✓", "passes Strict and Loose", []string{outPass}},
	{"o-loose", "✗✓", "fails Strict, passes Loose", []string{outLooseOnly, outFailS}},
	{"o-fail", "✗", "fails Strict and Loose", []string{outFailBoth, outFailS}},
	{"o-na", "·", "not answered", []string{outNone, outFailBoth, outFailS}},
}

func outcomeOptions() []render.OutcomeOption {
	classes := make([]render.OutcomeClass, len(outcomes))
	for i, o := range outcomes {
		classes[i] = render.OutcomeClass{Class: o.class, Outcomes: o.tokens}
	}
	return render.OutcomeOptions([]render.Option{
		{Value: outFailS, Label: "fails Strict"},
		{Value: outLooseOnly, Label: "fails Strict, passes Loose"},
		{Value: outFailBoth, Label: "fails Strict and Loose"},
		{Value: outPass, Label: "passes Strict"},
		{Value: outNone, Label: "not answered"},
	}, classes)
}

// promptOutcome classifies one model's result on one prompt: the cell's
// class, glyph and label (see outcomes).
func promptOutcome(r *instrdata.Result) (class, glyph, label string) {
	k := 3
	if r != nil {
		switch sOK, lOK := followedAll(r.Strict), followedAll(r.Loose); {
		case sOK:
			k = 0
		case lOK:
			k = 1
		default:
			k = 2
		}
	}
	o := &outcomes[k]
	return o.class, o.glyph, o.label
}

type promptRow struct {
	Href     string
	Key      string
	Excerpt  string
	Instr    []string
	InstrIDs string
	// Cells are plain: site.js makes each a link to the model's response
	// on the prompt's page (a link in each of prompts × models cells made
	// the page several megabytes).
	Cells []render.OutcomeCell
}

type instrIndexView struct {
	Name    string
	Main    string
	Filters render.CaseFilters
	Columns []render.CaseColumn
	Rows    []promptRow
}

func (s *site) instrIndexPage(is *instrSite) (board.File, error) {
	b := is.b
	v := instrIndexView{Name: is.title, Main: s.home(), Filters: render.CaseFilters{ByInstruction: true, Outcomes: outcomeOptions()}}
	v.Filters.Models, v.Columns = render.CaseModels(is.names, is.slugs)
	ids := map[string]bool{}
	for pi, p := range b.Prompts {
		row := promptRow{Href: is.keys[pi] + ".html", Key: is.keys[pi], Excerpt: render.Excerpt(p.Prompt, 140), Instr: p.Instructions,
			InstrIDs: " " + strings.Join(p.Instructions, " ") + " "}
		for mi := range b.Models {
			c, g, _ := promptOutcome(is.result(mi, pi))
			row.Cells = append(row.Cells, render.OutcomeCell{Class: c, Glyph: g})
		}
		for _, id := range p.Instructions {
			ids[id] = true
		}
		v.Rows = append(v.Rows, row)
	}
	var idl []string
	for id := range ids {
		idl = append(idl, id)
	}
	sort.Strings(idl)
	for _, id := range idl {
		v.Filters.Instructions = append(v.Filters.Instructions, render.Option{Value: id, Label: id})
	}
	return s.exec("prompts", is.dir+"/index.html", render.Page{
		Title:       is.title + " case studies",
		Description: "Every " + is.title + " prompt with each model's Strict and Loose outcome, filterable by model, instruction and outcome.",
		Nav:         "instr-" + b.Benchmark, Body: v,
	})
}

type instrVerdictView struct {
	Followed bool
	Reason   string
	Variant  string
}

type instrCheckRow struct {
	ID     string
	Strict instrVerdictView
	Loose  instrVerdictView
}

type instrAnswer struct {
	Model    render.ModelName
	Anchor   string
	Answered bool
	Shown    render.ResponseView
	Class    string
	Label    string
	StrictOK bool
	LooseOK  bool
	Checks   []instrCheckRow
}

type instrCaseView struct {
	Pager render.CasePager
	Name  string
	Key   string
	// Ask is the prompt, or a multi-turn prompt's conversation.
	Ask          render.Ask
	Instructions []string
	// Args pairs each instruction with its arguments as JSON.
	Args    []instrArg
	Answers []instrAnswer
}

// instrArg is an instruction id and its arguments, for the case page.
type instrArg struct {
	ID   string
	Args string
}

func verdictAt(vs []instrdata.Verdict, j int) instrVerdictView {
	if j >= len(vs) {
		return instrVerdictView{Reason: "no verdict"}
	}
	v := vs[j]
	variant := v.Variant
	if v.Followed && variant == "" {
		variant = "as is"
	}
	reason := v.Reason
	if v.Outcome() == outcome.Undecided {
		reason = "cannot decide (counted as not followed): " + reason
	}
	return instrVerdictView{Followed: v.Followed, Reason: reason, Variant: variant}
}

func (s *site) instrCasePage(is *instrSite, pi int) (board.File, error) {
	b := is.b
	p := &b.Prompts[pi]
	v := instrCaseView{Name: is.title, Key: is.keys[pi], Instructions: p.Instructions,
		Ask: render.Ask{Prompt: p.Prompt, Note: "The model answers the last turn; the instructions below are checked on that answer alone."}}
	if p.Messages != nil {
		v.Ask.Turns = chat.Turns(p.Messages)
	}
	for j, id := range p.Instructions {
		arg := instrArg{ID: id}
		if j < len(p.Kwargs) && len(p.Kwargs[j]) > 0 {
			// encoding/json sorts map keys: the text is deterministic.
			if data, err := json.Marshal(p.Kwargs[j]); err == nil {
				arg.Args = string(data)
			}
		}
		v.Args = append(v.Args, arg)
	}
	v.Pager = render.PagerAt("Prompts", pi, len(b.Prompts),
		func(j int) render.Link { return render.Link{Href: is.keys[j] + ".html", Text: "prompt " + is.keys[j]} },
		render.Link{Href: "index.html", Text: "All " + is.title + " prompts"}, render.Link{Href: "../" + s.home(), Text: is.title + " scores"})
	for mi := range b.Models {
		r := is.result(mi, pi)
		c, _, l := promptOutcome(r)
		a := instrAnswer{Model: is.names[mi], Anchor: "m-" + is.slugs[mi], Answered: r != nil, Class: c, Label: l}
		if r != nil {
			a.Shown = s.Response(r.Response, is.promptHref(pi), is.slugs[mi], s.name, is.keys[pi])
			a.StrictOK, a.LooseOK = followedAll(r.Strict), followedAll(r.Loose)
		}
		for j, id := range p.Instructions {
			row := instrCheckRow{ID: id}
			if r == nil {
				row.Strict = instrVerdictView{Reason: "not answered"}
				row.Loose = row.Strict
			} else {
				row.Strict, row.Loose = verdictAt(r.Strict, j), verdictAt(r.Loose, j)
				row.Strict.Variant = ""
			}
			a.Checks = append(a.Checks, row)
		}
		v.Answers = append(v.Answers, a)
	}
	return s.exec("case", is.promptHref(pi), render.Page{
		Title:       is.title + " prompt " + is.keys[pi],
		Description: is.title + " prompt " + is.keys[pi] + ": the prompt, its instructions and every model's response, checked Strict and Loose.",
		NoIndex:     !s.indexItems, Nav: "instr-" + b.Benchmark, Body: v,
	})
}
