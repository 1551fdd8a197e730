package verifier

import (
	"fmt"
	"io"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
)

func (b *benchmark) Spec() *kind.Spec { return &b.spec }
func (b *benchmark) Size() int        { return len(b.items) }

// Rank scores the board: ranks from the paired test (exact McNemar) on the
// default style's per-item correctness under the board's policy (the
// first of opt.Policies, Strict by default), as every board ranks. The
// built-in rule verifier is ranked with the submissions on the same items,
// an undecided item counting as wrong: it is never ranked above a
// verifier it does not beat. Board order is rank, then accuracy, then id.
func (b *benchmark) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	out := &Board{bench: b, policy: board.Strict, builtin: b.builtinScores()}
	if len(opt.Policies) > 0 && opt.Policies[0] == board.Loose {
		out.policy = board.Loose
	}
	for _, kr := range runs {
		out.runs = append(out.runs, kr.(*run))
	}
	p := 0
	if out.policy == board.Loose {
		p = 1
	}
	n := len(out.runs)
	pass := make([]int, n+1)
	vecs := make([][]bool, n+1)
	for i := range n + 1 {
		vecs[i] = make([]bool, len(b.items))
		for t := range b.items {
			var v Verdict
			if i < n {
				v = out.runs[i].answers[0][t].verdicts[p]
			} else {
				v = b.builtin[t].Verdict
			}
			if correct(&b.items[t], v) {
				vecs[i][t] = true
				pass[i]++
			}
		}
	}
	ranks := score.Ranks(pass, vecs)
	for i, r := range out.runs {
		r.scores.Rank = ranks[i]
	}
	out.builtin.Rank = ranks[n]
	sort.SliceStable(out.runs, func(i, j int) bool {
		a, c := &out.runs[i].scores, &out.runs[j].scores
		if a.Rank != c.Rank {
			return a.Rank < c.Rank
		}
		if x, y := a.Policy(out.policy).Correct, c.Policy(out.policy).Correct; x != y {
			return x > y
		}
		return a.ID < c.ID
	})
	return out, nil
}

// Board is a scored verifier board.
type Board struct {
	bench   *benchmark
	policy  board.Policy
	runs    []*run
	builtin BuiltinScores
}

// Intervals says how the board's intervals are computed.
const Intervals = "95% Wilson score intervals for every rate (accuracy, false accepts, false rejects, no verdict, per subject and class); ranks from the exact McNemar test on per-item correctness, α = 0.05"

// BoardScores is a verifier board's JSON: the benchmark's facts, one
// Scores per verifier in board order, the built-in row and the reported
// figures.
type BoardScores struct {
	Benchmark string      `json:"benchmark"`
	Kind      string      `json:"kind"`
	Title     string      `json:"title"`
	Items     int         `json:"items"`
	Positives int         `json:"positives"`
	Negatives int         `json:"negatives"`
	Subjects  []string    `json:"subjects"`
	Classes   []string    `json:"classes"`
	Styles    []StyleInfo `json:"styles"`
	// Policy is the policy the board ranks by.
	Policy    string        `json:"policy"`
	Intervals string        `json:"intervals"`
	Models    []Scores      `json:"models"`
	Builtin   BuiltinScores `json:"builtin"`
	Reward    *RewardSpec   `json:"reward,omitempty"`
	// Reported holds the published figures of reported.yaml: reported,
	// not rescored, never ranked.
	Reported *Reported `json:"reported,omitempty"`
}

// StyleInfo names a prompt style and the last line Strict accepts.
type StyleInfo struct {
	Name     string `json:"name"`
	LastLine string `json:"last_line"`
}

// Scores is the board as `sciif score --format json` prints it.
func (b *Board) Scores() *BoardScores {
	bn := b.bench
	s := &BoardScores{Benchmark: bn.spec.Name, Kind: Kind.Name, Title: bn.spec.Title, Items: len(bn.items), Subjects: bn.subjects, Classes: bn.classes,
		Policy: string(b.policy), Intervals: Intervals, Models: []Scores{}, Builtin: b.builtin, Reward: bn.reward, Reported: bn.reported}
	for i := range bn.items {
		if bn.items[i].Equivalent() {
			s.Positives++
		} else {
			s.Negatives++
		}
	}
	for _, st := range bn.styles {
		s.Styles = append(s.Styles, StyleInfo{st.Name, st.LastLine()})
	}
	for _, r := range b.runs {
		s.Models = append(s.Models, r.scores)
	}
	return s
}

func (b *Board) Models() []string {
	ids := make([]string, len(b.runs))
	for i, r := range b.runs {
		ids[i] = r.id
	}
	return ids
}

// Headline is a verifier's headline figures, for sciif validate.
type Headline struct {
	Accuracy      float64 `json:"accuracy"`
	LooseAccuracy float64 `json:"loose_accuracy"`
	F1            float64 `json:"f1"`
	FalseAccept   float64 `json:"false_accept"`
	Rank          int     `json:"rank"`
	Of            int     `json:"of"`
}

