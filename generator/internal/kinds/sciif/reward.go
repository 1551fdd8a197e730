package sciif

// SciIF's training reward (kind.Rewarder): the grouped-severity reward of
// the SciIF paper, Appendix C.4, computed from the same verdicts the board
// counts.
//
//	s_i ∈ {0, 1}             the verdict on enabled constraint i (under the policy)
//	R_g = Σ w_i s_i / Σ w_i  over the constraints of group g enabled on the item
//	R_c = Σ W_g R_g / Σ W_g  over the groups present on the item
//	R   = (1 − a) R_c + a R_a, a = 0.3 by default, R_a the correctness verdict
//
// The defaults are the paper's: the three families as groups, every weight
// 1, the Strict policy. An item with no enabled constraint has R = R_a; so
// does a record that carries a response and neither judge outputs nor
// verdicts, whose reward is what the rules alone can decide (correctness;
// undecided counts as incorrect, and the part "undecided" says so).

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

var _ kind.Rewarder = (*benchmark)(nil)

// rewardConfig is a SciIF benchmark's section of the reward config file.
type rewardConfig struct {
	// Policy is "strict" (every point) or "loose" (MAIN points).
	Policy string `json:"policy"`
	// AnswerWeight is a in R = (1 − a) R_c + a R_a.
	AnswerWeight *float64 `json:"answer_weight"`
	// Groups partition the catalog's constraints; default the families.
	Groups []groupConfig `json:"groups"`
	// Weights are the within-group weights w_i by constraint id (default 1).
	Weights map[string]float64 `json:"weights"`
	// Judges lists the judges whose outputs count (all must say YES);
	// default every judge a record carries.
	Judges []string `json:"judges"`
}

type groupConfig struct {
	Name string `json:"name"`
	// Weight is W_g (default 1).
	Weight *float64 `json:"weight"`
	// Constraints are the group's constraint ids; default the catalog's
	// constraints of the family named Name.
	Constraints []string `json:"constraints"`
}

type sciifRewards struct {
	b       *benchmark
	policy  board.Policy
	a       float64
	groups  []string  // group names, in config order
	gweight []float64 // W_g
	group   map[string]int
	weight  map[string]float64
	judges  []string
	parts   []string
}

// Rewards configures the benchmark's reward; see the settings of
// rewardConfig. Weights must be positive and finite, every catalog
// constraint must belong to exactly one group.
func (b *benchmark) Rewards(cfg kind.RewardConfig, _ kind.Options) (kind.Rewards, error) {
	var c rewardConfig
	if err := cfg.Decode(&c); err != nil {
		return nil, err
	}
	r := &sciifRewards{b: b, policy: board.Strict, a: 0.3, group: map[string]int{}, weight: map[string]float64{}, judges: c.Judges}
	switch c.Policy {
	case "", "strict":
	case "loose":
		r.policy = board.Loose
	default:
		return nil, fmt.Errorf("policy: %q is not strict or loose", c.Policy)
	}
	if c.AnswerWeight != nil {
		if a := *c.AnswerWeight; !(a >= 0 && a <= 1) {
			return nil, fmt.Errorf("answer_weight: %v is not in [0, 1]", a)
		}
		r.a = *c.AnswerWeight
	}
	cat := &b.bench.Catalog
	groups := c.Groups
	if len(groups) == 0 {
		for _, f := range sciifdata.Families {
			groups = append(groups, groupConfig{Name: string(f)})
		}
	}
	for gi, g := range groups {
		if g.Name == "" {
			return nil, fmt.Errorf("groups[%d]: name missing", gi)
		}
		if _, dup := indexOf(r.groups, g.Name); dup {
			return nil, fmt.Errorf("groups[%d]: name %q used twice", gi, g.Name)
		}
		w := 1.0
		if g.Weight != nil {
			w = *g.Weight
		}
		if !positive(w) {
			return nil, fmt.Errorf("groups[%d] (%s): weight %v is not a positive number", gi, g.Name, w)
		}
		ids := g.Constraints
		if len(ids) == 0 {
			for _, con := range cat.Constraints {
				if string(con.Family) == g.Name {
					ids = append(ids, con.ID)
				}
			}
			if len(ids) == 0 {
				return nil, fmt.Errorf("groups[%d] (%s): no constraints listed, and %q is no constraint family", gi, g.Name, g.Name)
			}
		}
		for _, id := range ids {
			if _, ok := cat.Lookup(id); !ok {
				return nil, fmt.Errorf("groups[%d] (%s): unknown constraint %q", gi, g.Name, id)
			}
			if other, dup := r.group[id]; dup {
				return nil, fmt.Errorf("groups[%d] (%s): constraint %q is also in group %s", gi, g.Name, id, groups[other].Name)
			}
			r.group[id] = gi
		}
		r.groups = append(r.groups, g.Name)
		r.gweight = append(r.gweight, w)
	}
	var missing []string
	for _, con := range cat.Constraints {
		if _, ok := r.group[con.ID]; !ok {
			missing = append(missing, con.ID)
		}
		r.weight[con.ID] = 1
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("groups: constraints %s are in no group", strings.Join(missing, ", "))
	}
	ids := make([]string, 0, len(c.Weights))
	for id := range c.Weights {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		w := c.Weights[id]
		if _, ok := cat.Lookup(id); !ok {
			return nil, fmt.Errorf("weights: unknown constraint %q", id)
		}
		if !positive(w) {
			return nil, fmt.Errorf("weights: %s: %v is not a positive number", id, w)
		}
		r.weight[id] = w
	}
	for _, g := range r.groups {
		r.parts = append(r.parts, "R_g."+g)
	}
	r.parts = append(r.parts, "R_c", "R_a", "undecided")
	return r, nil
}

