package render

// What the compare page embeds, and the view assets/compare.js draws
// from it, computed here the same way for the page's first view.

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// vecAlphabet encodes verdict bits, six a character.
const vecAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// compareData is what the compare page embeds as inert JSON.
type compareData struct {
	Policies []string     `json:"policies"`
	Noun     [2]string    `json:"noun"`
	Bits     []compareBit `json:"bits"`
	Rank     []int        `json:"rank"`
	More     string       `json:"more"`
	What     string       `json:"what"`
	Group    string       `json:"group"`
	Metrics  []metricData `json:"metrics"`
	Items    [][4]string  `json:"items"`
	Models   []modelData  `json:"models"`
	width    int          // bits per item
	decoded  map[int][]uint8
}

type compareBit struct {
	Yes    string `json:"yes"`
	No     string `json:"no"`
	What   string `json:"what"`
	Policy int    `json:"policy"`
}

// metricData is one metric; Total holds its denominator under each
// policy, which every model shares unless its own Total says otherwise.
type metricData struct {
	Label string `json:"label"`
	Title string `json:"title"`
	Total []int  `json:"total"`
}

// modelData is one model: Pass holds, per metric, its pass count under
// each policy (-1 when not measured); Total, only when some denominator
// differs from the metrics', the model's own in the same layout. Vec
// holds its per-item verdict bits.
type modelData struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Slug  string `json:"slug"`
	Pass  []int  `json:"pass"`
	Total []int  `json:"total,omitempty"`
	Vec   string `json:"vec"`
}

// data gathers every model's figures and verdict bits.
func (c *Comparison) data() (compareData, error) {
	np := len(c.Policies)
	d := compareData{Policies: c.Policies, Noun: [2]string{c.Noun, c.Nouns}, Rank: c.Rank, More: c.More, What: c.What, Group: c.Group, width: len(c.Bits)}
	for _, b := range c.Bits {
		d.Bits = append(d.Bits, compareBit{Yes: b.Yes, No: b.No, What: b.What, Policy: b.Policy})
	}
	for _, m := range c.Metrics {
		d.Metrics = append(d.Metrics, metricData{Label: m.Label, Title: m.Title, Total: make([]int, np)})
	}
	for _, it := range c.Items {
		d.Items = append(d.Items, [4]string{it.ID, it.Group, it.Href, it.Answer})
	}
	// The first measured total of each metric is the shared one.
	shared := make([]bool, np*len(c.Metrics))
	totals := make([][]int, len(c.Models))
	for i, m := range c.Models {
		if len(m.Rates) != len(c.Metrics) || len(m.Bits) != len(c.Items) {
			return d, fmt.Errorf("model %s: %d metrics and %d items, want %d and %d", m.ID, len(m.Rates), len(m.Bits), len(c.Metrics), len(c.Items))
		}
		md := modelData{ID: m.ID, Name: m.Name, Slug: m.Slug, Vec: encodeBits(m.Bits, d.width)}
		totals[i] = make([]int, np*len(c.Metrics))
		for k, rs := range m.Rates {
			if len(rs) != np {
				return d, fmt.Errorf("model %s, %s: %d rates for %d policies", m.ID, c.Metrics[k].Label, len(rs), np)
			}
			for j, r := range rs {
				pass, total := -1, -1
				if r.Total > 0 {
					pass, total = r.Pass, r.Total
				}
				md.Pass = append(md.Pass, pass)
				totals[i][np*k+j] = total
				if total >= 0 && !shared[np*k+j] {
					shared[np*k+j] = true
					d.Metrics[k].Total[j] = total
				}
			}
		}
		d.Models = append(d.Models, md)
	}
	for i := range d.Models {
		for x, total := range totals[i] {
			if total >= 0 && total != d.Metrics[x/np].Total[x%np] {
				d.Models[i].Total = totals[i]
				break
			}
		}
	}
	return d, nil
}

// encodeBits packs per-item verdict bits of width w, 6/w items a
// character.
func encodeBits(bits []uint8, w int) string {
	per := 6 / w
	out := make([]byte, 0, (len(bits)+per-1)/per)
	for i := 0; i < len(bits); i += per {
		var v uint8
		for k := 0; k < per && i+k < len(bits); k++ {
			v |= bits[i+k] << (w * k)
		}
		out = append(out, vecAlphabet[v])
	}
	return string(out)
}

// decodeBits reverses encodeBits for n items.
func decodeBits(s string, n, w int) []uint8 {
	per := 6 / w
	out := make([]uint8, n)
	for i := range n {
		v := uint8(strings.IndexByte(vecAlphabet, s[i/per]))
		out[i] = (v >> (w * (i % per))) & (1<<w - 1)
	}
	return out
}

