package reward

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// A Formula is a reward whose verdicts come with each record instead of
// from a benchmark's verifiers: SCI-Verifier's reward for training answer
// verifiers, and the Complex-IF rubric reward over criterion verdicts
// judged elsewhere (a rubric benchmark reads its judges' outputs itself).
type Formula struct {
	// Name names the formula in the config file, on the command line
	// (--formula) and in /v1/rewards records.
	Name string
	Doc  string
	// New configures the formula from its section of the config file; a
	// formula whose source gives no default for a parameter requires it.
	New func(cfg kind.RewardConfig) (kind.Rewards, error)
}

// Formulas lists the formulas, in documentation order.
var Formulas = []Formula{
	{Name: "sci-verifier", Doc: "SCI-Verifier: R = R_align + P_overlong, for training answer verifiers", New: newSciVerifier},
	{Name: "complex-if", Doc: "Complex-IF, equation 1: r = PI + α·EC − β·DB over rubric criteria", New: newComplexIF},
}

// FindFormula returns the formula named name.
func FindFormula(name string) (Formula, bool) {
	for _, f := range Formulas {
		if f.Name == name {
			return f, true
		}
	}
	return Formula{}, false
}

// SciVerifier is SCI-Verifier's reward (sci-verifier-summary.txt, the RL
// stage): R = R_align + P_overlong, with R_align 1 when the verifier's
// verdict equals the label and 0 otherwise (no verdict is not equal), and
// P_overlong 0 up to lmax tokens, −(n − lmax)/buffer · lambda up to lmax +
// buffer, −lambda beyond.
func SciVerifier(verdict *bool, label bool, n int, lmax, buffer, lambda float64) kind.Reward {
	align := 0.0
	if verdict != nil && *verdict == label {
		align = 1
	}
	pen := 0.0
	switch o := float64(n); {
	case o <= lmax:
	case o <= lmax+buffer:
		pen = -(o - lmax) / buffer * lambda
	default:
		pen = -lambda
	}
	return kind.Reward{Reward: align + pen, Parts: []kind.Part{{Name: "R_align", Value: align}, {Name: "P_overlong", Value: pen}, {Name: "tokens", Value: float64(n)}}}
}

// ComplexIF is equation 1 of the Complex-IF rubrics paper: r = PI + α·EC −
// β·DB, where PI is the fraction of Primary Intent criteria satisfied, EC
// the fraction of Extra Credit criteria satisfied and DB the fraction of
// Dodged Bullet criteria violated (1 − s_c); a term whose criterion set is
// empty is zero. The slices hold s_c per criterion.
func ComplexIF(pi, ec, db []bool, alpha, beta float64) kind.Reward {
	frac := func(s []bool, want bool) float64 {
		if len(s) == 0 {
			return 0
		}
		n := 0
		for _, v := range s {
			if v == want {
				n++
			}
		}
		return float64(n) / float64(len(s))
	}
	p, e, d := frac(pi, true), frac(ec, true), frac(db, false)
	return kind.Reward{Reward: p + alpha*e - beta*d, Parts: []kind.Part{{Name: "PI", Value: p}, {Name: "EC", Value: e}, {Name: "DB", Value: d}}}
}

type sciVerifier struct{ lmax, buffer, lambda float64 }

// sciVerifierConfig has no defaults: the source gives no values.
type sciVerifierConfig struct {
	LMax    *float64 `json:"l_max"`
	LBuffer *float64 `json:"l_buffer"`
	Lambda  *float64 `json:"lambda"`
}

