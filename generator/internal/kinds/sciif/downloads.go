package sciif

import (
	"bytes"
	"fmt"
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

// verdictsCSV writes verdicts.csv, a row per model and item, cell by
// cell (report.Writer): the board's largest file, models × items rows.
func (s *site) verdictsCSV() (board.File, error) {
	name := s.Base(s.name) + "verdicts.csv"
	var buf bytes.Buffer
	w, err := report.NewWriter(&buf, VerdictRow{})
	if err != nil {
		return board.File{}, fmt.Errorf("%s: %w", name, err)
	}
	var fs, fl []string
	for mi := range s.models {
		m := &s.models[mi]
		for i := range s.in.Bench.Items {
			it := &s.in.Bench.Items[i]
			c := m.cells[i]
			answered := c.has(cAnswered)
			w.Text(report.Text(m.Scores.ID))
			w.Text(report.Text(it.ID))
			w.Text(report.Text(it.Subject))
			w.Int(it.K())
			w.Bool(answered)
			w.Bool(c.has(cCorrect))
			if answered {
				w.Text(report.Text(c.correctBy()))
			} else {
				w.Text("") // neither judges nor rules saw it
			}
			w.Bool(c.compliant(board.Strict))
			w.Bool(c.compliant(board.Loose))
			fs, fl = fs[:0], fl[:0]
			for ci, id := range it.Constraints {
				if !answered {
					break // not answered: no constraint was audited
				}
				if !c.pass(ci, board.Strict) {
					fs = append(fs, id)
				}
				if !c.pass(ci, board.Loose) {
					fl = append(fl, id)
				}
			}
			w.Text(report.Text(strings.Join(fs, " ")))
			w.Text(report.Text(strings.Join(fl, " ")))
			w.Bool(c.has(cJudgesDisagree))
			w.Int(int(c.pointsAgainst))
			w.End()
		}
	}
	if err := w.Flush(); err != nil {
		return board.File{}, fmt.Errorf("%s: %w", name, err)
	}
	return board.File{Path: name, Data: buf.Bytes()}, nil
}