func (b *Board) Headline(id string) ([]string, any) {
	for _, r := range b.runs {
		if r.id != id {
			continue
		}
		m := r.scores.Policy(b.policy)
		h := Headline{r.scores.Policy(board.Strict).Accuracy.Rate, r.scores.Policy(board.Loose).Accuracy.Rate, m.F1, m.FalseAccept.Rate, r.scores.Rank, len(b.runs) + 1}
		return []string{fmt.Sprintf("accuracy %5.1f%% strict, %5.1f%% loose (%d items)  F1 %.3f  false accepts %5.1f%%  rank %d of %d (with the built-in rules)",
			100*h.Accuracy, 100*h.LooseAccuracy, m.Items, h.F1, 100*h.FalseAccept, h.Rank, h.Of)}, h
	}
	return nil, nil
}

// LeaderboardRow is one line of leaderboard.csv and `sciif score --format
// csv`: one verifier (or the built-in rules, measured) under one policy,
// default style.
type LeaderboardRow struct {
	Benchmark   report.Text `csv:"benchmark"`
	Rank        int         `csv:"rank"`
	ID          report.Text `csv:"id"`
	Name        report.Text `csv:"name"`
	Measured    bool        `csv:"measured"`
	Policy      report.Text `csv:"policy"`
	Items       int         `csv:"items"`
	Answered    int         `csv:"answered"`
	Correct     int         `csv:"correct"`
	Accuracy    float64     `csv:"accuracy"`
	AccuracyLo  float64     `csv:"accuracy_lo"`
	AccuracyHi  float64     `csv:"accuracy_hi"`
	F1          float64     `csv:"f1"`
	Precision   float64     `csv:"precision"`
	Recall      float64     `csv:"recall"`
	FalseAccept float64     `csv:"false_accept"`
	FALo        float64     `csv:"false_accept_lo"`
	FAHi        float64     `csv:"false_accept_hi"`
	FalseReject float64     `csv:"false_reject"`
	NoVerdict   float64     `csv:"no_verdict"`
	Coverage    float64     `csv:"coverage"`
	TP          int         `csv:"tp"`
	FP          int         `csv:"fp"`
	TN          int         `csv:"tn"`
	FN          int         `csv:"fn"`
	NoneTrue    int         `csv:"none_true"`
	NoneFalse   int         `csv:"none_false"`
	Original    float64     `csv:"original_accuracy"`
	Augmented   float64     `csv:"augmented_accuracy"`
	Collapse    float64     `csv:"collapse"`
	MeanTokens  float64     `csv:"mean_output_tokens"`
	TokensGiven int         `csv:"tokens_given"`
}

func (b *Board) leaderRow(rank int, id, name string, measured bool, p board.Policy, m *Metrics, tokens float64, given int) LeaderboardRow {
	return LeaderboardRow{Benchmark: report.Text(b.bench.spec.Name), Rank: rank, ID: report.Text(id), Name: report.Text(name), Measured: measured, Policy: report.Text(p),
		Items: m.Items, Answered: m.Answered, Correct: m.Correct, Accuracy: m.Accuracy.Rate, AccuracyLo: m.Accuracy.CI95[0], AccuracyHi: m.Accuracy.CI95[1],
		F1: m.F1, Precision: m.Precision, Recall: m.Recall, FalseAccept: m.FalseAccept.Rate, FALo: m.FalseAccept.CI95[0], FAHi: m.FalseAccept.CI95[1],
		FalseReject: m.FalseReject.Rate, NoVerdict: m.NoVerdict.Rate, Coverage: 1 - m.NoVerdict.Rate, TP: m.TP, FP: m.FP, TN: m.TN, FN: m.FN, NoneTrue: m.NoneTrue, NoneFalse: m.NoneFalse,
		Original: m.Original.Rate, Augmented: m.Augmented.Rate, Collapse: m.Collapse, MeanTokens: tokens, TokensGiven: given}
}

func (b *Board) rows() []LeaderboardRow {
	out := []LeaderboardRow{}
	for _, r := range b.runs {
		st := &r.scores.Styles[0]
		for _, p := range Policies {
			out = append(out, b.leaderRow(r.scores.Rank, r.id, r.name, false, p, st.of(p), st.MeanTokens, st.Tokens))
		}
	}
	for _, p := range Policies {
		out = append(out, b.leaderRow(b.builtin.Rank, BuiltinID, BuiltinName, true, p, &b.builtin.Metrics, 0, 0))
	}
	return out
}

// GroupRow is one line of groups.csv: a verifier's accuracy and false
// accepts on one subject or equivalence class, under one policy.
type GroupRow struct {
	Benchmark    report.Text `csv:"benchmark"`
	ID           report.Text `csv:"id"`
	Measured     bool        `csv:"measured"`
	Policy       report.Text `csv:"policy"`
	Group        report.Text `csv:"group"`
	Name         report.Text `csv:"name"`
	Items        int         `csv:"items"`
	Correct      int         `csv:"correct"`
	Accuracy     float64     `csv:"accuracy"`
	AccuracyLo   float64     `csv:"accuracy_lo"`
	AccuracyHi   float64     `csv:"accuracy_hi"`
	Negatives    int         `csv:"negatives"`
	FalseAccepts int         `csv:"false_accepts"`
	FalseAccept  float64     `csv:"false_accept"`
}

