package sciif

import (
	"strings"

	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// scoresJSON writes the board exactly as `sciif score --format json` does.
func (s *site) scoresJSON() (board.File, error) {
	return render.MarshalJSON(s.Base(s.name)+"scores.json", s.in.Board)
}

func (s *site) leaderboardCSV() (board.File, error) {
	return render.MarshalCSV(s.Base(s.name)+"leaderboard.csv", leaderboardRows(s.in.Board, board.Policies))
}

// VerdictRow is one model on one item in verdicts.csv.
type VerdictRow struct {
	Model           report.Text `csv:"model"`
	Item            report.Text `csv:"item"`
	Subject         report.Text `csv:"subject"`
	K               int         `csv:"k"`
	Answered        bool        `csv:"answered"`
	Correct         bool        `csv:"correct"`
	CorrectBy       report.Text `csv:"correct_by"`
	CompliantStrict bool        `csv:"compliant_strict"`
	CompliantLoose  bool        `csv:"compliant_loose"`
	FailedStrict    report.Text `csv:"failed_strict"`
	FailedLoose     report.Text `csv:"failed_loose"`
	JudgesDisagree  bool        `csv:"judges_disagree"`
	RuleOverrides   int         `csv:"rule_overrides"`
}

func (s *site) verdictsCSV() (board.File, error) {
	rows := make([]VerdictRow, 0, len(s.models)*len(s.in.Bench.Items))
	for mi := range s.models {
		m := &s.models[mi]
		for i := range s.in.Bench.Items {
			it := &s.in.Bench.Items[i]
			c := m.cells[i]
			r := VerdictRow{
				Model: report.Text(m.Scores.ID), Item: report.Text(it.ID), Subject: report.Text(it.Subject), K: it.K(),
				Answered: c.has(cAnswered), Correct: c.has(cCorrect), CorrectBy: report.Text(c.correctBy()),
				CompliantStrict: c.compliant(board.Strict), CompliantLoose: c.compliant(board.Loose),
				JudgesDisagree: c.has(cJudgesDisagree), RuleOverrides: int(c.pointsAgainst),
			}
			if !c.has(cAnswered) {
				r.CorrectBy = "" // neither judges nor rules saw it
			}
			var fs, fl []string
			for ci, id := range it.Constraints {
				if !c.has(cAnswered) {
					break // not answered: no constraint was audited
				}
				if !c.pass(ci, board.Strict) {
					fs = append(fs, id)
				}
				if !c.pass(ci, board.Loose) {
					fl = append(fl, id)
				}
			}
			r.FailedStrict = report.Text(strings.Join(fs, " "))
			r.FailedLoose = report.Text(strings.Join(fl, " "))
			rows = append(rows, r)
		}
	}
	return render.MarshalCSV(s.Base(s.name)+"verdicts.csv", &rows)
}
