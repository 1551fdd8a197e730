package sitetest

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// checkPageSafety asserts what a strict CSP and the offline rule need, on
// every page: no inline script or handler, no inline style, no javascript:
// URL, no remote resource, and every local link pointing at a file of the
// site.
func checkPageSafety(t *testing.T, files []board.File) {
	t.Helper()
	have := fixture.FileMap(files)
	ids := map[string]map[string]bool{}
	docs := map[string]*goquery.Document{}
	for _, f := range fixture.HTMLPages(files) {
		doc := fixture.Parse(t, f.Path, f.Data)
		docs[f.Path] = doc
		set := map[string]bool{}
		doc.Find("[id]").Each(func(_ int, s *goquery.Selection) { set[s.AttrOr("id", "")] = true })
		ids[f.Path] = set
	}
	for p, doc := range docs {
		if doc.Find(`meta[http-equiv="Content-Security-Policy"]`).Length() != 1 {
			t.Errorf("%s: no Content-Security-Policy meta element", p)
		}
		doc.Find("script").Each(func(_ int, s *goquery.Selection) {
			src, hasSrc := s.Attr("src")
			typ := s.AttrOr("type", "")
			switch {
			case hasSrc && strings.TrimSpace(s.Text()) == "":
				if u, err := url.Parse(src); err != nil || u.Scheme != "" || strings.HasPrefix(src, "//") {
					t.Errorf("%s: script from %q is not local", p, src)
				}
			case typ == "application/json" && !hasSrc:
				if !json.Valid([]byte(s.Text())) {
					t.Errorf("%s: script %s holds invalid JSON", p, s.AttrOr("id", "?"))
				}
			default:
				t.Errorf("%s: inline or typed script %q: %.80s", p, typ, s.Text())
			}
		})
		doc.Find("*").Each(func(_ int, s *goquery.Selection) {
			for _, a := range s.Nodes[0].Attr {
				k := strings.ToLower(a.Key)
				if strings.HasPrefix(k, "on") {
					t.Errorf("%s: <%s %s=%q>: inline event handler", p, goquery.NodeName(s), a.Key, a.Val)
				}
				if k == "style" {
					t.Errorf("%s: <%s style=%q>: inline style breaks style-src 'self'", p, goquery.NodeName(s), a.Val)
				}
				if k != "href" && k != "src" {
					continue
				}
				u, err := url.Parse(strings.TrimSpace(a.Val))
				if err != nil {
					t.Errorf("%s: bad URL %q", p, a.Val)
					continue
				}
				switch u.Scheme {
				case "http", "https":
					if goquery.NodeName(s) != "a" {
						t.Errorf("%s: <%s %s=%q> loads from the network", p, goquery.NodeName(s), k, a.Val)
					}
					continue
				case "":
				default:
					t.Errorf("%s: <%s %s=%q>: scheme %q", p, goquery.NodeName(s), k, a.Val, u.Scheme)
					continue
				}
				target := p
				if u.Path != "" {
					target = path.Join(path.Dir(p), u.Path)
					if _, ok := have[target]; !ok {
						t.Errorf("%s: link to missing file %s", p, target)
						continue
					}
				}
				if frag := u.Fragment; frag != "" && !strings.Contains(frag, "=") && strings.HasSuffix(target, ".html") {
					if !ids[target][frag] {
						t.Errorf("%s: link to missing anchor %s#%s", p, target, frag)
					}
				}
			}
		})
	}
}

func TestPagesAreSafeAndLinked(t *testing.T) {
	checkPageSafety(t, renderSite(t, fixture.TinyInput()))
}

func TestHostileSubmissionIsInert(t *testing.T) {
	files := renderSite(t, fixture.HostileInput())
	checkPageSafety(t, files)
	for _, f := range fixture.HTMLPages(files) {
		doc := fixture.Parse(t, f.Path, f.Data)
		if n := doc.Find("img, iframe, svg, object, embed").Not(".brand img").Length(); n > 0 {
			t.Errorf("%s: %d elements from submitted text became markup", f.Path, n)
		}
		doc.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(strings.ToLower(s.AttrOr("href", "")), "javascript") {
				t.Errorf("%s: link %q survived", f.Path, s.AttrOr("href", ""))
			}
		})
		// The model name must reach JSON only escaped.
		doc.Find(`script[type="application/json"]`).Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Text(), "</script") {
				t.Errorf("%s: chart JSON holds a raw </script", f.Path)
			}
		})
	}
	page := fixture.Parse(t, "ifeval/2.html", fixture.FileMap(files)["ifeval/2.html"])
	if got := page.Find("#m-" + render.Slug(fixture.HostileInput().Instr[0].Models[0].ID) + " pre.text").Text(); got != fixture.InstrResponse {
		t.Errorf("IFEval response shown as %q, want the literal text", got)
	}
	idx := fixture.Parse(t, "index.html", fixture.FileMap(files)["index.html"])
	if got := idx.Find("#board tbody th a").First().Text(); got != fixture.ScriptName {
		t.Errorf("model name shown as %q, want the literal text %q", got, fixture.ScriptName)
	}
}

