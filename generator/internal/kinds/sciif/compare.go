package sciif

// The head-to-head page (compare.html): two models picked by the reader,
// their headline figures side by side, the paired test's verdict and the
// items where they differ. The page embeds per-model figures and a few
// bits per item; assets/compare.js does the pairing in the browser.

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// Bits of an item's verdict in compareData's vectors.
const (
	vCorrect = 1 << iota
	vCompliantS
	vCompliantL
)

// vecAlphabet encodes two items' three bits per character.
const vecAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// compareMetric is one row of the page's figures; Total holds its
// Strict and Loose denominators, which every model shares unless its
// own Total says otherwise.
type compareMetric struct {
	Label string `json:"label"`
	Title string `json:"title"`
	Total [2]int `json:"total"`
}

// compareModel is one model's figures: Pass holds, per metric, the Strict
// then the Loose pass count (-1 when not measured); Total, only when some
// denominator differs from the metrics', the model's own in the same
// layout. Vec holds its per-item verdict bits.
type compareModel struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	Pass  []int  `json:"pass"`
	Total []int  `json:"total,omitempty"`
	Vec   string `json:"vec"`
}

// rate is model m's pass count and total on metric k under policy j
// (0 Strict, 1 Loose), as assets/compare.js reads them.
func (d *compareData) rate(m, k, j int) (pass, total int) {
	cm := &d.Models[m]
	pass, total = cm.Pass[2*k+j], d.Metrics[k].Total[j]
	if cm.Total != nil {
		total = cm.Total[2*k+j]
	}
	return pass, total
}

// compareData is what compare.html embeds.
type compareData struct {
	Metrics []compareMetric `json:"metrics"`
	// Items holds each item's id, its answers anchor, its subject and the
	// index in Files of the answers page that holds it.
	Items  [][]any        `json:"items"`
	Files  []string       `json:"files"`
	Models []compareModel `json:"models"`
}

type compareView struct {
	Data   compareData
	Models []render.Link
	Items  int
	// First is the pair the page opens with, written out as
	// assets/compare.js writes it, so that nothing moves when the script
	// runs and a reader without JavaScript sees one comparison.
	First comparePair
}

// comparePair is the comparison of models A and B (indexes into Data's
// models) under Strict, as assets/compare.js renders it.
type comparePair struct {
	A, B         int
	NameA, NameB string
	Rows         []compareRow
	Verdict      string
	Count        string
	Differ       []compareDiffer
}

type compareRow struct{ Label, Title, A, B string }

type compareDiffer struct{ ID, Href, Subject, A, HrefA, B, HrefB string }

// pair compares models a and b under Strict, in compare.js's words.
func (d *compareData) pair(a, b int) comparePair {
	ma, mb := &d.Models[a], &d.Models[b]
	p := comparePair{A: a, B: b, NameA: ma.Name, NameB: mb.Name}
	for k, mt := range d.Metrics {
		p.Rows = append(p.Rows, compareRow{Label: mt.Label, Title: mt.Title, A: d.jsRate(a, k, 0), B: d.jsRate(b, k, 0)})
	}
	va, vb := decodeVec(ma.Vec, len(d.Items)), decodeVec(mb.Vec, len(d.Items))
	const bit = vCompliantS
	n10, n01, c10, c01 := 0, 0, 0, 0
	for i := range va {
		ca, cb := va[i]&bit != 0, vb[i]&bit != 0
		ka, kb := va[i]&vCorrect != 0, vb[i]&vCorrect != 0
		if ca && !cb {
			n10++
		}
		if !ca && cb {
			n01++
		}
		if ka && !kb {
			c10++
		}
		if !ka && kb {
			c01++
		}
		if ca != cb || ka != kb {
			it := d.Items[i]
			slug, file := it[1].(string), d.Files[it[3].(int)]
			p.Differ = append(p.Differ, compareDiffer{
				ID: it[0].(string), Href: "problems/" + slug + ".html", Subject: it[2].(string),
				A: describeBits(va[i], bit), HrefA: "models/" + ma.Slug + "/" + file + "#" + slug,
				B: describeBits(vb[i], bit), HrefB: "models/" + mb.Slug + "/" + file + "#" + slug,
			})
		}
	}
	pv, pc := jsMcNemar(n10, n01), jsMcNemar(c10, c01)
	switch {
	case a == b:
		p.Verdict = "The same model twice."
	case pv < 0.05:
		better := ma.Name
		if n10 <= n01 {
			better = mb.Name
		}
		p.Verdict = fmt.Sprintf("%s is significantly more compliant (Strict; exact McNemar p = %s, %d vs %d discordant problems).", better, toPrecision2(pv), n10, n01)
	default:
		p.Verdict = fmt.Sprintf("No significant difference in compliance (Strict; exact McNemar p = %s, %d vs %d discordant problems): they share a rank.", toPrecision2(pv), n10, n01)
	}
	if a != b {
		p.Verdict += fmt.Sprintf(" Correctness: p = %s (%d vs %d).", toPrecision2(pc), c10, c01)
	}
	p.Count = fmt.Sprintf("%d of %d problems differ in correctness or compliance.", len(p.Differ), len(va))
	return p
}

