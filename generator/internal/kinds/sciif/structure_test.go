package sciif

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

func parse(t *testing.T, name string, data []byte) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

func htmlPages(files []board.File) []board.File {
	var out []board.File
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".html") && !strings.HasPrefix(f.Path, "assets/") {
			out = append(out, f)
		}
	}
	return out
}

// checkPageSafety asserts what a strict CSP and the offline rule need, on
// every page: no inline script or handler, no inline style, no javascript:
// URL, no remote resource, and every local link pointing at a file of the
// site.
func checkPageSafety(t *testing.T, files []board.File) {
	t.Helper()
	have := fileMap(files)
	ids := map[string]map[string]bool{}
	docs := map[string]*goquery.Document{}
	for _, f := range htmlPages(files) {
		doc := parse(t, f.Path, f.Data)
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
	checkPageSafety(t, renderSite(t, tinyInput()))
}

func TestHostileSubmissionIsInert(t *testing.T) {
	files := renderSite(t, hostileInput())
	checkPageSafety(t, files)
	for _, f := range htmlPages(files) {
		doc := parse(t, f.Path, f.Data)
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
	page := parse(t, "ifeval/2.html", fileMap(files)["ifeval/2.html"])
	if got := page.Find("#m-" + render.Slug(hostileInput().Instr[0].Models[0].ID) + " pre.text").Text(); got != instrResponse {
		t.Errorf("IFEval response shown as %q, want the literal text", got)
	}
	idx := parse(t, "index.html", fileMap(files)["index.html"])
	if got := idx.Find("#board tbody th a").First().Text(); got != scriptName {
		t.Errorf("model name shown as %q, want the literal text %q", got, scriptName)
	}
}

func TestLeaderboardTable(t *testing.T) {
	in := tinyInput()
	// Make two models tie under Strict to see the "=" mark.
	in.Board.Models[2].Strict.Rank = in.Board.Models[1].Strict.Rank
	files := fileMap(renderSite(t, in))
	doc := parse(t, "index.html", files["index.html"])
	rows := doc.Find("#board tbody tr")
	if rows.Length() != len(in.Board.Models) {
		t.Fatalf("%d rows, want %d", rows.Length(), len(in.Board.Models))
	}
	heads := doc.Find("#board thead th")
	heads.Each(func(i int, s *goquery.Selection) {
		if s.Find("button[type=button]").Length() != 1 {
			t.Errorf("header %d has no button", i)
		}
	})
	if got := doc.Find(`#board th[aria-sort]`).AttrOr("data-key", ""); got != "rank" {
		t.Errorf("initial sort on %q, want rank", got)
	}
	var gotRanks, wantRanks []string
	rows.Each(func(i int, s *goquery.Selection) {
		gotRanks = append(gotRanks, s.Find("td").First().Find(".s").Text())
		m := in.Board.Models[i]
		label := strconv.Itoa(m.Strict.Rank)
		for j, o := range in.Board.Models {
			if j != i && o.Strict.Rank == m.Strict.Rank {
				label = "=" + label
				break
			}
		}
		wantRanks = append(wantRanks, label)
		if got, want := s.Find("th a").AttrOr("href", ""), "models/"+m.ID+".html"; got != want {
			t.Errorf("row %d links to %q, want %q", i, got, want)
		}
		s.Find("td[data-s]").Each(func(_ int, c *goquery.Selection) {
			for _, attr := range []string{"data-s", "data-l"} {
				if _, err := strconv.ParseFloat(c.AttrOr(attr, ""), 64); err != nil {
					t.Errorf("row %d: %s=%q is not a number", i, attr, c.AttrOr(attr, ""))
				}
			}
		})
		if s.Find("td.num").Length() != 8 {
			t.Errorf("row %d: %d numeric cells, want rank + 7 rates", i, s.Find("td.num").Length())
		}
	})
	if diff := cmp.Diff(wantRanks, gotRanks); diff != "" {
		t.Errorf("rank labels (-want +got):\n%s", diff)
	}
	if got := doc.Find(".badge.warn").Length(); got != 1 {
		t.Errorf("%d incomplete badges, want 1 (model-02 misses an item)", got)
	}
	// The correctness cell of the first row carries its interval.
	r := in.Board.Models[0].Strict.Correct
	cell := rows.First().Find("td.num").Eq(1).Find(".s small").Text()
	if want := fmt.Sprintf("%.1f–%.1f", 100*r.CI95[0], 100*r.CI95[1]); cell != want {
		t.Errorf("interval %q, want %q", cell, want)
	}
}

func TestConstraintTableLayout(t *testing.T) {
	in := tinyInput()
	doc := parse(t, "constraints.html", fileMap(renderSite(t, in))["constraints.html"])
	var fams []string
	doc.Find("table.cons thead tr").First().Find("th.fam").Each(func(_ int, s *goquery.Selection) { fams = append(fams, s.Text()) })
	if diff := cmp.Diff([]string{"Condition", "Terminology", "Process"}, fams); diff != "" {
		t.Errorf("family headers (-want +got):\n%s", diff)
	}
	var cols []string
	doc.Find("table.cons thead tr").Eq(1).Find("th").Each(func(_ int, s *goquery.Selection) { cols = append(cols, s.Text()) })
	want := []string{"A", "BC", "AR", "US", "Avg.", "CTD", "ITD", "SCS", "VNC", "Avg.", "NM", "EM", "Avg."}
	if diff := cmp.Diff(want, cols); diff != "" {
		t.Errorf("columns (-want +got):\n%s", diff)
	}
	enabled := map[string]int{}
	for _, it := range in.Bench.Items {
		for _, c := range it.Constraints {
			enabled[c]++
		}
	}
	var gotN []string
	doc.Find("table.cons tfoot td").Each(func(_ int, s *goquery.Selection) { gotN = append(gotN, s.Text()) })
	var wantN []string
	for _, g := range groupFamilies(in.Bench.Catalog) {
		sum := 0
		for _, c := range g.Cons {
			wantN = append(wantN, strconv.Itoa(enabled[c.ID]))
			sum += enabled[c.ID]
		}
		wantN = append(wantN, strconv.Itoa(sum))
	}
	if diff := cmp.Diff(wantN, gotN); diff != "" {
		t.Errorf("n per column (-want +got):\n%s", diff)
	}
	if n := doc.Find("section.constraint[id^=c-]").Length(); n != 10 {
		t.Errorf("%d constraint sections, want 10", n)
	}
}

func TestChartsHaveDataAndFixedIDs(t *testing.T) {
	files := renderSite(t, tinyInput())
	for _, f := range htmlPages(files) {
		doc := parse(t, f.Path, f.Data)
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
	for _, f := range htmlPages(renderSite(t, tinyInput())) {
		doc := parse(t, f.Path, f.Data)
		noindex := doc.Find(`meta[name=robots][content=noindex]`).Length() == 1
		// Pages that quote submitted answers: problems, a model's answers
		// (models/<id>/<subject>.html), instruction prompts.
		answers := strings.HasPrefix(f.Path, "models/") && strings.Count(f.Path, "/") == 2
		want := strings.HasPrefix(f.Path, "problems/") || answers || strings.HasPrefix(f.Path, "ifeval/") && f.Path != "ifeval/index.html"
		if noindex != want {
			t.Errorf("%s: noindex = %v, want %v", f.Path, noindex, want)
		}
	}
}

// A board that sets index_items: true lets every page be indexed, and
// every page then has the description search engines show.
func TestIndexItemsLiftsNoindex(t *testing.T) {
	in := tinyInput()
	in.IndexItems = true
	for _, f := range htmlPages(renderSite(t, in)) {
		doc := parse(t, f.Path, f.Data)
		if doc.Find(`meta[name=robots]`).Length() != 0 {
			t.Errorf("%s: robots meta with index_items: true", f.Path)
		}
		if d := doc.Find(`meta[name=description]`).AttrOr("content", ""); strings.TrimSpace(d) == "" {
			t.Errorf("%s: no description", f.Path)
		}
	}
}

func TestDownloads(t *testing.T) {
	in := hostileInput()
	files := fileMap(renderSite(t, in))
	var got board.Board
	if err := json.Unmarshal(files["scores.json"], &got); err != nil {
		t.Fatal(err)
	}
	want, _ := json.MarshalIndent(in.Board, "", "  ")
	if !bytes.Equal(append(want, '\n'), files["scores.json"]) {
		t.Error("scores.json is not json.MarshalIndent(board) plus a newline")
	}
	for _, name := range []string{"leaderboard.csv", "verdicts.csv"} {
		recs, err := csv.NewReader(bytes.NewReader(files[name])).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, rec := range recs {
			for j, cell := range rec {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					t.Errorf("%s row %d col %d: cell %q would be a formula", name, i, j, cell)
				}
			}
		}
	}
	recs, _ := csv.NewReader(bytes.NewReader(files["leaderboard.csv"])).ReadAll()
	if got, want := len(recs), 1+2*len(in.Board.Models); got != want {
		t.Errorf("leaderboard.csv has %d rows, want %d", got, want)
	}
	if !bytes.Contains(files["leaderboard.csv"], []byte(`"'=HYPERLINK(""http://evil.example"",""x"")"`)) {
		t.Errorf("leaderboard.csv does not hold the escaped formula:\n%s", files["leaderboard.csv"])
	}
	recs, _ = csv.NewReader(bytes.NewReader(files["verdicts.csv"])).ReadAll()
	if got, want := len(recs), 1+len(in.Board.Models)*len(in.Bench.Items); got != want {
		t.Errorf("verdicts.csv has %d rows, want %d", got, want)
	}
}

// TestIndexPageWeight keeps the leaderboard light on a paper-sized board:
// its own HTML, CSS and JavaScript (vendored libraries aside) stay under
// 100 KB.
func TestIndexPageWeight(t *testing.T) {
	in := synthInput(16, 334, 11)
	// The paper's eighteen published rows.
	for len(in.Reported) < 18 {
		in.Reported = append(in.Reported, reportedRows()...)
	}
	files := fileMap(renderSite(t, in))
	total := 0
	for _, p := range []string{"index.html", "assets/site.css", "assets/site.js", "assets/favicon.svg"} {
		total += len(files[p])
	}
	t.Logf("index page weight: %d bytes", total)
	if total >= 100_000 {
		t.Errorf("index page weighs %d bytes, want under 100 KB", total)
	}
}

// TestAnalysisComparesRulesWithJudgesAlone checks the rules-first against
// judges-only table: it appears only with a judges-only board, and shows
// both boards' numbers.
func TestAnalysisComparesRulesWithJudgesAlone(t *testing.T) {
	in := tinyInput()
	page := func(files []board.File) *goquery.Document {
		for _, f := range files {
			if f.Path == "analysis.html" {
				return parse(t, f.Path, f.Data)
			}
		}
		t.Fatal("no analysis.html")
		return nil
	}
	if n := page(renderSite(t, in)).Find("#h-rules").Length(); n != 0 {
		t.Fatalf("found the comparison without a judges-only board")
	}
	// A judges-only board in which the first model is less often correct.
	jo := *in.Board
	jo.Rules = false
	jo.Models = append([]board.ModelScores(nil), in.Board.Models...)
	strict := *jo.Models[0].Strict
	strict.Correct = board.Rate{Pass: 1, Total: 8, Rate: 0.125}
	jo.Models[0].Strict = &strict
	in.JudgesOnly = &jo
	doc := page(renderSite(t, in))
	rows := doc.Find("#h-rules").Parent().Find("tbody tr")
	if rows.Length() != len(in.Board.Models) {
		t.Fatalf("got %d rows, want one per model (%d)", rows.Length(), len(in.Board.Models))
	}
	first := rows.First().Find("td")
	if got, want := first.Eq(0).Text(), render.Pct(in.Board.Models[0].Strict.Correct.Rate); got != want {
		t.Errorf("correct, rules first = %q, want %q", got, want)
	}
	if got := first.Eq(1).Text(); got != "12.5%" {
		t.Errorf("correct, judges only = %q, want 12.5%%", got)
	}
}

// TestFragmentMarksInSubmittedText builds a board whose submitted texts
// hold the marks pages are spliced at (render.Mark): none of them may
// stand for a fragment, fail the build or reach a page with its NULs.
func TestFragmentMarksInSubmittedText(t *testing.T) {
	marks := string(render.Mark(0)) + string(render.Mark(1))
	in := synthInput(3, 6, 5)
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