func TestChartsHaveDataAndFixedIDs(t *testing.T) {
	files := renderSite(t, fixture.TinyInput())
	for _, f := range fixture.HTMLPages(files) {
		doc := fixture.Parse(t, f.Path, f.Data)
		doc.Find(".chart[data-chart]").Each(func(_ int, s *goquery.Selection) {
			name := s.AttrOr("data-chart", "")
			single := doc.Find("#chart-" + name).Length()
			pair := doc.Find("#chart-"+name+"_strict").Length() + doc.Find("#chart-"+name+"_loose").Length()
			if single != 1 && pair != 2 {
				t.Errorf("%s: chart %q has no data", f.Path, name)
			}
		})
		doc.Find(`script[type="application/json"][id^="chart-"]`).Each(func(_ int, s *goquery.Selection) {
			var opt struct {
				Series []json.RawMessage `json:"series"`
			}
			if err := json.Unmarshal([]byte(s.Text()), &opt); err != nil || len(opt.Series) == 0 {
				t.Errorf("%s: %s: no series (%v)", f.Path, s.AttrOr("id", ""), err)
			}
		})
	}
}

func TestProblemPagesAreNotIndexed(t *testing.T) {
	for _, f := range fixture.HTMLPages(renderSite(t, fixture.TinyInput())) {
		doc := fixture.Parse(t, f.Path, f.Data)
		noindex := doc.Find(`meta[name=robots][content=noindex]`).Length() == 1
		// Pages that quote submitted answers: problems, a model's answers
		// (models/<id>/<subject>.html), instruction prompts; a compare page
		// names items but quotes none.
		answers := strings.HasPrefix(f.Path, "models/") && strings.Count(f.Path, "/") == 2
		want := strings.HasPrefix(f.Path, "problems/") || answers || strings.HasPrefix(f.Path, "ifeval/") && f.Path != "ifeval/index.html" && f.Path != "ifeval/compare.html"
		if noindex != want {
			t.Errorf("%s: noindex = %v, want %v", f.Path, noindex, want)
		}
	}
}

// A board that sets index_items: true lets every page be indexed, and
// every page then has the description search engines show.
func TestIndexItemsLiftsNoindex(t *testing.T) {
	in := fixture.TinyInput()
	in.IndexItems = true
	for _, f := range fixture.HTMLPages(renderSite(t, in)) {
		doc := fixture.Parse(t, f.Path, f.Data)
		if doc.Find(`meta[name=robots]`).Length() != 0 {
			t.Errorf("%s: robots meta with index_items: true", f.Path)
		}
		if d := doc.Find(`meta[name=description]`).AttrOr("content", ""); strings.TrimSpace(d) == "" {
			t.Errorf("%s: no description", f.Path)
		}
	}
}

// TestFragmentMarksInSubmittedText builds a board whose submitted texts
// hold the marks pages are spliced at (render.Mark): none of them may
// stand for a fragment, fail the build or reach a page with its NULs.
func TestFragmentMarksInSubmittedText(t *testing.T) {
	marks := string(render.Mark(0)) + string(render.Mark(1))
	in := fixture.SynthInput(3, 6, 5)
	in.Board.Models[0].Name = "M " + marks
	in.Runs[0].Submission.Meta.Name = in.Board.Models[0].Name
	for i := range in.Runs {
		for j := range in.Runs[i].Responses {
			in.Runs[i].Responses[j] = "text " + marks + " and math $" + marks + "$"
		}
		for j := range in.Runs[i].Verdicts {
			v := &in.Runs[i].Verdicts[j]
			v.Extracted = marks
			for k := range v.CorrectVotes {
				v.CorrectVotes[k].Reason = marks
			}
		}
	}
	in.Bench.Items[0].Question = "Question " + marks
	files := renderSite(t, in)
	for _, f := range files {
		if bytes.IndexByte(f.Data, 0) >= 0 && strings.HasSuffix(f.Path, ".html") {
			t.Errorf("%s holds a NUL", f.Path)
		}
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	a := renderSite(t, fixture.SynthInput(5, 40, 3))
	b := renderSite(t, fixture.SynthInput(5, 40, 3))
	if len(a) != len(b) {
		t.Fatalf("%d files, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
			t.Errorf("%s differs between two renders of the same input", a[i].Path)
		}
	}
}
