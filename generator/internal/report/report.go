// Package report formats a scored board for terminals, spreadsheets and
// programs: an aligned text table, CSV and JSON. It writes only to the
// io.Writer it is given and computes nothing.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// JSON writes a board's scores v as indented JSON with a final newline:
// the stable `sciif score --format json` download format of every kind.
func JSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// Table writes one aligned table per policy present in b.
func Table(w io.Writer, b *sciifdata.Board, policies []board.Policy) error {
	for n, p := range policies {
		if n > 0 {
			fmt.Fprintln(w)
		}
		items := 0
		if len(b.Models) > 0 && b.Models[0].Policy(p) != nil {
			items = b.Models[0].Policy(p).Items
		}
		how := "rules first, judges as fallback"
		if !b.Rules {
			how = "judges only"
		}
		fmt.Fprintf(w, "%s — %s (%d items, %s)\n", b.Benchmark, strings.ToUpper(string(p)), items, how)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "rank\tmodel\tcorrect\tcompliant\tmulti (k≥2)\tsingle (k=1)\tcondition\tterminology\tprocess\t")
		for i := range b.Models {
			m := &b.Models[i]
			ps := m.Policy(p)
			if ps == nil {
				continue
			}
			name := m.ID
			if !m.Complete {
				name += fmt.Sprintf(" (incomplete: %d/%d)", m.Answered, ps.Items)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", ps.Rank, name,
				cell(ps.Correct), cell(ps.Compliant), cell(ps.Multi), cell(ps.Single),
				cell(ps.Families[string(sciifdata.Condition)]), cell(ps.Families[string(sciifdata.Terminology)]), cell(ps.Families[string(sciifdata.Process)]))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "\nRates in percent with 95% Wilson intervals; models that share a rank do not differ significantly (exact McNemar, p ≥ 0.05).")
	return nil
}

func cell(r board.Rate) string {
	if r.Total == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f [%.1f–%.1f]", 100*r.Rate, 100*r.CI95[0], 100*r.CI95[1])
}

// Row is one line of the leaderboard CSV: a model under one policy. Rates
// are fractions with their 95% Wilson interval; the same rows are the
// site's leaderboard.csv and `sciif score --format csv`.
type Row struct {
	Policy        Text    `csv:"policy"`
	Rank          int     `csv:"rank"`
	ID            Text    `csv:"id"`
	Name          Text    `csv:"name"`
	Organization  Text    `csv:"organization"`
	OpenWeights   bool    `csv:"open_weights"`
	Date          Text    `csv:"date"`
	Complete      bool    `csv:"complete"`
	Answered      int     `csv:"answered"`
	Items         int     `csv:"items"`
	Correct       float64 `csv:"correct"`
	CorrectLo     float64 `csv:"correct_lo"`
	CorrectHi     float64 `csv:"correct_hi"`
	Compliant     float64 `csv:"compliant"`
	CompliantLo   float64 `csv:"compliant_lo"`
	CompliantHi   float64 `csv:"compliant_hi"`
	Multi         float64 `csv:"multi"`
	MultiLo       float64 `csv:"multi_lo"`
	MultiHi       float64 `csv:"multi_hi"`
	Single        float64 `csv:"single"`
	SingleLo      float64 `csv:"single_lo"`
	SingleHi      float64 `csv:"single_hi"`
	Condition     float64 `csv:"condition"`
	ConditionLo   float64 `csv:"condition_lo"`
	ConditionHi   float64 `csv:"condition_hi"`
	Terminology   float64 `csv:"terminology"`
	TerminologyLo float64 `csv:"terminology_lo"`
	TerminologyHi float64 `csv:"terminology_hi"`
	Process       float64 `csv:"process"`
	ProcessLo     float64 `csv:"process_lo"`
	ProcessHi     float64 `csv:"process_hi"`
}

func rate3(r board.Rate) (float64, float64, float64) { return r.Rate, r.CI95[0], r.CI95[1] }

// Rows flattens b into CSV rows, policy by policy, in board order.
func Rows(b *sciifdata.Board, policies []board.Policy) []Row {
	var rows []Row
	for _, p := range policies {
		for i := range b.Models {
			m := &b.Models[i]
			ps := m.Policy(p)
			if ps == nil {
				continue
			}
			r := Row{
				Policy: Text(p), Rank: ps.Rank, ID: Text(m.ID), Name: Text(m.Name),
				Organization: Text(m.Organization), OpenWeights: m.OpenWeights, Date: Text(m.Date),
				Complete: m.Complete, Answered: m.Answered, Items: ps.Items,
			}
			r.Correct, r.CorrectLo, r.CorrectHi = rate3(ps.Correct)
			r.Compliant, r.CompliantLo, r.CompliantHi = rate3(ps.Compliant)
			r.Multi, r.MultiLo, r.MultiHi = rate3(ps.Multi)
			r.Single, r.SingleLo, r.SingleHi = rate3(ps.Single)
			r.Condition, r.ConditionLo, r.ConditionHi = rate3(ps.Families[string(sciifdata.Condition)])
			r.Terminology, r.TerminologyLo, r.TerminologyHi = rate3(ps.Families[string(sciifdata.Terminology)])
			r.Process, r.ProcessLo, r.ProcessHi = rate3(ps.Families[string(sciifdata.Process)])
			rows = append(rows, r)
		}
	}
	return rows
}
