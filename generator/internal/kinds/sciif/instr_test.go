package sciif

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

func TestInstrBoardShowsFourFigures(t *testing.T) {
	in := tinyInput()
	b := in.Instr[0]
	doc := parse(t, "ifeval.html", fileMap(renderSite(t, in))["ifeval.html"])
	rows := doc.Find("#instr-board tbody tr")
	if rows.Length() != len(b.Models) {
		t.Fatalf("%d rows, want %d", rows.Length(), len(b.Models))
	}
	rows.Each(func(i int, s *goquery.Selection) {
		m := b.Models[i]
		var got []string
		s.Find("td[data-sort]").Each(func(_ int, c *goquery.Selection) {
			got = append(got, c.Contents().First().Text())
		})
		want := []string{render.Pct(m.Strict.Prompt.Rate), render.Pct(m.Loose.Prompt.Rate), render.Pct(m.Strict.Instruction.Rate), render.Pct(m.Loose.Instruction.Rate)}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("row %d (%s): prompt S/L, instruction S/L (-want +got):\n%s", i, m.ID, diff)
		}
		// None of the four hides behind the policy switch.
		if n := s.Find("td[data-sort] .s, td[data-sort] .l").Length(); n != 0 {
			t.Errorf("row %d: %d figures follow the policy switch, want all four always shown", i, n)
		}
	})
	if got := doc.Find(`#instr-board tbody tr th a[href="models/model-01.html"]`).Length(); got != 1 {
		t.Errorf("%d links to the SciIF page of model-01, want 1", got)
	}
}

func TestInstrPerInstructionTable(t *testing.T) {
	in := tinyInput()
	b := in.Instr[0]
	doc := parse(t, "ifeval.html", fileMap(renderSite(t, in))["ifeval.html"])
	n := map[string]int{}
	for _, p := range b.Prompts {
		for _, id := range p.Instructions {
			n[id]++
		}
	}
	table := doc.Find("table.instr-ids")
	if got := table.Find("thead th").Length(); got != 2+len(b.Models) {
		t.Errorf("%d header cells, want instruction, n and %d models", got, len(b.Models))
	}
	got := map[string]int{}
	table.Find("tbody tr:not(.group)").Each(func(_ int, s *goquery.Selection) {
		id := s.Find("th code").Text()
		got[id], _ = strconv.Atoi(s.Find("td").First().Text())
		cells := s.Find("td").Slice(1, goquery.ToEnd)
		if cells.Length() != len(b.Models) {
			t.Errorf("%s: %d model cells, want %d", id, cells.Length(), len(b.Models))
			return
		}
		cells.Each(func(i int, c *goquery.Selection) {
			if want := render.Pct(b.Models[i].Strict.ByInstruction[id].Rate); c.Find(".s").Text() != want {
				t.Errorf("%s, %s: Strict %q, want %q", id, b.Models[i].ID, c.Find(".s").Text(), want)
			}
		})
	})
	if diff := cmp.Diff(n, got); diff != "" {
		t.Errorf("instruction ids and n (-want +got):\n%s", diff)
	}
	if got := table.Find("tr.group").Length(); got != 3 {
		t.Errorf("%d group headings, want 3", got)
	}
}

func TestInstrCollapseChart(t *testing.T) {
	in := tinyInput()
	doc := parse(t, "ifeval.html", fileMap(renderSite(t, in))["ifeval.html"])
	if doc.Find(`.chart[data-chart="instrifeval_byn"]`).Length() != 1 {
		t.Fatal("no collapse chart on the IFEval page")
	}
	for _, p := range []string{"strict", "loose"} {
		var opt struct {
			XAxis []struct {
				Data []string `json:"data"`
			} `json:"xAxis"`
			Series []struct {
				Name string `json:"name"`
			} `json:"series"`
		}
		if err := json.Unmarshal([]byte(doc.Find("#chart-instrifeval_byn_"+p).Text()), &opt); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if diff := cmp.Diff([]string{"1 (n=1)", "2 (n=1)"}, opt.XAxis[0].Data); diff != "" {
			t.Errorf("%s: axis (-want +got):\n%s", p, diff)
		}
		// A line and the two series of its band per model.
		if got, want := len(opt.Series), 3*len(in.Instr[0].Models); got != want {
			t.Errorf("%s: %d series, want %d", p, got, want)
		}
	}
}