func positive(w float64) bool { return w > 0 && !math.IsInf(w, 0) }

func indexOf(list []string, s string) (int, bool) {
	for i, x := range list {
		if x == s {
			return i, true
		}
	}
	return 0, false
}

func (r *sciifRewards) Parts() []string { return r.parts }

// rewardLine is a record of `sciif reward` for SciIF: a responses.jsonl
// line, or an item id with its verdicts already decided.
type rewardLine struct {
	ID       string                           `json:"id"`
	Response *string                          `json:"response"`
	Judges   map[string]sciifdata.JudgeOutput `json:"judges"`
	Verdicts *givenVerdicts                   `json:"verdicts"`
}

// givenVerdicts are verdicts decided elsewhere: correctness and, per
// enabled constraint, whether it passes.
type givenVerdicts struct {
	Correct     *bool           `json:"correct"`
	Constraints map[string]bool `json:"constraints"`
}

// Record rewards one line: {"id", "response", "judges"} is verified as the
// board verifies it (rules first, every judge must say YES); {"id",
// "response"} alone is rewarded by the rules; {"id", "verdicts": {"correct",
// "constraints": {id: bool}}} is rewarded from the verdicts given, which
// must cover every constraint enabled on the item.
func (r *sciifRewards) Record(ctx context.Context, rec []byte) (kind.Reward, error) {
	var l rewardLine
	if err := kind.DecodeRecord(rec, &l); err != nil {
		return kind.Reward{}, err
	}
	return r.line(ctx, &l)
}

// Label rewards response given label: an item id, or a JSON object with
// "id" and, optionally, "judges" outputs or "verdicts" about response.
// Problems are reported under the field "label".
func (r *sciifRewards) Label(ctx context.Context, _, response, label string) (kind.Reward, error) {
	var l rewardLine
	t := strings.TrimSpace(label)
	if strings.HasPrefix(t, "{") {
		if err := kind.DecodeLabel(t, &l, &l.Response, "response", response); err != nil {
			return kind.Reward{}, err
		}
		if l.Verdicts != nil {
			// Given verdicts are about the response; it is not read.
			l.Response = nil
		}
	} else {
		l.ID = t
		l.Response = &response
	}
	rw, err := r.line(ctx, &l)
	return rw, kind.InLabel(err)
}