func newSciVerifier(cfg kind.RewardConfig) (kind.Rewards, error) {
	var c sciVerifierConfig
	if err := cfg.Decode(&c); err != nil {
		return nil, err
	}
	if c.LMax == nil || c.LBuffer == nil || c.Lambda == nil {
		return nil, fmt.Errorf("l_max, l_buffer and lambda are required (the source gives no values), for example l_max: 4096, l_buffer: 1024, lambda: 1")
	}
	if !finite(*c.LMax) || *c.LMax < 0 || !finite(*c.LBuffer) || *c.LBuffer <= 0 || !finite(*c.Lambda) || *c.Lambda < 0 {
		return nil, fmt.Errorf("want l_max ≥ 0, l_buffer > 0 and lambda ≥ 0, got %v, %v and %v", *c.LMax, *c.LBuffer, *c.Lambda)
	}
	return &sciVerifier{*c.LMax, *c.LBuffer, *c.Lambda}, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func (*sciVerifier) Parts() []string { return []string{"R_align", "P_overlong", "tokens"} }

// sciVerifierLine is one record: the verifier's verdict (true: the answer
// is equivalent to the reference; null: no verdict could be read), the
// data set's label, and the length of the verifier's output in tokens.
type sciVerifierLine struct {
	ID      string `json:"id"`
	Verdict *bool  `json:"verdict"`
	Label   *bool  `json:"label"`
	Tokens  *int   `json:"tokens"`
}

func (f *sciVerifier) Record(_ context.Context, rec []byte) (kind.Reward, error) {
	var l sciVerifierLine
	if err := kind.DecodeRecord(rec, &l); err != nil {
		return kind.Reward{}, err
	}
	if l.Label == nil {
		return kind.Reward{}, kind.Errorf("label", "missing; want true or false")
	}
	if l.Tokens == nil || *l.Tokens < 0 {
		return kind.Reward{}, kind.Errorf("tokens", "missing or negative; want the length of the verifier's output in tokens")
	}
	r := SciVerifier(l.Verdict, *l.Label, *l.Tokens, f.lmax, f.buffer, f.lambda)
	r.ID = l.ID
	return r, nil
}

// Label rewards the label, a record: {"verdict", "label", "tokens"}. The
// verdict was read from the verifier's output and its length counted by
// the caller (the formula knows no output style and no tokenizer), so the
// query's response is not read.
func (f *sciVerifier) Label(ctx context.Context, _, _, label string) (kind.Reward, error) {
	return labelRecord(ctx, f, label, `{"verdict": true, "label": true, "tokens": 812}`)
}

type complexIF struct{ alpha, beta float64 }

type complexIFConfig struct {
	Alpha *float64 `json:"alpha"`
	Beta  *float64 `json:"beta"`
}

func newComplexIF(cfg kind.RewardConfig) (kind.Rewards, error) {
	var c complexIFConfig
	if err := cfg.Decode(&c); err != nil {
		return nil, err
	}
	f := &complexIF{}
	for _, s := range []struct {
		name string
		v    *float64
		dst  *float64
	}{{"alpha", c.Alpha, &f.alpha}, {"beta", c.Beta, &f.beta}} {
		if s.v == nil {
			continue
		}
		if !finite(*s.v) || *s.v < 0 {
			return nil, fmt.Errorf("%s: %v is not a number ≥ 0", s.name, *s.v)
		}
		*s.dst = *s.v
	}
	return f, nil
}

func (*complexIF) Parts() []string { return []string{"PI", "EC", "DB"} }

// complexIFLine is one record: s_c of every criterion, by category (true:
// the criterion is satisfied; for a Dodged Bullet, the error was avoided).
type complexIFLine struct {
	ID string `json:"id"`
	PI []bool `json:"pi"`
	EC []bool `json:"ec"`
	DB []bool `json:"db"`
}

func (f *complexIF) Record(_ context.Context, rec []byte) (kind.Reward, error) {
	var l complexIFLine
	if err := kind.DecodeRecord(rec, &l); err != nil {
		return kind.Reward{}, err
	}
	if l.PI == nil && l.EC == nil && l.DB == nil {
		return kind.Reward{}, kind.Errorf("pi", "missing: give the verdicts of the criteria as pi, ec and db lists of true/false")
	}
	r := ComplexIF(l.PI, l.EC, l.DB, f.alpha, f.beta)
	r.ID = l.ID
	return r, nil
}

// Label rewards the label, a record: {"pi", "ec", "db"}, the criterion
// verdicts judged elsewhere on the response, which is not read.
func (f *complexIF) Label(ctx context.Context, _, _, label string) (kind.Reward, error) {
	return labelRecord(ctx, f, label, `{"pi": [true, false], "ec": [true], "db": [true]}`)
}

// labelRecord rewards a formula's label, which is one of its records (a
// formula's verdicts come with the request, not from the response);
// problems are reported under the field "label" ("label.tokens"). example
// is a record, for the message on a label that is not an object.
func labelRecord(ctx context.Context, f kind.Rewards, label, example string) (kind.Reward, error) {
	t := strings.TrimSpace(label)
	if !strings.HasPrefix(t, "{") {
		return kind.Reward{}, kind.Errorf("label", "want the JSON object of a record, such as %s", example)
	}
	rw, err := f.Record(ctx, []byte(t))
	return rw, kind.InLabel(err)
}
