package render

// What base.html and every page template are given: the page's view
// model and the template functions.

import (
	"html/template"
	"strconv"
)

// funcs are the functions every page template may call.
func funcs() template.FuncMap {
	return template.FuncMap{
		// shade names the background class of a cell under a policy
		// ("s" or "l"), in tenths of the rate.
		"shade": shadeClass,
		// rateCell and shadedRateCell are base.html's "rate" and
		// "shaded-rate" cells, written without a template: a board's pages
		// have one per model and column.
		"rateCell":       func(p RatePair) template.HTML { return rateCell(p, false) },
		"shadedRateCell": func(p RatePair) template.HTML { return rateCell(p, true) },
		"inc":            func(n int) int { return n + 1 },
		// policyTips is what a board's Strict and Loose policies mean,
		// for the policy switch's tooltips.
		"policyTips": func(strict, loose string) PolicyTips { return PolicyTips{strict, loose} },
	}
}

// shadeClass names the background class of a cell under a policy ("s"
// or "l"), in tenths of the rate.
func shadeClass(policy string, r RateView) string {
	if r.Missing {
		return policy + "s-na"
	}
	return policy + "s-" + strconv.Itoa(r.Shade)
}

// rateCell is a table cell of p under both policies: base.html's "rate"
// (the sort keys as data attributes) or, shaded, its "shaded-rate" (each
// policy's shade as a class).
func rateCell(p RatePair, shaded bool) template.HTML {
	var h HTML
	h.b = make([]byte, 0, 160)
	h.RateCell(p, shaded)
	return h.String()
}

// RateCell writes a table cell of p under both policies, as the
// templates' rateCell (shaded false) and shadedRateCell write it.
func (h *HTML) RateCell(p RatePair, shaded bool) {
	if shaded {
		h.Raw(`<td class="num `)
		h.Attr(shadeClass("s", p.S))
		h.Raw(" ")
		h.Attr(shadeClass("l", p.L))
		h.Raw(`">`)
	} else {
		h.Raw(`<td class="num" data-s="`)
		h.Attr(p.S.Sort)
		h.Raw(`" data-l="`)
		h.Attr(p.L.Sort)
		h.Raw(`">`)
	}
	h.Raw(`<span class="s">`)
	h.Text(p.S.Pct)
	h.Raw(`<small>`)
	h.Text(p.S.CI)
	h.Raw(`</small></span><span class="l">`)
	h.Text(p.L.Pct)
	h.Raw(`<small>`)
	h.Text(p.L.CI)
	h.Raw(`</small></span></td>`)
}

// PolicyTips say what a board's Strict and Loose policies mean.
type PolicyTips struct{ Strict, Loose string }

// Page is what base.html needs; Body is the Page's own view model.
type Page struct {
	Title       string
	Description string
	// Root is the relative path from the page to the site root: "" or
	// "../". Set by Site.Render from the page's path.
	Root      string
	Nav       string
	NoIndex   bool
	Charts    bool
	Math      bool
	Benchmark string
	Version   string
	// Updated is the newest submission date noted so far (NoteUpdated).
	Updated string
	// OneRun marks a page that shows one submission alone and may be
	// rendered before the boards are scored (Start): it says nothing that
	// depends on the other submissions, such as when the board was last
	// updated.
	OneRun bool
	// Links is the site's navigation; a page whose Nav is a link's Key is
	// marked as the current one. Set by Site.Render, as is SiteNav, the
	// navigation as HTML.
	Links   []NavLink
	SiteNav template.HTML
	Body    any
	// ChartData holds chart options, each emitted as inert JSON.
	ChartData []ChartData
	// Pager links the pages a long table is split into; the current one
	// has no Href.
	Pager []Link
}

// ChartData is one chart's ECharts option, emitted as inert JSON.
type ChartData struct {
	ID     string
	Option any
}
