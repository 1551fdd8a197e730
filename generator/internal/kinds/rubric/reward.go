package rubric

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Rewards serves equation 1 of Complex-IF as a training reward, with the
// benchmark's own α and β: r = PI + α·EC − β·DB over the task's criteria;
// on a point-weighted benchmark (scoring: points), the task score: the
// points of the criteria met over the task's positive points, clipped to
// [0, 1].
// The config takes no settings: the weights belong to the benchmark
// (benchmark.yaml), so a board and a training run cannot differ.
//
// A reward has no metadata.yaml, so the judges of a record stand for the
// judges a board's metadata.yaml lists: a record must carry exactly as many
// judge outputs as the benchmark's protocol uses (benchmark.yaml `judges:`,
// default 2), or it is refused. A criterion is then satisfied when every
// one of them says YES, read as the board reads a listed judge (an empty
// output, or a missing, contradictory or unreadable verdict, counts as NO).
// So when a record's judges are the ones metadata.yaml lists, the board
// and the reward give the same verdict on every criterion.
func (b *benchmark) Rewards(cfg kind.RewardConfig, _ kind.Options) (kind.Rewards, error) {
	var none struct{}
	if err := cfg.Decode(&none); err != nil {
		return nil, err
	}
	return &rubricRewards{b: b}, nil
}

type rubricRewards struct{ b *benchmark }

func (r *rubricRewards) Parts() []string {
	if r.b.points {
		return pointParts
	}
	return []string{"PI", "EC", "DB"}
}

// pointParts are the parts of a point-weighted reward: the task score,
// the raw points of the criteria met, the task's positive points and the
// number of negative criteria met.
var pointParts = []string{"score", "points", "positive", "negative_met"}

// Record rewards one line of the benchmark's submission format, {"id",
// "response", "judges": {"<judge>": "<raw output>"}}, with the protocol's
// number of judges: every one must say YES for a criterion to count.
func (r *rubricRewards) Record(ctx context.Context, data []byte) (kind.Reward, error) {
	var rec record
	if err := kind.DecodeRecord(data, &rec); err != nil {
		return kind.Reward{}, err
	}
	return r.reward(&rec)
}

// reward rewards one decoded record.
func (r *rubricRewards) reward(rec *record) (kind.Reward, error) {
	i, res, err := r.verdicts(rec)
	if err != nil {
		return kind.Reward{}, err
	}
	t := &r.b.tasks[i]
	if r.b.points {
		return pointReward(t, res.sat), nil
	}
	var n, s [3]int
	for c, cr := range t.Criteria {
		k := catIndex(cr.Category)
		n[k]++
		if res.sat[c] {
			s[k]++
		}
	}
	frac := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return float64(a) / float64(b)
	}
	pi, ec, db := frac(s[0], n[0]), frac(s[1], n[1]), frac(n[2]-s[2], n[2])
	return kind.Reward{ID: t.ID, Reward: Reward(t, res.sat, r.b.alpha, r.b.beta),
		Parts: []kind.Part{{Name: "PI", Value: pi}, {Name: "EC", Value: ec}, {Name: "DB", Value: db}}}, nil
}

// pointReward is a point-weighted task's reward: its score, as the board
// scores it.
func pointReward(t *Task, met []bool) kind.Reward {
	got, neg := 0, 0
	for c, cr := range t.Criteria {
		if met[c] {
			got += *cr.Points
			if *cr.Points < 0 {
				neg++
			}
		}
	}
	return kind.Reward{ID: t.ID, Reward: TaskScore(t, met), Parts: []kind.Part{{Name: "score", Value: TaskScore(t, met)},
		{Name: "points", Value: float64(got)}, {Name: "positive", Value: float64(t.Positive())}, {Name: "negative_met", Value: float64(neg)}}}
}

// verdicts returns a record's task and s_c per criterion, as Rewards
// says.
func (r *rubricRewards) verdicts(rec *record) (int, result, error) {
	i, ok := r.b.index[rec.ID]
	if !ok {
		return 0, result{}, &kind.RecordError{Field: "id", Msg: "not a task of this benchmark"}
	}
	if rec.Response == nil {
		return 0, result{}, &kind.RecordError{Field: "response", Msg: "missing; want the response as a string"}
	}
	if len(rec.Judges) == 0 {
		return 0, result{}, &kind.RecordError{Field: "judges", Msg: "missing; a rubric reward needs every criterion's judge verdicts"}
	}
	if n := len(rec.Judges); n != r.b.judges {
		outputs := "outputs"
		if n == 1 {
			outputs = "output"
		}
		return 0, result{}, &kind.RecordError{Field: "judges", Msg: fmt.Sprintf("%d judge %s; %s's protocol uses %d: send the outputs of exactly the judges a submission's metadata.yaml lists", n, outputs, r.b.spec.Title, r.b.judges)}
	}
	// Every judge must say YES, so their order does not matter; sorted,
	// it is deterministic.
	judges := make([]string, 0, len(rec.Judges))
	for j := range rec.Judges {
		judges = append(judges, j)
	}
	sort.Strings(judges)
	res, _ := r.b.verify(i, judges, rec, "", 0, false)
	return i, res, nil
}

// Label rewards response given label, the record without its response:
// the JSON object {"id", "judges": {"<judge>": "<raw output>"}}, with the
// protocol's number of judges, whose outputs grade response. A bare task
// id cannot be rewarded: the criteria are graded by judges. Problems are
// reported under the field "label" ("label.judges", "label.id").
func (r *rubricRewards) Label(ctx context.Context, _, response, label string) (kind.Reward, error) {
	t := strings.TrimSpace(label)
	if !strings.HasPrefix(t, "{") {
		return kind.Reward{}, kind.Errorf("label", "a rubric reward needs each criterion's judge verdicts: give the label {\"id\": \"<task id>\", \"judges\": {\"<judge>\": \"<raw output>\", ...}} with the outputs of the protocol's %d judges", r.b.judges)
	}
	var rec record
	if err := kind.DecodeLabel(t, &rec, &rec.Response, "response", response); err != nil {
		return kind.Reward{}, err
	}
	rw, err := r.reward(&rec)
	return rw, kind.InLabel(err)
}