func TestInstrCasePages(t *testing.T) {
	in := tinyInput()
	b := in.Instr[0]
	files := fileMap(renderSite(t, in))
	idx := parse(t, "ifeval/index.html", files["ifeval/index.html"])
	rows := idx.Find("#prompts tbody tr")
	if rows.Length() != len(b.Prompts) {
		t.Fatalf("case index: %d rows, want %d", rows.Length(), len(b.Prompts))
	}
	// Model 02 (index 1) fails the comma rule under Strict only; model 03
	// (index 2) did not answer prompt 2. A cell matches the outcomes whose
	// option lists one of its classes (site.js).
	var slugs []string
	idx.Find("#prompts thead th[data-m]").Each(func(_ int, th *goquery.Selection) { slugs = append(slugs, th.AttrOr("data-m", "")) })
	if want := []string{"model-01", "model-02", "model-03", "model-04", "ifeval-only"}; !slices.Equal(slugs, want) {
		t.Errorf("columns %q, want %q", slugs, want)
	}
	classesOf := map[string][]string{}
	idx.Find("#pf-outcome option[data-classes]").Each(func(_ int, o *goquery.Selection) {
		classesOf[o.AttrOr("value", "")] = strings.Fields(o.AttrOr("data-classes", ""))
	})
	second := rows.Eq(1)
	for mi, want := range map[int]struct {
		class    string
		outcomes []string
	}{
		0: {"o-pass", []string{"pass"}},
		1: {"o-loose", []string{"fail-strict", "loose-only"}},
		2: {"o-na", []string{"fail-both", "fail-strict", "unanswered"}},
	} {
		cell := second.Find("td.o-cell span.o").Eq(mi)
		if !cell.HasClass(want.class) {
			t.Errorf("prompt 2, %s: class %q, want %q", b.Models[mi].ID, cell.AttrOr("class", ""), want.class)
		}
		var got []string
		for out, classes := range classesOf {
			for _, c := range classes {
				if cell.HasClass(c) {
					got = append(got, out)
					break
				}
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want.outcomes) {
			t.Errorf("prompt 2, %s: matches outcomes %q, want %q", b.Models[mi].ID, got, want.outcomes)
		}
	}
	for _, sel := range []string{"#pf-model", "#pf-instruction", "#pf-outcome"} {
		if idx.Find(sel).Length() != 1 {
			t.Errorf("case index has no %s filter", sel)
		}
	}

	page := parse(t, "ifeval/2.html", files["ifeval/2.html"])
	if got := page.Find("pre.text").First().Text(); got != b.Prompts[1].Prompt {
		t.Errorf("prompt shown as %q", got)
	}
	if got := page.Find("ol.instructions li").Length(); got != 2 {
		t.Errorf("%d instructions listed, want 2", got)
	}
	arts := page.Find("article.answer")
	if arts.Length() != len(b.Models) {
		t.Fatalf("%d responses, want %d", arts.Length(), len(b.Models))
	}
	m2 := page.Find("#m-model-02")
	if got := m2.Find("pre.text").Text(); got != b.Models[1].Results[1].Response {
		t.Errorf("model-02's response shown as %q", got)
	}
	comma := m2.Find("table.checks tbody tr").Eq(1)
	if got := comma.Find("td").Eq(0).Text(); got != "no1 comma" {
		t.Errorf("Strict cell %q, want the verdict and the checker's reason", got)
	}
	if got := comma.Find("td").Eq(1).Find(".chip").Text(); got != "without the first line" {
		t.Errorf("Loose variant %q, want %q", got, "without the first line")
	}
	if got := page.Find("#m-model-03 pre").Length(); got != 0 {
		t.Errorf("an unanswered prompt shows %d responses", got)
	}
}

func TestModelPageOtherBenchmarks(t *testing.T) {
	in := tinyInput()
	files := fileMap(renderSite(t, in))
	im := in.Instr[0].Models[1]
	doc := parse(t, "models/model-02.html", files["models/"+im.ID+".html"])
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
	var ms *board.ModelScores
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

func TestReportedRowsApartAndCitedOnce(t *testing.T) {
	in := tinyInput()
	in.Reported = reportedRows()
	doc := parse(t, "index.html", fileMap(renderSite(t, in))["index.html"])
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
	in := tinyInput()
	in.Reported = reportedRows()[:3]
	doc := parse(t, "index.html", fileMap(renderSite(t, in))["index.html"])
	if got := doc.Find("#reported-table sup").Length(); got != 0 {
		t.Errorf("%d note marks, want none when every row shares the note", got)
	}
	if got := doc.Find("ul.notes li").Length(); got != 1 {
		t.Errorf("%d notes, want 1", got)
	}
}

func TestReportedCurvesAreDashedAndHidden(t *testing.T) {
	in := tinyInput()
	doc := parse(t, "analysis.html", fileMap(renderSite(t, in))["analysis.html"])
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
