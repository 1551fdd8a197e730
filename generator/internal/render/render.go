// Package render is the render stage of the pipeline: it turns scored
// boards into the files of a static site (HTML pages, CSV and JSON
// downloads, and the static assets).
//
// It is the site's driver and its toolkit, and it knows no benchmark kind:
// each kind's package implements Board and renders its own pages with the
// helpers here (Site.Render, Markdown, rates, charts, slugs), while the
// site adds what belongs to all boards: the navigation, the model
// registry that links boards to each other, the methodology and downloads
// pages, and the assets.
//
// It performs no disk I/O: it returns files as path and bytes, and package
// publish writes them. It reads no clock and no random source, and ranges
// over maps only through sorted keys, so the same input yields
// byte-identical files.
//
// Everything in the input that comes from a submission (answers, judge
// texts, metadata) is untrusted: it reaches the pages only through
// html/template, through goldmark without raw HTML, or as inert JSON in
// <script type="application/json"> elements. Pages contain no inline script
// and no inline style, so a Content-Security-Policy of script-src 'self'
// and style-src 'self' holds.
package render

import (
	"html/template"
	"io/fs"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// Input is everything a site is built from.
type Input struct {
	// Boards are the benchmarks' boards, in the order the site shows them:
	// the first is the front page (index.html).
	Boards []Board
	// Version names the generator and verifier that built the site; it is
	// printed in the footer and on the methodology page.
	Version string
	// Reported lists figures published elsewhere (papers, model cards).
	// They are shown apart from the boards as "reported, not rescored",
	// never ranked and never mixed with rescored numbers.
	Reported []sciifdata.Reported
	// Templates and Assets, when set, replace the embedded templates/ and
	// assets/ trees, so a designer can edit them and rebuild without
	// recompiling.
	Templates fs.FS
	Assets    fs.FS
	// Progress, when set, is told how many files are rendered so far, as
	// they are (for a progress line).
	Progress func(files int)
	// Sink, when set, receives every file as soon as it is rendered, so the
	// site is never held in memory (publish.Draft is one); Build then
	// returns the files' paths without their data.
	Sink Sink
}

// A Sink takes rendered files; it must be safe for concurrent use, and
// must not keep data once WriteFile returns (pages reuse their buffers).
type Sink interface {
	WriteFile(path string, data []byte) error
}

// A Board is one benchmark's board as the site shows it. Each benchmark
// kind implements it in its own package; the site knows none of them.
type Board interface {
	// Info says what the board adds to the whole site: its name, its
	// models, its navigation entries. front is set for the first board,
	// whose home page is the site's index.html.
	Info(front bool) BoardInfo
	// Pages renders the board's pages and downloads into s (Site.Render,
	// Site.Add).
	Pages(s *Site) error
	// Summary is how model id does on this board, as rows of another
	// board's model page ("Other benchmarks"); nil when the board has no
	// such figures.
	Summary(s *Site, id string) []OtherRow
}

// A RunPager is a kind's run (one submission checked against one
// benchmark) with pages that show its submission alone, such as a model's
// whole answers with every verdict: the pages that would make a build hold
// every submission's full verdicts until the end. The build calls RunPages
// once the submission is checked against every benchmark and accepted, one
// submission per core at a time, before the boards are scored (Start); the
// run then keeps only what its board needs. Without a site, RunPages is not
// called and the board renders those pages itself.
type RunPager interface {
	RunPages(s *Site) error
}

// BoardInfo describes a board to the site.
type BoardInfo struct {
	// Name is the benchmark's name: it prefixes the board's pages, chart
	// ids and downloads when the board is not the front page.
	Name string
	// Title is the benchmark's name for readers ("SciIF", "IFEval").
	Title string
	// Models lists the models on the board, in board order.
	Models []ModelInfo
	// ModelPages is set when the board renders a page per model at
	// Base(Name)+"models/<slug>.html"; the first such board's pages are the
	// ones every other board links to.
	ModelPages bool
	// ModelFiles are the downloads the board writes for each of its
	// models: the downloads page lists every model's, and a model's page
	// links its own (Site.ModelFiles).
	ModelFiles []ModelFile
	// Compare is set when the board renders a compare page
	// (Site.ComparePage), which model pages link to.
	Compare bool
	// Nav lists the board's entries in the site's navigation, relative to
	// the site root; the first is the board's home page. Keys are the
	// Page.Nav values of the pages they mark.
	Nav []NavLink
}

// OneEntryInfo is the BoardInfo of a board with one entry in the site's
// navigation: the board's title, linking to home, or to the site's
// index.html when the board is the front one, and marking the pages whose
// Page.Nav is key. The caller adds the models.
func OneEntryInfo(name, title, key, home string, front bool) BoardInfo {
	if front {
		home = "index.html"
	}
	return BoardInfo{Name: name, Title: title, Nav: []NavLink{{Key: key, Href: home, Text: title}}}
}

// ModelInfo names one model of a board.
type ModelInfo struct {
	ID   string
	Name string
}

// NavLink is one entry of the site's navigation.
type NavLink struct {
	Key  string
	Href string
	Text string
}

// Download is one file of the downloads page, or one stable address.
type Download struct {
	Href string
	// What says what the file holds, as HTML.
	What template.HTML
}

// OtherRow is one line of a model page's "Other benchmarks" table.
type OtherRow struct {
	Bench  string
	Href   string
	Metric string
	Title  string
	S, L   RateView
	// Absent says the model took no part in this benchmark.
	Absent bool
}

// ModelRef is a model as the whole site knows it.
type ModelRef struct {
	ID   string
	Name string
	// Slug names its files and anchors.
	Slug string
	// Index is its place among all the site's models, which fixes its
	// colour in every chart.
	Index int
	// Href is its model page, relative to the site root, or "".
	Href string
}