// rate is model m's pass count and total on metric k under policy j.
func (d *compareData) rate(m, k, j int) (pass, total int) {
	np := len(d.Policies)
	md := &d.Models[m]
	pass, total = md.Pass[np*k+j], d.Metrics[k].Total[j]
	if md.Total != nil {
		total = md.Total[np*k+j]
	}
	return pass, total
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

// compareShown is the comparison of the picked models under one policy,
// as assets/compare.js draws it.
type compareShown struct {
	Heads    []string
	Rows     []compareRow
	Verdicts []string
	Count    string
	Differ   []compareDiffer
}

type compareRow struct {
	Label, Title string
	Cells        []string
}

type compareDiffer struct {
	ID, Href, Group string
	Cells           []Link
}

// bitsOf decodes model m's bits, once.
func (d *compareData) bitsOf(m int) []uint8 {
	if d.decoded == nil {
		d.decoded = map[int][]uint8{}
	}
	if v, ok := d.decoded[m]; ok {
		return v
	}
	v := decodeBits(d.Models[m].Vec, len(d.Items), d.width)
	d.decoded[m] = v
	return v
}

// view compares models sel under policy j, in compare.js's words.
func (d *compareData) view(sel []int, j int) compareShown {
	var v compareShown
	for _, m := range sel {
		v.Heads = append(v.Heads, d.Models[m].Name)
	}
	for k, mt := range d.Metrics {
		row := compareRow{Label: mt.Label, Title: mt.Title}
		for _, m := range sel {
			row.Cells = append(row.Cells, d.jsRate(m, k, j))
		}
		v.Rows = append(v.Rows, row)
	}
	var shown []int // the bits that hold under policy j
	for b, bit := range d.Bits {
		if bit.Policy < 0 || bit.Policy == j {
			shown = append(shown, b)
		}
	}
	pol := ""
	if d.Policies[j] != "" {
		pol = d.Policies[j] + "; "
	}
	if len(sel) < 2 {
		v.Verdicts = append(v.Verdicts, "Pick two models or more to compare.")
	}
	for x := range sel {
		for y := x + 1; y < len(sel); y++ {
			v.Verdicts = append(v.Verdicts, d.verdict(sel, x, y, j, shown, pol))
		}
	}
	var whats []string
	for _, b := range shown {
		whats = append(whats, strings.ToLower(d.Bits[b].What))
	}
	for i := range d.Items {
		if len(sel) == 0 {
			break
		}
		differ := false
		for _, b := range shown {
			for _, m := range sel[1:] {
				differ = differ || (d.bitsOf(m)[i]>>b)&1 != (d.bitsOf(sel[0])[i]>>b)&1
			}
		}
		if !differ {
			continue
		}
		it := d.Items[i]
		row := compareDiffer{ID: it[0], Group: it[1], Href: it[2]}
		for _, m := range sel {
			var words []string
			for _, b := range shown {
				if (d.bitsOf(m)[i]>>b)&1 != 0 {
					words = append(words, d.Bits[b].Yes)
				} else {
					words = append(words, d.Bits[b].No)
				}
			}
			row.Cells = append(row.Cells, Link{Href: strings.ReplaceAll(it[3], "{m}", d.Models[m].Slug), Text: strings.Join(words, ", ")})
		}
		v.Differ = append(v.Differ, row)
	}
	v.Count = fmt.Sprintf("%d of %d %s differ in %s.", len(v.Differ), len(d.Items), d.Noun[1], strings.Join(whats, " or "))
	return v
}

// verdict is the paired test of the x-th and y-th picked models.
func (d *compareData) verdict(sel []int, x, y, j int, shown []int, pol string) string {
	a, b := sel[x], sel[y]
	ma, mb := &d.Models[a], &d.Models[b]
	va, vb := d.bitsOf(a), d.bitsOf(b)
	count := func(bit int) (n10, n01 int) {
		for i := range va {
			ca, cb := (va[i]>>bit)&1, (vb[i]>>bit)&1
			if ca > cb {
				n10++
			} else if ca < cb {
				n01++
			}
		}
		return n10, n01
	}
	prefix := ""
	if len(sel) > 2 {
		prefix = ma.Name + " vs " + mb.Name + ": "
	}
	if a == b {
		return prefix + "the same model twice."
	}
	n10, n01 := count(d.Rank[j])
	p := jsMcNemar(n10, n01)
	var s string
	if p < 0.05 {
		better := ma.Name
		if n10 <= n01 {
			better = mb.Name
		}
		s = fmt.Sprintf("%s%s is significantly %s (%sexact McNemar p = %s, %d vs %d discordant %s).", prefix, better, d.More, pol, toPrecision2(p), n10, n01, d.Noun[1])
	} else {
		s = fmt.Sprintf("%sNo significant difference in %s (%sexact McNemar p = %s, %d vs %d discordant %s): the test does not separate them.", prefix, d.What, pol, toPrecision2(p), n10, n01, d.Noun[1])
	}
	for _, bit := range shown {
		if bit == d.Rank[j] {
			continue
		}
		c10, c01 := count(bit)
		s += fmt.Sprintf(" %s: p = %s (%d vs %d).", d.Bits[bit].What, toPrecision2(jsMcNemar(c10, c01)), c10, c01)
	}
	return s
}

// jsToFixed is JavaScript's Number.prototype.toFixed for x ≥ 0: the exact
// value of x rounded to digits decimals, ties away from zero.
func jsToFixed(x float64, digits int) string {
	r := new(big.Rat).SetFloat64(x)
	r.Mul(r, pow10(digits))
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
