package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// DecodeCompare reads back the comparison a compare page embeds (its
// figures, items and every model's verdict bits), as assets/compare.js
// reads them: tests hold each kind's page to its scorer with it. Rates
// carry Pass and Total only; a figure not measured has a zero Total.
func DecodeCompare(page []byte) (*Comparison, error) {
	const open, end = `<script type="application/json" id="compare-data">`, `</script>`
	_, rest, ok := bytes.Cut(page, []byte(open))
	if !ok {
		return nil, errors.New("no compare data in the page")
	}
	js, _, ok := bytes.Cut(rest, []byte(end))
	if !ok {
		return nil, errors.New("compare data not closed")
	}
	var d compareData
	if err := json.Unmarshal(js, &d); err != nil {
		return nil, fmt.Errorf("compare data: %w", err)
	}
	if len(d.Bits) == 0 || len(d.Bits) > 6 {
		return nil, fmt.Errorf("compare data: %d bits", len(d.Bits))
	}
	d.width = len(d.Bits)
	c := &Comparison{Noun: d.Noun[0], Nouns: d.Noun[1], Policies: d.Policies, Rank: d.Rank, More: d.More, What: d.What, Group: d.Group}
	for _, b := range d.Bits {
		c.Bits = append(c.Bits, CompareBit{Yes: b.Yes, No: b.No, What: b.What, Policy: b.Policy})
	}
	for _, m := range d.Metrics {
		c.Metrics = append(c.Metrics, CompareMetric{Label: m.Label, Title: m.Title})
	}
	for _, it := range d.Items {
		c.Items = append(c.Items, CompareItem{ID: it[0], Group: it[1], Href: it[2], Answer: it[3]})
	}
	np := len(d.Policies)
	for i, m := range d.Models {
		if len(m.Pass) != np*len(d.Metrics) || len(m.Vec) != (len(d.Items)+6/d.width-1)/(6/d.width) {
			return nil, fmt.Errorf("compare data: model %s: %d pass counts, %d characters of bits", m.ID, len(m.Pass), len(m.Vec))
		}
		cm := CompareModel{ID: m.ID, Name: m.Name, Slug: m.Slug, Bits: decodeBits(m.Vec, len(d.Items), d.width)}
		for k := range d.Metrics {
			rs := make([]board.Rate, np)
			for j := range np {
				if pass, total := d.rate(i, k, j); pass >= 0 && total > 0 {
					rs[j] = board.Rate{Pass: pass, Total: total}
				}
			}
			cm.Rates = append(cm.Rates, rs)
		}
		c.Models = append(c.Models, cm)
	}
	return c, nil
}
