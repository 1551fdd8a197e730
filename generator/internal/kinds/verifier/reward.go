package verifier

import (
	"context"
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// Rewards serves SCI-Verifier's RL reward for a verifier's output on an
// item: R = R_align + P_overlong, where R_align is 1 when the verdict read
// from the output matches the item's label and 0 otherwise (no verdict is
// 0), and P_overlong, with the benchmark's reward field (l_max, l_buffer,
// λ) and |o| the output's tokens, is 0 for |o| ≤ l_max, −(|o| − l_max) /
// l_buffer · λ up to l_max + l_buffer, and −λ beyond. A benchmark without a
// reward field has no penalty.
//
// The config takes one setting, policy: "strict" (the default: the
// verdict must be the last line the style asks for, as in training the
// format is part of the task) or "loose".
func (b *benchmark) Rewards(cfg kind.RewardConfig, _ kind.Options) (kind.Rewards, error) {
	var c struct {
		Policy string `json:"policy"`
	}
	if err := cfg.Decode(&c); err != nil {
		return nil, err
	}
	p := board.Strict
	switch c.Policy {
	case "", "strict":
	case "loose":
		p = board.Loose
	default:
		return nil, fmt.Errorf("policy: %q, want strict or loose", c.Policy)
	}
	return &rewards{b: b, policy: p}, nil
}

type rewards struct {
	b      *benchmark
	policy board.Policy
}

func (r *rewards) Parts() []string { return []string{"R_align", "P_overlong"} }

// Penalty is P_overlong for an output of n tokens.
func (s *RewardSpec) Penalty(n int64) float64 {
	if s == nil || n <= int64(s.LMax) {
		return 0
	}
	if over := n - int64(s.LMax); over < int64(s.LBuffer) {
		return -float64(over) / float64(s.LBuffer) * s.Lambda
	}
	return -s.Lambda
}

// Record rewards one line of the submission format, {"id", "output",
// "style"?, "output_tokens"}: output_tokens is required when the benchmark
// declares a reward penalty.
func (r *rewards) Record(ctx context.Context, data []byte) (kind.Reward, error) {
	var rec record
	if err := kind.DecodeRecord(data, &rec); err != nil {
		return kind.Reward{}, err
	}
	return r.record(ctx, &rec)
}

// record rewards one decoded record.
func (r *rewards) record(ctx context.Context, rec *record) (kind.Reward, error) {
	i, ok := r.b.index[rec.ID]
	if !ok {
		return kind.Reward{}, kind.Errorf("id", "not an item of this benchmark")
	}
	if rec.Output == nil {
		return kind.Reward{}, kind.Errorf("output", "missing; want the verifier's raw output as a string")
	}
	st, err := r.style(deref(rec.Style))
	if err != nil {
		return kind.Reward{}, err
	}
	var n int64
	switch {
	case rec.OutputTokens != nil && *rec.OutputTokens < 0:
		return kind.Reward{}, kind.Errorf("output_tokens", "%d: want a whole number ≥ 0", *rec.OutputTokens)
	case rec.OutputTokens != nil:
		n = *rec.OutputTokens
	case r.b.reward != nil:
		return kind.Reward{}, kind.Errorf("output_tokens", "missing; the overlong penalty needs the output's length in tokens")
	}
	return r.reward(i, preprocess.From(ctx).Apply(*rec.Output), st, n), nil
}

func (r *rewards) style(name string) (*Style, error) {
	if name == "" {
		return &r.b.styles[0], nil
	}
	for s := range r.b.styles {
		if r.b.styles[s].Name == name {
			return &r.b.styles[s], nil
		}
	}
	return nil, kind.Errorf("style", "unknown prompt style %q (%s)", name, strings.Join(r.b.styleNames(), ", "))
}

func (r *rewards) reward(i int, output string, st *Style, tokens int64) kind.Reward {
	align := 0.0
	if correct(&r.b.items[i], Read(r.policy, output, st)) {
		align = 1
	}
	pen := r.b.reward.Penalty(tokens)
	return kind.Reward{ID: r.b.items[i].ID, Reward: align + pen, Parts: []kind.Part{{Name: "R_align", Value: align}, {Name: "P_overlong", Value: pen}}}
}

// Label rewards response, a verifier's output, given label: the JSON
// object {"id", "style"?, "output_tokens"?}, the record without its
// output, rewarded as Record rewards it (output_tokens is required when
// the benchmark declares a penalty); or a bare item id "<item id>", a
// response in the default style whose length in tokens is unknown, so
// that its overlong penalty is 0. Problems are reported under the field
// "label" ("label.output_tokens", "label.id").
func (r *rewards) Label(ctx context.Context, _, response, label string) (kind.Reward, error) {
	t := strings.TrimSpace(label)
	if !strings.HasPrefix(t, "{") {
		i, ok := r.b.index[label]
		if !ok {
			return kind.Reward{}, kind.Errorf("label", "%q is not an item id of this benchmark", label)
		}
		return r.reward(i, preprocess.From(ctx).Apply(response), &r.b.styles[0], 0), nil
	}
	var rec record
	if err := kind.DecodeLabel(t, &rec, &rec.Output, "output", response); err != nil {
		return kind.Reward{}, err
	}
	rw, err := r.record(ctx, &rec)
	return rw, kind.InLabel(err)
}
