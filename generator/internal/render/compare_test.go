package render

import (
	"encoding/json"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/score"
	"reflect"
	"testing"
)

// The verdict bits round-trip at every width, whatever the item count.
func TestCompareBitsRoundTrip(t *testing.T) {
	for w := 1; w <= 6; w++ {
		for n := range 14 {
			bits := make([]uint8, n)
			for i := range bits {
				bits[i] = uint8((i*5+n)%64) & (1<<w - 1)
			}
			if got := decodeBits(encodeBits(bits, w), n, w); !reflect.DeepEqual(got, bits) {
				t.Errorf("width %d, n=%d: %v, want %v", w, n, got, bits)
			}
		}
	}
}

// The first view is written with JavaScript's number formats, so that
// compare.js rewrites it with the same text (values from Node).
func TestCompareJSNumberFormats(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {0.05, "0.050"}, {0.031, "0.031"}, {0.00012, "0.00012"},
		{1.8e-12, "1.8e-12"}, {0.99951, "1.0"}, {0.125, "0.13"}, {0.0625, "0.063"},
		{0.995, "0.99"}, {0.0995, "0.10"}, {3.5e-7, "3.5e-7"}, {1e-7, "1.0e-7"}, {0.015, "0.015"}, {0.045, "0.045"},
	} {
		if got := toPrecision2(c.x); got != c.want {
			t.Errorf("toPrecision2(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{
		{12.25, "12.3"}, {12.35, "12.3"}, {0.05, "0.1"}, {99.95, "100.0"}, {100, "100.0"}, {0, "0.0"},
		{100.0 / 3, "33.3"}, {200.0 / 3, "66.7"}, {87.5, "87.5"}, {2.5, "2.5"}, {1.005 * 100, "100.5"},
	} {
		if got := jsToFixed(c.x, 1); got != c.want {
			t.Errorf("jsToFixed(%v, 1) = %q, want %q", c.x, got, c.want)
		}
	}
}

// handComparison is a board of three models on six items, one bit each.
func handComparison() *Comparison {
	bits := func(s string) []uint8 {
		out := make([]uint8, len(s))
		for i, c := range s {
			out[i] = uint8(c - '0')
		}
		return out
	}
	c := &Comparison{Board: "b", Title: "B", Noun: "task", Nouns: "tasks", Policies: []string{""},
		Bits: []CompareBit{{Yes: "perfect", No: "not perfect", What: "Perfect", Policy: -1}}, Rank: []int{0}, More: "more often perfect", What: "perfect tasks"}
	for i := range 6 {
		c.Items = append(c.Items, CompareItem{ID: Itoa(i), Href: "b/" + Itoa(i) + ".html", Answer: "b/" + Itoa(i) + ".html#m-{m}"})
	}
	c.Metrics = []CompareMetric{{Label: "Perfect"}}
	for _, m := range []struct{ id, bits string }{{"x", "111111"}, {"y", "111110"}, {"z", "000000"}} {
		b := bits(m.bits)
		n := 0
		for _, v := range b {
			n += int(v)
		}
		c.Models = append(c.Models, CompareModel{ID: m.id, Name: m.id, Slug: m.id, Bits: b, Rates: [][]board.Rate{{score.NewRate(n, 6)}}})
	}
	return c
}

// The view of three models: each pair's test in words, the items where
// any two differ, and the figures; worked out by hand (x–z: 6 vs 0
// discordant, p = 2/64; y–z: 5 vs 0, p = 2/32; x–y: 1 vs 0, p = 1).
func TestCompareViewOfThree(t *testing.T) {
	d, err := handComparison().data()
	if err != nil {
		t.Fatal(err)
	}
	v := d.view([]int{0, 1, 2}, 0)
	want := []string{
		"x vs y: No significant difference in perfect tasks (exact McNemar p = 1.0, 1 vs 0 discordant tasks): the test does not separate them.",
		"x vs z: x is significantly more often perfect (exact McNemar p = 0.031, 6 vs 0 discordant tasks).",
		"y vs z: No significant difference in perfect tasks (exact McNemar p = 0.063, 5 vs 0 discordant tasks): the test does not separate them.",
	}
	if diff := cmp.Diff(want, v.Verdicts); diff != "" {
		t.Errorf("verdicts (-want +got):\n%s", diff)
	}
	if v.Count != "6 of 6 tasks differ in perfect." || len(v.Differ) != 6 {
		t.Errorf("count %q, %d rows", v.Count, len(v.Differ))
	}
	if got := v.Differ[5].Cells; got[0] != (Link{Href: "b/5.html#m-x", Text: "perfect"}) || got[1].Text != "not perfect" {
		t.Errorf("last row %v", got)
	}
	if got := v.Rows[0].Cells; !reflect.DeepEqual(got, []string{"100.0%", "83.3%", "0.0%"}) {
		t.Errorf("figures %v", got)
	}
	if got := d.view([]int{0, 1}, 0); len(got.Differ) != 1 || got.Verdicts[0] != "No significant difference in perfect tasks (exact McNemar p = 1.0, 1 vs 0 discordant tasks): the test does not separate them." {
		t.Errorf("two models: %d rows, %q", len(got.Differ), got.Verdicts)
	}
}

// Rank ranges come from the same bits the page pairs: x beats z, so z
// ranks 2 at best and x 2 at worst; y is separated from no one.
func TestCompareRankRanges(t *testing.T) {
	c := handComparison()
	if diff := cmp.Diff([][2]int{{1, 2}, {1, 3}, {2, 3}}, c.RankRanges(0)); diff != "" {
		t.Errorf("ranges (-want +got):\n%s", diff)
	}
	var labels []string
	for i, r := range []int{1, 1, 2} {
		labels = append(labels, c.RankLabel(i, 0, r, i < 2))
	}
	if diff := cmp.Diff([]string{"=1 (1–2)", "=1 (1–3)", "2 (2–3)"}, labels); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
}

// What a page embeds reads back as the comparison it was made from.
func TestDecodeCompareRoundTrip(t *testing.T) {
	c := handComparison()
	d, err := c.data()
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeCompare([]byte(`<p><script type="application/json" id="compare-data">` + string(js) + `</script>`))
	if err != nil {
		t.Fatal(err)
	}
	c.Board, c.Title = "", ""
	for _, m := range c.Models { // the page carries counts, not intervals
		for _, rs := range m.Rates {
			for j, r := range rs {
				rs[j] = board.Rate{Pass: r.Pass, Total: r.Total}
			}
		}
	}
	if diff := cmp.Diff(c, got, cmpopts.IgnoreUnexported(Comparison{})); diff != "" {
		t.Errorf("decoded (-want +got):\n%s", diff)
	}
}
