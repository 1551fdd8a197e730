package verifiable_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

func TestInstrBoardShowsFourFigures(t *testing.T) {
	in := fixture.TinyInput()
	b := in.Instr[0]
	doc := fixture.Parse(t, "ifeval.html", fixture.FileMap(renderSite(t, in))["ifeval.html"])
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
	in := fixture.TinyInput()
	b := in.Instr[0]
	doc := fixture.Parse(t, "ifeval.html", fixture.FileMap(renderSite(t, in))["ifeval.html"])
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
	in := fixture.TinyInput()
	doc := fixture.Parse(t, "ifeval.html", fixture.FileMap(renderSite(t, in))["ifeval.html"])
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
	in := fixture.TinyInput()
	b := in.Instr[0]
	files := fixture.FileMap(renderSite(t, in))
	idx := fixture.Parse(t, "ifeval/index.html", files["ifeval/index.html"])
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

	page := fixture.Parse(t, "ifeval/2.html", files["ifeval/2.html"])
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
