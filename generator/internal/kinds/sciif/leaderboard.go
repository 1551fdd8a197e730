package sciif

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// writeTable writes one aligned table per policy present in b: `sciif
// score`'s text format.
func writeTable(w io.Writer, b *sciifdata.Board, policies []board.Policy) error {
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
				rateCell(ps.Correct), rateCell(ps.Compliant), rateCell(ps.Multi), rateCell(ps.Single),
				rateCell(ps.Families[string(sciifdata.Condition)]), rateCell(ps.Families[string(sciifdata.Terminology)]), rateCell(ps.Families[string(sciifdata.Process)]))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "\nRates in percent with 95% Wilson intervals; models that share a rank do not differ significantly (exact McNemar, p ≥ 0.05).")
	return nil
}

// rateCell formats r as a percentage with its interval, "—" for no data.
func rateCell(r board.Rate) string {
	if r.Total == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f [%.1f–%.1f]", 100*r.Rate, 100*r.CI95[0], 100*r.CI95[1])
}

// LeaderboardRow is one line of the leaderboard CSV: a model under one policy. Rates
// are fractions with their 95% Wilson interval; the same rows are the
// site's leaderboard.csv and `sciif score --format csv`.
type LeaderboardRow struct {
	Policy        report.Text `csv:"policy"`
	Rank          int         `csv:"rank"`
	ID            report.Text `csv:"id"`
	Name          report.Text `csv:"name"`
	Organization  report.Text `csv:"organization"`
	OpenWeights   bool        `csv:"open_weights"`
	Date          report.Text `csv:"date"`
	Complete      bool        `csv:"complete"`
	Answered      int         `csv:"answered"`
	Items         int         `csv:"items"`
	Correct       float64     `csv:"correct"`
	CorrectLo     float64     `csv:"correct_lo"`
	CorrectHi     float64     `csv:"correct_hi"`
	Compliant     float64     `csv:"compliant"`
	CompliantLo   float64     `csv:"compliant_lo"`
	CompliantHi   float64     `csv:"compliant_hi"`
	Multi         float64     `csv:"multi"`
	MultiLo       float64     `csv:"multi_lo"`
	MultiHi       float64     `csv:"multi_hi"`
	Single        float64     `csv:"single"`
	SingleLo      float64     `csv:"single_lo"`
	SingleHi      float64     `csv:"single_hi"`
	Condition     float64     `csv:"condition"`
	ConditionLo   float64     `csv:"condition_lo"`
	ConditionHi   float64     `csv:"condition_hi"`
	Terminology   float64     `csv:"terminology"`
	TerminologyLo float64     `csv:"terminology_lo"`
	TerminologyHi float64     `csv:"terminology_hi"`
	Process       float64     `csv:"process"`
	ProcessLo     float64     `csv:"process_lo"`
	ProcessHi     float64     `csv:"process_hi"`
}

func rate3(r board.Rate) (float64, float64, float64) { return r.Rate, r.CI95[0], r.CI95[1] }

// leaderboardRows flattens b into CSV rows, policy by policy, in board order.
func leaderboardRows(b *sciifdata.Board, policies []board.Policy) []LeaderboardRow {
	var rows []LeaderboardRow
	for _, p := range policies {
		for i := range b.Models {
			m := &b.Models[i]
			ps := m.Policy(p)
			if ps == nil {
				continue
			}
			r := LeaderboardRow{
				Policy: report.Text(p), Rank: ps.Rank, ID: report.Text(m.ID), Name: report.Text(m.Name),
				Organization: report.Text(m.Organization), OpenWeights: m.OpenWeights, Date: report.Text(m.Date),
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
