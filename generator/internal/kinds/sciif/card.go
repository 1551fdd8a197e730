package sciif

// An answer's card on a model's answers page, written by hand.

import "github.com/sciif/leaderboard/generator/internal/render"

// writeCard writes answer a as the answers page shows it. It is written by
// hand, not by a template: a board of 1,000 models has 334,000 of them,
// and html/template's reflection spent more time on them than all the
// rest of the build. The golden files and TestHTMLEscapesAsTemplate keep
// it to what the template wrote. md converts the response's Markdown.
func writeCard(h *render.HTML, a *answerView, md *render.Converter) {
	h.Raw("\n" + `<article class="answer" id="`)
	h.Attr(a.Anchor)
	h.Raw("\">\n" + `<h2><a href="../../`)
	h.URLPart(a.Item.Href)
	h.Raw(`">Problem `)
	h.Text(a.Item.Text)
	h.Raw(`</a></h2>`)
	if !a.Answered {
		h.Raw("\n" + `<p class="muted">No answer was submitted for this problem: it counts as incorrect and non-compliant.</p>` + "\n</article>")
		return
	}
	writeCardVerdicts(h, a)
	writeCardResponse(h, a, md)
	writeCardCorrectness(h, a)
	for ci := range a.Cons {
		writeCardConstraint(h, &a.Cons[ci])
	}
	h.Raw("\n</article>")
}

// writeCardVerdicts writes the paragraph of a's verdicts: correctness,
// Strict and Loose compliance and the regimes it falls under.
func writeCardVerdicts(h *render.HTML, a *answerView) {
	h.Raw("\n" + `<p class="verdicts">`)
	writeBadge(h, a.Correct, "correct", "incorrect")
	h.Raw(` <span class="muted">by `)
	h.Text(a.CorrectBy)
	h.Raw(`</span> · Strict `)
	writeBadge(h, a.CompliantS, "compliant", "not compliant")
	h.Raw(` · Loose `)
	writeBadge(h, a.CompliantL, "compliant", "not compliant")
	for _, r := range a.Regimes {
		h.Raw(` <span class="badge regime">`)
		h.Text(r)
		h.Raw(`</span>`)
	}
	h.Raw("</p>\n")
}

// writeCardResponse writes a's response, folded, with a note where it
// was shortened.
func writeCardResponse(h *render.HTML, a *answerView, md *render.Converter) {
	h.Raw(`<details class="response"><summary>Response`)
	if a.Words >= 0 {
		h.Raw(` (`)
		h.Int(a.Words)
		h.Raw(` words)`)
	}
	h.Raw(`</summary><div class="md">`)
	md.WriteHTML(h, a.Shown)
	h.Raw(`</div>`)
	if c := a.Cut; c != nil {
		h.Raw(`<p class="note cut">Shortened: the first `)
		h.Int(c.Shown)
		h.Raw(` of `)
		h.Int(c.Total)
		h.Raw(` bytes are shown. The whole answer is in <a href="`)
		h.URL(c.Href)
		h.Raw(`">this model's long answers</a> (JSON lines).</p>`)
	}
	h.Raw("</details>\n")
}

// writeCardCorrectness writes a's correctness section: the extracted
// answer, the rule that decided it and the judges' votes.
func writeCardCorrectness(h *render.HTML, a *answerView) {
	h.Raw("<h3>Correctness</h3>")
	if len(a.Extracted) > 0 {
		h.Raw(`<p>Extracted answer: <span class="extracted">`)
		for _, p := range a.Extracted {
			if p.Math {
				h.Safe(render.Math(p.Text, false))
			} else {
				h.Text(p.Text)
			}
		}
		h.Raw(`</span></p>`)
	}
	if r := a.CorrectRule; r != nil {
		h.Raw(`<p>Rule `)
		writeRule(h, r, false)
		h.Raw(`</p>`)
	}
	if len(a.Votes) > 0 {
		h.Raw("\n" + `<ul class="votes">`)
		for k := range a.Votes {
			v := &a.Votes[k]
			h.Raw(`<li>`)
			writeVote(h, v)
			h.Raw(` <strong>`)
			h.Text(v.Judge)
			h.Raw(`</strong>`)
			if v.Reason != "" {
				h.Raw(`: `)
				h.Text(v.Reason)
			}
			h.Raw(`</li>`)
		}
		h.Raw(`</ul>`)
	}
}

