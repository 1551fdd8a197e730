package verifiable

// The single-turn versus multi-turn gap: the same model's answers to the
// same instruction ids, given with the request (the paired single-turn
// benchmark) and late, in a second user turn (this one).

import (
	"context"
	"os"
	"path/filepath"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// idCount is one instruction id's Strict tally over answered prompts.
type idCount struct{ followed, total int }

// strictByID tallies Strict verdicts per instruction id over the answered
// prompts of results.
func strictByID(prompts []instrdata.Prompt, results []instrdata.Result) map[string]*idCount {
	out := map[string]*idCount{}
	for i, p := range prompts {
		if i >= len(results) || !results[i].Answered {
			continue
		}
		for j, id := range p.Instructions {
			c := out[id]
			if c == nil {
				c = &idCount{}
				out[id] = c
			}
			c.total++
			if j < len(results[i].Strict) && results[i].Strict[j].Followed {
				c.followed++
			}
		}
	}
	return out
}

// gapBetween compares two tallies per instruction id: the ids asked both ways, in
// id order, the counts of ids worse and better multi-turn, the mean gap
// and the exact sign test between worse and better.
func gapBetween(id string, single, multi map[string]*idCount) instrdata.GapModel {
	g := instrdata.GapModel{ID: id, Instructions: []instrdata.GapRow{}, P: 1}
	var ids []string
	for k, m := range multi {
		if s := single[k]; s != nil && s.total > 0 && m.total > 0 {
			ids = append(ids, k)
		}
	}
	sort.Strings(ids)
	worse, better := make([]bool, len(ids)), make([]bool, len(ids))
	sum := 0.0
	for i, k := range ids {
		s, m := single[k], multi[k]
		row := instrdata.GapRow{ID: k, SingleFollowed: s.followed, SingleTotal: s.total, MultiFollowed: m.followed, MultiTotal: m.total}
		row.Gap = float64(m.followed)/float64(m.total) - float64(s.followed)/float64(s.total)
		sum += row.Gap
		switch {
		case row.Gap < 0:
			g.Worse++
			worse[i] = true
		case row.Gap > 0:
			g.Better++
			better[i] = true
		}
		g.Instructions = append(g.Instructions, row)
	}
	if len(ids) > 0 {
		g.MeanGap = sum / float64(len(ids))
		// McNemar's exact test on the discordant ids is the sign test.
		g.P = score.McNemar(worse, better)
	}
	return g
}

// gapOf reads the same submission's answers to the paired single-turn
// benchmark and compares them with m. Nil when the submission has no
// such file or the file would be refused: that board reports it. data
// is the checkers' reference data, as the run was checked with.
func (b *benchmark) gapOf(ctx context.Context, sub *board.Submission, m *instrdata.Model, data instr.Data) *instrdata.GapModel {
	sb := b.single
	path := filepath.Join(sub.Dir, sb.spec.File)
	if _, err := os.Lstat(path); err != nil {
		return nil
	}
	texts, answered, probs := InstrResponses(ctx, path, sb.ib)
	for _, p := range probs {
		if p.Fatal {
			return nil
		}
	}
	ev := sb.ib.Registry.With(data).EvaluateAll(sb.ib.Prompts, texts)
	results := make([]instrdata.Result, sb.ib.N)
	for i := range results {
		if answered[i] {
			results[i] = instrdata.Result{Answered: true, Strict: verdicts(ev.Strict[i])}
		}
	}
	g := gapBetween(m.ID, strictByID(sb.boardPrompts(), results), strictByID(b.boardPrompts(), m.Results))
	return &g
}
