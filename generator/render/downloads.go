package render

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/gocarina/gocsv"

	"github.com/sciif/leaderboard/generator/board"
)

func readText(fsys fs.FS, name string) (string, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", name, err)
	}
	return string(b), nil
}

// scoresJSON writes the board exactly as `sciif score --format json` does.
func (s *site) scoresJSON() (board.File, error) {
	b, err := json.MarshalIndent(s.in.Board, "", "  ")
	if err != nil {
		return board.File{}, fmt.Errorf("scores.json: %w", err)
	}
	return board.File{Path: "scores.json", Data: append(b, '\n')}, nil
}

// leaderboardRow is one model under one policy in leaderboard.csv.
type leaderboardRow struct {
	Policy        string  `csv:"policy"`
	Rank          int     `csv:"rank"`
	ID            string  `csv:"id"`
	Name          string  `csv:"name"`
	Organization  string  `csv:"organization"`
	OpenWeights   bool    `csv:"open_weights"`
	Date          string  `csv:"date"`
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

func (s *site) leaderboardCSV() (board.File, error) {
	var rows []leaderboardRow
	for _, p := range board.Policies {
		for i := range s.models {
			ms := s.models[i].Scores
			ps := ms.Policy(p)
			if ps == nil {
				continue
			}
			r := leaderboardRow{
				Policy: string(p), Rank: ps.Rank, ID: csvSafe(ms.ID), Name: csvSafe(ms.Name),
				Organization: csvSafe(ms.Organization), OpenWeights: ms.OpenWeights, Date: csvSafe(ms.Date),
				Complete: ms.Complete, Answered: ms.Answered, Items: ps.Items,
			}
			r.Correct, r.CorrectLo, r.CorrectHi = rate3(ps.Correct)
			r.Compliant, r.CompliantLo, r.CompliantHi = rate3(ps.Compliant)
			r.Multi, r.MultiLo, r.MultiHi = rate3(ps.Multi)
			r.Single, r.SingleLo, r.SingleHi = rate3(ps.Single)
			r.Condition, r.ConditionLo, r.ConditionHi = rate3(ps.Families[string(board.Condition)])
			r.Terminology, r.TerminologyLo, r.TerminologyHi = rate3(ps.Families[string(board.Terminology)])
			r.Process, r.ProcessLo, r.ProcessHi = rate3(ps.Families[string(board.Process)])
			rows = append(rows, r)
		}
	}
	return marshalCSV("leaderboard.csv", &rows)
}

// verdictRow is one model on one item in verdicts.csv.
type verdictRow struct {
	Model           string `csv:"model"`
	Item            string `csv:"item"`
	Subject         string `csv:"subject"`
	K               int    `csv:"k"`
	Answered        bool   `csv:"answered"`
	Correct         bool   `csv:"correct"`
	CorrectBy       string `csv:"correct_by"`
	CompliantStrict bool   `csv:"compliant_strict"`
	CompliantLoose  bool   `csv:"compliant_loose"`
	FailedStrict    string `csv:"failed_strict"`
	FailedLoose     string `csv:"failed_loose"`
	JudgesDisagree  bool   `csv:"judges_disagree"`
	RuleOverrides   int    `csv:"rule_overrides"`
}

func (s *site) verdictsCSV() (board.File, error) {
	rows := make([]verdictRow, 0, len(s.models)*len(s.in.Bench.Items))
	for mi := range s.models {
		m := &s.models[mi]
		for i := range s.in.Bench.Items {
			it := &s.in.Bench.Items[i]
			v := &m.Run.Verdicts[i]
			r := verdictRow{
				Model: csvSafe(m.Scores.ID), Item: csvSafe(it.ID), Subject: csvSafe(it.Subject), K: it.K(),
				Answered: v.Answered, Correct: v.Correct, CorrectBy: csvSafe(string(v.CorrectBy)),
				CompliantStrict: v.Compliant(board.Strict), CompliantLoose: v.Compliant(board.Loose),
				JudgesDisagree: judgesDisagree(v),
			}
			var fs, fl []string
			for _, c := range v.Constraints {
				if !c.Strict {
					fs = append(fs, c.ID)
				}
				if !c.Loose {
					fl = append(fl, c.ID)
				}
				r.RuleOverrides += c.Overridden
			}
			r.FailedStrict = csvSafe(strings.Join(fs, " "))
			r.FailedLoose = csvSafe(strings.Join(fl, " "))
			rows = append(rows, r)
		}
	}
	return marshalCSV("verdicts.csv", &rows)
}

// marshalCSV writes rows through an explicit writer: gocsv's package-level
// settings are never touched.
func marshalCSV(name string, rows any) (board.File, error) {
	var buf bytes.Buffer
	w := gocsv.NewSafeCSVWriter(csv.NewWriter(&buf))
	if err := gocsv.MarshalCSV(rows, w); err != nil {
		return board.File{}, fmt.Errorf("%s: %w", name, err)
	}
	return board.File{Path: name, Data: buf.Bytes()}, nil
}