// writeCardConstraint writes a constraint's section of a card: its
// heading with the Strict and Loose verdicts, then a table of its points.
func writeCardConstraint(h *render.HTML, c *consVerdictView) {
	h.Raw("\n<h3>")
	h.Text(c.Name)
	h.Raw(` <span class="muted">(`)
	h.Text(c.Abbrev)
	h.Raw(`)</span> `)
	writeBadge(h, c.Strict, "strict pass", "strict fail")
	h.Raw(` `)
	writeBadge(h, c.Loose, "loose pass", "loose fail")
	if c.Disagree {
		h.Raw(` <span class="badge regime">judges disagree</span>`)
	}
	// The header cells carry no class or scope: a header row in thead
	// heads its columns, and the stylesheet sizes them by position.
	// A board has hundreds of thousands of these tables.
	h.Raw("</h3>\n" + `<div class="scroll">` + "\n" + `<table class="plain points">` + "\n" +
		`<thead><tr><th>Point</th>`)
	for _, j := range c.Judges {
		h.Raw(`<th>`)
		h.Text(j)
		h.Raw(`</th>`)
	}
	h.Raw(`<th>Rule</th><th>Decided by</th><th>Pass</th></tr></thead>` + "\n<tbody>")
	for pi := range c.Points {
		writePointRow(h, &c.Points[pi])
	}
	h.Raw("\n</tbody>\n</table>\n</div>")
}

// writePointRow writes a point's row of a constraint's table: the
// judges' votes, the rule's verdict, who decided and whether it passed.
func writePointRow(h *render.HTML, p *pointView) {
	h.Raw("\n<tr")
	if p.Overridden {
		h.Raw(` class="overridden"`)
	}
	h.Raw(`><th scope="row">`)
	h.Int(p.N)
	if p.Main {
		h.Raw(`<sup title="main point">M</sup>`)
	}
	if p.Short != "" {
		h.Raw(` <span class="muted">`)
		h.Text(p.Short)
		h.Raw(`</span>`)
	}
	h.Raw(`</th>`)
	for k := range p.Votes {
		v := &p.Votes[k]
		h.Raw(`<td class="vote `)
		h.Attr(v.Mark)
		h.Raw(`">`)
		h.Text(v.Mark)
		if v.Reason != "" {
			h.Raw(`<span class="reason">`)
			h.Text(v.Reason)
			h.Raw(`</span>`)
		}
		h.Raw(`</td>`)
	}
	if p.Rule != nil {
		h.Raw("\n<td>")
		writeRule(h, p.Rule, true)
	} else {
		h.Raw("\n" + `<td class="muted">—`)
	}
	h.Raw("</td>\n<td>")
	h.Text(p.DecidedBy)
	if p.Overridden {
		h.Raw(` <span class="badge regime">overrode judges</span>`)
	}
	if p.Pass {
		h.Raw(`</td><td class="vote yes">yes</td></tr>`)
	} else {
		h.Raw(`</td><td class="vote no">no</td></tr>`)
	}
}

// writeBadge writes a yes or no badge: text yes when ok, else no.
func writeBadge(h *render.HTML, ok bool, yes, no string) {
	if ok {
		h.Raw(`<span class="badge yes">`)
		h.Text(yes)
	} else {
		h.Raw(`<span class="badge no">`)
		h.Text(no)
	}
	h.Raw(`</span>`)
}

// writeVote writes a judge's vote as its mark (yes, no or missing).
func writeVote(h *render.HTML, v *voteView) {
	h.Raw(`<span class="vote `)
	h.Attr(v.Mark)
	h.Raw(`">`)
	h.Text(v.Mark)
	h.Raw(`</span>`)
}

// writeRule writes a rule's verdict: in a point's table cell (the reason
// in its own span) or in the correctness paragraph ("Rule r: …").
func writeRule(h *render.HTML, r *ruleView, inCell bool) {
	h.Raw(`<code>`)
	h.Text(r.Rule)
	if inCell {
		h.Raw(`</code> <span class="badge `)
	} else {
		h.Raw(`</code>: <span class="badge `)
	}
	h.Attr(r.Outcome)
	h.Raw(`">`)
	h.Text(r.Outcome)
	h.Raw(`</span>`)
	if inCell {
		h.Raw(`<span class="reason">`)
	} else {
		h.Raw(` `)
	}
	h.Text(r.Reason)
	if r.Evidence != "" {
		h.Raw(` <q>`)
		h.Text(r.Evidence)
		h.Raw(`</q>`)
	}
	if inCell {
		h.Raw(`</span>`)
	}
}
