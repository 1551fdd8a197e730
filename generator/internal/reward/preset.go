package reward

import (
	"context"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// PresetSetting is the config setting, in any benchmark's or kind's
// section, that names the benchmark's default preset (preprocess.Presets).
// The reward package reads it, so that no kind has to: a kind applies the
// preset it finds in the context (preprocess.From).
const PresetSetting = "preprocess"

// sectionPreset splits the preset setting off a config section.
func sectionPreset(section kind.RewardConfig) (kind.RewardConfig, *preprocess.Preset, error) {
	v, ok := section[PresetSetting]
	if !ok {
		return section, preprocess.None, nil
	}
	name, isString := v.(string)
	if !isString {
		return nil, nil, fmt.Errorf("%s: want a preset's name (one of %s)", PresetSetting, preprocess.Names())
	}
	p, err := preprocess.Lookup(name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", PresetSetting, err)
	}
	rest := make(kind.RewardConfig, len(section)-1)
	for k, v := range section {
		if k != PresetSetting {
			rest[k] = v
		}
	}
	return rest, p, nil
}

// presetRewards gives a benchmark's reward function its configured preset
// when the context carries none: a request's own choice wins.
type presetRewards struct {
	kind.Rewards
	preset *preprocess.Preset
}

func (r presetRewards) ctx(ctx context.Context) context.Context {
	if _, chosen := preprocess.Chosen(ctx); chosen || r.preset == preprocess.None {
		return ctx
	}
	return preprocess.With(ctx, r.preset)
}

func (r presetRewards) Record(ctx context.Context, rec []byte) (kind.Reward, error) {
	return r.Rewards.Record(r.ctx(ctx), rec)
}

func (r presetRewards) Label(ctx context.Context, prompt, response, label string) (kind.Reward, error) {
	return r.Rewards.Label(r.ctx(ctx), prompt, response, label)
}

// WithPreset returns ctx choosing the preset named name for the rewards
// computed under it, over the benchmarks' configured ones; "" leaves the
// choice to the config.
func WithPreset(ctx context.Context, name string) (context.Context, error) {
	if name == "" {
		return ctx, nil
	}
	// A name longer than maxNameText is no preset's: clipped, it is
	// refused all the same, and its message quotes no more of it.
	p, err := preprocess.Lookup(clip(name, maxNameText))
	if err != nil {
		return ctx, err
	}
	return preprocess.With(ctx, p), nil
}