func (r *sciifRewards) line(ctx context.Context, l *rewardLine) (kind.Reward, error) {
	if l.ID == "" {
		return kind.Reward{}, kind.Errorf("id", "missing item id")
	}
	i, ok := r.b.index[l.ID]
	if !ok {
		return kind.Reward{}, kind.Errorf("id", "unknown item id %q (not in %s)", l.ID, r.b.spec.Name)
	}
	item := &r.b.bench.Items[i]
	if l.Verdicts != nil {
		if l.Response != nil || l.Judges != nil {
			return kind.Reward{}, kind.Errorf("verdicts", "give verdicts, or a response with judge outputs, not both")
		}
		return r.given(item, l.Verdicts)
	}
	if l.Response == nil {
		return kind.Reward{}, kind.Errorf("response", "missing: give the response (with judge outputs), or verdicts")
	}
	judges := r.judges
	if judges == nil {
		for name := range l.Judges {
			judges = append(judges, name)
		}
		sort.Strings(judges)
	}
	sub := &board.Submission{Meta: board.Metadata{Judges: judges}}
	v, _ := r.b.verifier(false).Record(ctx, item, sub, &sciifdata.Record{ID: l.ID, Response: preprocess.From(ctx).Apply(*l.Response), Judges: l.Judges})
	if len(judges) == 0 {
		// The rules alone: correctness if they decide it, no constraint term.
		undecided := v.CorrectBy != sciifdata.ByRules
		rw := kind.Reward{ID: item.ID, Reward: b2f(v.Correct && !undecided)}
		rw.Parts = []kind.Part{{Name: "R_a", Value: rw.Reward}, {Name: "undecided", Value: b2f(undecided)}}
		return rw, nil
	}
	return r.combine(item, func(k int) bool { return v.Constraints[k].Pass(r.policy) }, v.Correct), nil
}

// given rewards verdicts given with the record.
func (r *sciifRewards) given(item *sciifdata.Item, g *givenVerdicts) (kind.Reward, error) {
	if g.Correct == nil {
		return kind.Reward{}, kind.Errorf("verdicts.correct", "missing: want true or false")
	}
	for _, c := range item.Constraints {
		if _, ok := g.Constraints[c]; !ok {
			return kind.Reward{}, kind.Errorf("verdicts.constraints."+c, "missing: the constraint is enabled on item %s; want true or false", item.ID)
		}
	}
	if len(g.Constraints) != len(item.Constraints) {
		var extra []string
		for c := range g.Constraints {
			if !contains(item.Constraints, c) {
				extra = append(extra, c)
			}
		}
		sort.Strings(extra)
		return kind.Reward{}, kind.Errorf("verdicts.constraints."+extra[0], "not enabled on item %s (enabled: %s)", item.ID, strings.Join(item.Constraints, ", "))
	}
	return r.combine(item, func(k int) bool { return g.Constraints[item.Constraints[k]] }, *g.Correct), nil
}

func contains(list []string, s string) bool {
	_, ok := indexOf(list, s)
	return ok
}

// combine is equations (4)–(6): pass(k) is s_i of the item's k-th enabled
// constraint.
func (r *sciifRewards) combine(item *sciifdata.Item, pass func(k int) bool, correct bool) kind.Reward {
	var num, den [8]float64
	nums, dens := num[:0], den[:0]
	if len(r.groups) > len(num) {
		nums, dens = make([]float64, 0, len(r.groups)), make([]float64, 0, len(r.groups))
	}
	nums, dens = nums[:len(r.groups)], dens[:len(r.groups)]
	for k, c := range item.Constraints {
		g, w := r.group[c], r.weight[c]
		dens[g] += w
		if pass(k) {
			nums[g] += w
		}
	}
	ra := b2f(correct)
	rw := kind.Reward{ID: item.ID, Parts: make([]kind.Part, 0, len(r.groups)+3)}
	var wsum, rsum float64
	for g := range r.groups {
		if dens[g] == 0 {
			continue
		}
		rg := nums[g] / dens[g]
		rw.Parts = append(rw.Parts, kind.Part{Name: r.parts[g], Value: rg})
		wsum += r.gweight[g]
		rsum += r.gweight[g] * rg
	}
	if wsum == 0 {
		rw.Reward = ra
		rw.Parts = append(rw.Parts, kind.Part{Name: "R_a", Value: ra})
		return rw
	}
	rc := rsum / wsum
	rw.Reward = (1-r.a)*rc + r.a*ra
	rw.Parts = append(rw.Parts, kind.Part{Name: "R_c", Value: rc}, kind.Part{Name: "R_a", Value: ra})
	return rw
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