func describeBits(b, bit uint8) string {
	s := "incorrect"
	if b&vCorrect != 0 {
		s = "correct"
	}
	if b&bit != 0 {
		return s + ", compliant"
	}
	return s + ", non-compliant"
}

// jsRate is rate's figure as compare.js prints it: a percentage to one
// decimal, or a dash.
func (d *compareData) jsRate(m, k, j int) string {
	pass, total := d.rate(m, k, j)
	if pass < 0 || total <= 0 {
		return "—"
	}
	return jsToFixed(100*float64(pass)/float64(total), 1) + "%"
}

// jsToFixed is JavaScript's Number.prototype.toFixed for x ≥ 0: the exact
// value of x rounded to digits decimals, ties away from zero.
func jsToFixed(x float64, digits int) string {
	r := new(big.Rat).SetFloat64(x)
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil))
	r.Mul(r, scale)
	r.Add(r, big.NewRat(1, 2))
	n := new(big.Int).Quo(r.Num(), r.Denom()).String()
	if digits == 0 {
		return n
	}
	if len(n) <= digits {
		n = strings.Repeat("0", digits-len(n)+1) + n
	}
	return n[:len(n)-digits] + "." + n[len(n)-digits:]
}

// toPrecision2 is JavaScript's x.toPrecision(2) for 0 ≤ x ≤ 1.
func toPrecision2(x float64) string {
	if x == 0 {
		return "0.0"
	}
	// n·10^(e−1) is x to two significant digits, ties up, from x's exact
	// value.
	r := new(big.Rat).SetFloat64(x)
	e := int(math.Floor(math.Log10(x)))
	var n int64
	for {
		q := new(big.Rat).Mul(r, pow10(1-e))
		q.Add(q, big.NewRat(1, 2))
		n = new(big.Int).Quo(q.Num(), q.Denom()).Int64()
		switch {
		case n >= 100:
			e++
			continue
		case n < 10:
			e--
			continue
		}
		break
	}
	ds := fmt.Sprint(n)
	switch {
	case e < -6:
		return fmt.Sprintf("%c.%ce%d", ds[0], ds[1], e)
	case e >= 0:
		return fmt.Sprintf("%c.%c", ds[0], ds[1])
	default:
		return "0." + strings.Repeat("0", -e-1) + ds
	}
}

func pow10(k int) *big.Rat {
	if k >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-k)), nil))
}

