package sciif

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
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

// verdictsCSV writes verdicts.csv, a row per model and item: the
// board's largest file, models × items rows (56 MB at 1,000 models),
// streamed to the site. Each model's rows are its run's (written with its
// answers pages, so kept in the build cache) or else written here.
func (s *site) verdictsCSV() error {
	name := s.Base(s.name) + "verdicts.csv"
	err := s.AddStream(name, func(out io.Writer) error {
		w, err := report.NewWriter(out, VerdictRow{})
		if err == nil {
			err = w.Flush() // the header
		}
		for mi := 0; err == nil && mi < len(s.models); mi++ {
			m := &s.models[mi]
			rows := m.csv
			if rows == nil {
				rows, err = verdictRows(s.in.Bench, m.Scores.ID, m.cells)
			}
			if err == nil {
				_, err = out.Write(rows)
			}
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// verdictRows are model id's rows of verdicts.csv, one per item of
// bench, from its condensed verdicts, written cell by cell
// (report.Writer).
func verdictRows(bench *sciifdata.Benchmark, id string, cells []cell) ([]byte, error) {
	if len(cells) != len(bench.Items) {
		return nil, fmt.Errorf("model %s: %d verdicts for %d items", id, len(cells), len(bench.Items))
	}
	var buf bytes.Buffer
	w, err := report.NewRows(&buf, VerdictRow{})
	if err != nil {
		return nil, err
	}
	var fs, fl []string
	for i := range bench.Items {
		it := &bench.Items[i]
		c := cells[i]
		answered := c.has(cAnswered)
		w.Text(report.Text(id))
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
		for ci, cid := range it.Constraints {
			if !answered {
				break // not answered: no constraint was audited
			}
			if !c.pass(ci, board.Strict) {
				fs = append(fs, cid)
			}
			if !c.pass(ci, board.Loose) {
				fl = append(fl, cid)
			}
		}
		w.Text(report.Text(strings.Join(fs, " ")))
		w.Text(report.Text(strings.Join(fl, " ")))
		w.Bool(c.has(cJudgesDisagree))
		w.Int(int(c.pointsAgainst))
		w.End()
	}
	if err := w.Flush(); err != nil {
		return nil, fmt.Errorf("model %s: %w", id, err)
	}
	return buf.Bytes(), nil
}
