package sciif

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

func TestReportedRowsApartAndCitedOnce(t *testing.T) {
	in := fixture.TinyInput()
	in.Reported = fixture.ReportedRows()
	doc := fixture.Parse(t, "index.html", fixture.FileMap(renderSite(t, in))["index.html"])
	rows := doc.Find("#reported-table tbody tr")
	if rows.Length() != len(in.Reported) {
		t.Fatalf("%d reported rows, want %d", rows.Length(), len(in.Reported))
	}
	if got := rows.Find(".badge.reported").Length(); got != len(in.Reported) {
		t.Errorf("%d rows marked reported, want every one of %d", got, len(in.Reported))
	}
	if got := doc.Find("#board tbody tr").Length(); got != len(in.Board.Models) {
		t.Errorf("the ranked board has %d rows, want only the %d rescored ones", got, len(in.Board.Models))
	}
	if got := doc.Find("ul.citations li").Length(); got != 1 {
		t.Errorf("%d citations printed, want one", got)
	}
	text := doc.Find("main").Text()
	for _, note := range []string{"open_weights follows the paper's Table 1 grouping.", "Fine-tuned on SciIF data."} {
		if n := strings.Count(text, note); n != 1 {
			t.Errorf("note %q printed %d times, want once", note, n)
		}
	}
	var fams []string
	rows.First().Find("td.num").Slice(2, 5).Each(func(_ int, s *goquery.Selection) { fams = append(fams, s.Text()) })
	if diff := cmp.Diff([]string{"35.0%", "41.5%", "67.7%"}, fams); diff != "" {
		t.Errorf("family averages of the first row (-want +got):\n%s", diff)
	}
	if got := rows.Last().Find("sup a").Text(); got == "" {
		t.Error("the row with a note of its own does not refer to it")
	}
}

func TestReportedNoteSharedByAllIsUnnumbered(t *testing.T) {
	in := fixture.TinyInput()
	in.Reported = fixture.ReportedRows()[:3]
	doc := fixture.Parse(t, "index.html", fixture.FileMap(renderSite(t, in))["index.html"])
	if got := doc.Find("#reported-table sup").Length(); got != 0 {
		t.Errorf("%d note marks, want none when every row shares the note", got)
	}
	if got := doc.Find("ul.notes li").Length(); got != 1 {
		t.Errorf("%d notes, want 1", got)
	}
}

func TestReportedCurvesAreDashedAndHidden(t *testing.T) {
	in := fixture.TinyInput()
	doc := fixture.Parse(t, "analysis.html", fixture.FileMap(renderSite(t, in))["analysis.html"])
	var opt struct {
		Legend struct {
			Selected map[string]bool `json:"selected"`
		} `json:"legend"`
		Series []struct {
			Name      string `json:"name"`
			LineStyle struct {
				Type string `json:"type"`
			} `json:"lineStyle"`
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(doc.Find("#chart-byk_strict").Text()), &opt); err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, s := range opt.Series {
		if !strings.HasSuffix(s.Name, " (reported)") {
			if s.LineStyle.Type == "dashed" {
				t.Errorf("rescored series %q is dashed", s.Name)
			}
			continue
		}
		found[s.Name] = true
		if s.LineStyle.Type != "dashed" {
			t.Errorf("%s: line %q, want dashed", s.Name, s.LineStyle.Type)
		}
		if sel, ok := opt.Legend.Selected[s.Name]; !ok || sel {
			t.Errorf("%s: legend selected = %v (set %v), want hidden by default", s.Name, sel, ok)
		}
	}
	for _, r := range in.Reported {
		if want := r.Model.Name + " (reported)"; len(r.ByK) > 0 && !found[want] {
			t.Errorf("no curve %q", want)
		}
	}
	for _, m := range in.Board.Models {
		if !opt.Legend.Selected[m.Name] {
			t.Errorf("rescored model %q hidden", m.Name)
		}
	}
	if got := doc.Find(".badge.reported").Length(); got != len(found) {
		t.Errorf("%d reported rows in the by-k table, want %d", got, len(found))
	}
	// The Loose chart has no published curves: the paper measured Strict.
	if strings.Contains(doc.Find("#chart-byk_loose").Text(), "(reported)") {
		t.Error("published Strict figures drawn on the Loose chart")
	}
}