func (b *Board) groupRows() []GroupRow {
	out := []GroupRow{}
	add := func(id string, measured bool, p board.Policy, m *Metrics) {
		for _, g := range []struct {
			kind string
			gs   []Group
		}{{"subject", m.Subjects}, {"class", m.Classes}} {
			for _, x := range g.gs {
				out = append(out, GroupRow{Benchmark: report.Text(b.bench.spec.Name), ID: report.Text(id), Measured: measured, Policy: report.Text(p), Group: report.Text(g.kind), Name: report.Text(x.Name),
					Items: x.Accuracy.Total, Correct: x.Accuracy.Pass, Accuracy: x.Accuracy.Rate, AccuracyLo: x.Accuracy.CI95[0], AccuracyHi: x.Accuracy.CI95[1],
					Negatives: x.FalseAccept.Total, FalseAccepts: x.FalseAccept.Pass, FalseAccept: x.FalseAccept.Rate})
			}
		}
	}
	for _, r := range b.runs {
		for _, p := range Policies {
			add(r.id, false, p, r.scores.Policy(p))
		}
	}
	for _, p := range Policies {
		add(BuiltinID, true, p, &b.builtin.Metrics)
	}
	return out
}

// StyleRow is one line of styles.csv: a verifier in one prompt style, and
// against the default style on the items both answered.
type StyleRow struct {
	Benchmark     report.Text `csv:"benchmark"`
	ID            report.Text `csv:"id"`
	Style         report.Text `csv:"style"`
	Records       int         `csv:"records"`
	MeanTokens    float64     `csv:"mean_output_tokens"`
	Strict        float64     `csv:"strict_accuracy"`
	Loose         float64     `csv:"loose_accuracy"`
	PairedItems   int         `csv:"paired_items"`
	StrictDefault float64     `csv:"strict_default"`
	StrictStyle   float64     `csv:"strict_style"`
	StrictDrop    float64     `csv:"strict_drop"`
	LooseDefault  float64     `csv:"loose_default"`
	LooseStyle    float64     `csv:"loose_style"`
	LooseDrop     float64     `csv:"loose_drop"`
}

func (b *Board) styleRows() []StyleRow {
	out := []StyleRow{}
	for _, r := range b.runs {
		for _, st := range r.scores.Styles {
			row := StyleRow{Benchmark: report.Text(b.bench.spec.Name), ID: report.Text(r.id), Style: report.Text(st.Style), Records: st.Records, MeanTokens: st.MeanTokens,
				Strict: st.Strict.Accuracy.Rate, Loose: st.Loose.Accuracy.Rate}
			if p := st.Paired; p != nil {
				row.PairedItems, row.StrictDefault, row.StrictStyle, row.StrictDrop = p.Items, p.StrictDefault.Rate, p.StrictStyle.Rate, p.StrictDrop
				row.LooseDefault, row.LooseStyle, row.LooseDrop = p.LooseDefault.Rate, p.LooseStyle.Rate, p.LooseDrop
			}
			out = append(out, row)
		}
	}
	return out
}

func (b *Board) Write(w io.Writer, format string, opt kind.Options) error {
	switch format {
	case "json":
		return report.JSON(w, b.Scores())
	case "csv":
		return report.CSV(w, b.rows())
	}
	bn := b.bench
	fmt.Fprintf(w, "%s (%d items; verdicts read from raw outputs; ranked by %s accuracy, default style)\n", bn.spec.Title, len(bn.items), b.policy)
	fmt.Fprintf(w, "%-5s %-40s %8s %8s %6s %8s %8s %9s %7s\n", "rank", "verifier", "strict", "loose", "F1", "FA", "FR", "none", "tokens")
	line := func(rank int, id string, m, l *Metrics, tokens float64) {
		fmt.Fprintf(w, "%-5d %-40s %7.1f%% %7.1f%% %6.3f %7.1f%% %7.1f%% %8.1f%% %7.1f\n", rank, id, 100*m.Accuracy.Rate, 100*l.Accuracy.Rate,
			b.metric(m, l).F1, 100*b.metric(m, l).FalseAccept.Rate, 100*b.metric(m, l).FalseReject.Rate, 100*b.metric(m, l).NoVerdict.Rate, tokens)
	}
	for _, r := range b.runs {
		line(r.scores.Rank, r.id, r.scores.Policy(board.Strict), r.scores.Policy(board.Loose), r.scores.Styles[0].MeanTokens)
	}
	line(b.builtin.Rank, BuiltinID+" (measured)", &b.builtin.Metrics, &b.builtin.Metrics, 0)
	return nil
}

// metric picks the board policy's metrics of a (strict, loose) pair.
func (b *Board) metric(strict, loose *Metrics) *Metrics {
	if b.policy == board.Loose {
		return loose
	}
	return strict
}