// jsMcNemar is compare.js's two-sided exact McNemar p-value, computed the
// same way.
func jsMcNemar(n10, n01 int) float64 {
	n := n10 + n01
	if n == 0 {
		return 1
	}
	k, cdf := min(n10, n01), 0.0
	for i := 0; i <= k; i++ {
		s := 0.0
		for j := 1; j <= i; j++ {
			s += math.Log(float64(n-i+j)) - math.Log(float64(j))
		}
		cdf += math.Exp(s - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*cdf)
}

// encodeVec packs per-item verdict bits, two items a character.
func encodeVec(bits []uint8) string {
	out := make([]byte, 0, (len(bits)+1)/2)
	for i := 0; i < len(bits); i += 2 {
		v := bits[i]
		if i+1 < len(bits) {
			v |= bits[i+1] << 3
		}
		out = append(out, vecAlphabet[v])
	}
	return string(out)
}

// decodeVec reverses encodeVec for n items.
func decodeVec(s string, n int) []uint8 {
	out := make([]uint8, n)
	for i := 0; i < n; i++ {
		c := s[i/2]
		v := uint8(0)
		for k := 0; k < len(vecAlphabet); k++ {
			if vecAlphabet[k] == c {
				v = uint8(k)
			}
		}
		out[i] = (v >> (3 * (i % 2))) & 7
	}
	return out
}

func cellBits(c cell) uint8 {
	var b uint8
	if c.has(cCorrect) {
		b |= vCorrect
	}
	if c.compliant(board.Strict) {
		b |= vCompliantS
	}
	if c.compliant(board.Loose) {
		b |= vCompliantL
	}
	return b
}

// compareData gathers every model's figures and verdict bits.
func (s *site) compareData() compareData {
	cols, gets := s.headline()
	var d compareData
	for _, c := range cols {
		d.Metrics = append(d.Metrics, compareMetric{Label: c.Label, Title: c.Title})
	}
	for _, c := range s.cons {
		d.Metrics = append(d.Metrics, compareMetric{Label: c.Name, Title: c.ID + ": compliance on the items that enable it"})
		gets = append(gets, fromMap(constraints, c.ID))
	}
	fileIdx := map[string]int{}
	for i := range s.in.Bench.Items {
		f := s.answersFile[i]
		k, ok := fileIdx[f]
		if !ok {
			k = len(d.Files)
			fileIdx[f] = k
			d.Files = append(d.Files, f)
		}
		it := &s.in.Bench.Items[i]
		d.Items = append(d.Items, []any{it.ID, s.itemSlugs[i], it.Subject, k})
	}
	// Each model's pass counts and totals; the first measured total of
	// each metric is the shared one.
	totals := make([][]int, len(s.all))
	shared := make([]bool, 2*len(gets))
	for i := range s.all {
		m := &s.all[i]
		cm := compareModel{ID: m.Scores.ID, Name: m.Scores.Name, Slug: m.Slug}
		totals[i] = make([]int, 2*len(gets))
		for k, g := range gets {
			for j, p := range board.Policies {
				pass, total := -1, -1
				if ps := m.Scores.Policy(p); ps != nil {
					if r, ok := g(ps); ok {
						pass, total = r.Pass, r.Total
					}
				}
				cm.Pass = append(cm.Pass, pass)
				totals[i][2*k+j] = total
				if total >= 0 && !shared[2*k+j] {
					shared[2*k+j] = true
					d.Metrics[k].Total[j] = total
				}
			}
		}
		bits := make([]uint8, len(m.cells))
		for k, c := range m.cells {
			bits[k] = cellBits(c)
		}
		cm.Vec = encodeVec(bits)
		d.Models = append(d.Models, cm)
	}
	for i := range d.Models {
		for x, total := range totals[i] {
			if total >= 0 && total != d.Metrics[x/2].Total[x%2] {
				d.Models[i].Total = totals[i]
				break
			}
		}
	}
	return d
}

func (s *site) comparePage() (board.File, error) {
	v := compareView{Data: s.compareData(), Items: len(s.in.Bench.Items)}
	for i := range s.all {
		v.Models = append(v.Models, render.Link{Href: s.all[i].Scores.ID, Text: s.all[i].Scores.Name})
	}
	if len(v.Data.Models) > 0 {
		v.First = v.Data.pair(0, min(1, len(v.Data.Models)-1))
	}
	return s.exec("compare", "compare.html", render.Page{
		Title:       "Compare two models",
		Description: "Two models side by side: headline figures, the paired test and every problem where they differ.",
		Nav:         "compare", Body: v,
	})
}
