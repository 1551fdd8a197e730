package sciif

// The head-to-head page (compare.html): two models picked by the reader,
// their headline figures side by side, the paired test's verdict and the
// items where they differ. The page embeds per-model figures and a few
// bits per item; assets/compare.js does the pairing in the browser.

import (
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
	return s.exec("compare", "compare.html", render.Page{
		Title:       "Compare two models",
		Description: "Two models side by side: headline figures, the paired test and every problem where they differ.",
		Nav:         "compare", Body: v,
	})
}
