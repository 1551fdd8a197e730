package sciif

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

func TestLeaderboardTable(t *testing.T) {
	in := fixture.TinyInput()
	// Make two models tie under Strict to see the "=" mark.
	in.Board.Models[2].Strict.Rank = in.Board.Models[1].Strict.Rank
	files := fixture.FileMap(renderSite(t, in))
	doc := fixture.Parse(t, "index.html", files["index.html"])
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
		// The rank, before the range of ranks it could hold.
		rank, _, _ := strings.Cut(s.Find("td").First().Find(".s").Text(), " (")
		gotRanks = append(gotRanks, rank)
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
		if s.Find("td.num").Length() != 9 {
			t.Errorf("row %d: %d numeric cells, want rank, params + 7 rates", i, s.Find("td.num").Length())
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
	cell := rows.First().Find("td[data-s]").Eq(1).Find(".s small").Text()
	if want := fmt.Sprintf("%.1f–%.1f", 100*r.CI95[0], 100*r.CI95[1]); cell != want {
		t.Errorf("interval %q, want %q", cell, want)
	}
}

func TestConstraintTableLayout(t *testing.T) {
	in := fixture.TinyInput()
	doc := fixture.Parse(t, "constraints.html", fixture.FileMap(renderSite(t, in))["constraints.html"])
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

func TestModelPageOtherBenchmarks(t *testing.T) {
	in := fixture.TinyInput()
	files := fixture.FileMap(renderSite(t, in))
	im := in.Instr[0].Models[1]
	doc := fixture.Parse(t, "models/model-02.html", files["models/"+im.ID+".html"])
	var got [][]string
	doc.Find("table.other tbody tr").Each(func(_ int, s *goquery.Selection) {
		row := []string{s.Find("th").Text()}
		s.Find("td").Each(func(i int, c *goquery.Selection) {
			if i == 0 {
				row = append(row, c.Text())
				return
			}
			row = append(row, c.Contents().First().Text())
		})
		got = append(got, row)
	})
	var ms *sciifdata.ModelScores
	for i := range in.Board.Models {
		if in.Board.Models[i].ID == im.ID {
			ms = &in.Board.Models[i]
		}
	}
	want := [][]string{
		{"SciIF", "Correct", render.Pct(ms.Strict.Correct.Rate), render.Pct(ms.Loose.Correct.Rate)},
		{"SciIF", "Compliant", render.Pct(ms.Strict.Compliant.Rate), render.Pct(ms.Loose.Compliant.Rate)},
		{"IFEval", "Prompt-level", render.Pct(im.Strict.Prompt.Rate), render.Pct(im.Loose.Prompt.Rate)},
		{"IFEval", "Instruction-level", render.Pct(im.Strict.Instruction.Rate), render.Pct(im.Loose.Instruction.Rate)},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Other benchmarks (-want +got):\n%s", diff)
	}
}

func TestDownloads(t *testing.T) {
	in := fixture.HostileInput()
	files := fixture.FileMap(renderSite(t, in))
	var got sciifdata.Board
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
	in := fixture.SynthInput(16, 334, 11)
	// The paper's eighteen published rows.
	for len(in.Reported) < 18 {
		in.Reported = append(in.Reported, fixture.ReportedRows()...)
	}
	files := fixture.FileMap(renderSite(t, in))
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
	in := fixture.TinyInput()
	page := func(files []board.File) *goquery.Document {
		for _, f := range files {
			if f.Path == "analysis.html" {
				return fixture.Parse(t, f.Path, f.Data)
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
	jo.Models = append([]sciifdata.ModelScores(nil), in.Board.Models...)
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
