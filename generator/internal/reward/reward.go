// Package reward serves the benchmarks' verdicts as training rewards: the
// stage after verify for RL instead of the board. Each benchmark kind
// computes its own reward (kind.Rewarder); this package adds the formulas
// that need no benchmark (SCI-Verifier, Complex-IF), reads the config
// file, and drives the reward functions from a stream of records (`sciif
// reward`) or over HTTP (`sciif serve`: OpenRLHF's remote reward protocol,
// a batch API, health and Prometheus metrics).
//
// It never names a kind: it finds the reward functions through the
// kind.Benchmark values it is given. It keeps no state between records;
// the same records always give the same rewards.
package reward

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// Config is a reward config file: one section per benchmark (by its name),
// per kind (for every benchmark of the kind without a section of its own)
// or per formula, each holding the settings its kind or formula documents.
type Config map[string]kind.RewardConfig

// LoadConfig reads a config file, YAML or JSON. An empty path is the
// defaults.
func LoadConfig(path string) (Config, error) {
	if path == "" {
		return Config{}, nil
	}
	data, err := ingest.ReadFile(path, ingest.MaxSmall, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	return ParseConfig(path, data)
}

// ParseConfig parses a config file's content; name is for messages.
func ParseConfig(name string, data []byte) (Config, error) {
	var raw map[string]any
	if err := yamlx.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a YAML mapping of sections: %s", name, firstLine(err.Error()))
	}
	cfg := Config{}
	for k, v := range raw {
		switch s := v.(type) {
		case nil:
			cfg[k] = kind.RewardConfig{}
		case map[string]any:
			cfg[k] = kind.RewardConfig(s)
		default:
			return nil, fmt.Errorf("%s: %s: want a mapping of settings", name, k)
		}
	}
	return cfg, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// Func is one named reward function: a benchmark's or a formula's.
type Func struct {
	// Name is the benchmark's or the formula's name.
	Name string
	// Kind is the benchmark's kind, or "formula".
	Kind    string
	Rewards kind.Rewards
	// Preset is the preset the config chose for the benchmark (its
	// "preprocess" setting; preprocess.None by default), applied when a
	// request chooses none.
	Preset *preprocess.Preset
}

// Set is the reward functions a command serves, by name.
type Set struct {
	funcs []*Func
	by    map[string]*Func
}

// NewSet configures the reward function of every benchmark of benches
// that has one, with opt (kind.Rewarder), and every formula whose
// parameters cfg gives (or that has defaults). A config section that names
// no benchmark, kind or formula is an error: a misspelt name would
// otherwise be ignored.
func NewSet(benches []kind.Benchmark, cfg Config, opt kind.Options) (*Set, error) {
	s := &Set{by: map[string]*Func{}}
	known := map[string]bool{}
	var probs []string
	for _, b := range benches {
		spec := b.Spec()
		known[spec.Name], known[spec.Kind] = true, true
		rb, ok := b.(kind.Rewarder)
		if !ok {
			continue
		}
		section, ok := cfg[spec.Name]
		if !ok {
			section = cfg[spec.Kind]
		}
		section, preset, err := sectionPreset(section)
		if err != nil {
			probs = append(probs, fmt.Sprintf("%s: %v", spec.Name, err))
			continue
		}
		r, err := rb.Rewards(section, opt)
		if err != nil {
			probs = append(probs, fmt.Sprintf("%s: %v", spec.Name, err))
			continue
		}
		s.add(&Func{Name: spec.Name, Kind: spec.Kind, Rewards: presetRewards{r, preset}, Preset: preset})
	}
	for _, f := range Formulas {
		known[f.Name] = true
		if _, taken := s.by[f.Name]; taken {
			continue
		}
		section, given := cfg[f.Name]
		r, err := f.New(section)
		if err != nil {
			if given {
				probs = append(probs, fmt.Sprintf("%s: %v", f.Name, err))
			}
			continue
		}
		s.add(&Func{Name: f.Name, Kind: "formula", Rewards: r, Preset: preprocess.None})
	}
	var names []string
	for k := range cfg {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !known[k] {
			probs = append(probs, fmt.Sprintf("%s: names no benchmark, kind or formula", k))
		}
	}
	if len(probs) > 0 {
		return nil, fmt.Errorf("reward config: %s", strings.Join(probs, "; "))
	}
	return s, nil
}

func (s *Set) add(f *Func) {
	s.funcs = append(s.funcs, f)
	s.by[f.Name] = f
}

// Lookup returns the function named name.
func (s *Set) Lookup(name string) (*Func, bool) {
	f, ok := s.by[name]
	return f, ok
}

// Funcs lists the functions: the benchmarks' in their order, then the
// formulas'.
func (s *Set) Funcs() []*Func { return s.funcs }

// Names lists the functions' names, for messages.
func (s *Set) Names() string {
	var names []string
	for _, f := range s.funcs {
		names = append(names, f.Name)
	}
	return strings.Join(names, ", ")
}
