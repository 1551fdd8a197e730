package verifier

import (
	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// Scores are one verifier's scores on a verifier board: the public JSON
// contract of verifier boards (`sciif score --format json`, scores.json).
// Field names never change.
type Scores struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Rank is from the paired test on the default style's per-item
	// correctness under the board's policy.
	Rank     int  `json:"rank"`
	Items    int  `json:"items"`
	Complete bool `json:"complete"`
	// Styles holds the default style first, then every other style the
	// submission answered, in benchmark.yaml's order.
	Styles []StyleScores `json:"styles"`
}

// StyleScores are a verifier's scores in one prompt style. The default
// style is scored over every item (an item without a record is wrong, no
// verdict); another style over the items it answered.
type StyleScores struct {
	Style   string `json:"style"`
	Records int    `json:"records"`
	// Tokens counts the records that give output_tokens, and MeanTokens
	// is their mean (0 when none does).
	Tokens     int     `json:"tokens_given"`
	MeanTokens float64 `json:"mean_output_tokens"`
	Strict     Metrics `json:"strict"`
	Loose      Metrics `json:"loose"`
	// Paired compares the style with the default style on the items both
	// answered; absent for the default style itself.
	Paired *Paired `json:"paired,omitempty"`
}

// Metrics are a verifier's figures under one parsing policy.
type Metrics struct {
	Items    int `json:"items"`
	Answered int `json:"answered"`
	// Positives and Negatives count the items labelled True and False.
	Positives int `json:"positives"`
	Negatives int `json:"negatives"`
	Correct   int `json:"correct"`
	// Accuracy is correct over items, with its Wilson interval.
	Accuracy board.Rate `json:"accuracy"`
	// The confusion matrix, positive = equivalent: TP accepts a True item,
	// FP accepts a False one, TN rejects a False one, FN rejects a True
	// one; NoneTrue and NoneFalse are the items of each label with no
	// verdict (an output that parses to nothing, or no record).
	TP        int `json:"tp"`
	FP        int `json:"fp"`
	TN        int `json:"tn"`
	FN        int `json:"fn"`
	NoneTrue  int `json:"none_true"`
	NoneFalse int `json:"none_false"`
	// Precision is TP/(TP+FP), Recall TP/Positives (a True item without a
	// verdict is missed), F1 their harmonic mean; 0 when undefined.
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	F1        float64 `json:"f1"`
	// FalseAccept is FP over Negatives: equivalent said of a wrong
	// answer, the error that lets a policy hack its reward. FalseReject
	// is FN over Positives. NoVerdict is (NoneTrue+NoneFalse) over items.
	FalseAccept board.Rate `json:"false_accept"`
	FalseReject board.Rate `json:"false_reject"`
	NoVerdict   board.Rate `json:"no_verdict"`
	// Original and Augmented are the accuracy on the items without an
	// equivalence class and on the others; Collapse is Original's rate
	// minus Augmented's.
	Original  board.Rate `json:"original"`
	Augmented board.Rate `json:"augmented"`
	Collapse  float64    `json:"collapse"`
	Subjects  []Group    `json:"subjects"`
	Classes   []Group    `json:"classes"`
}

// Group is the accuracy and the false accepts on the items of one subject
// or one equivalence class.
type Group struct {
	Name        string     `json:"name"`
	Accuracy    board.Rate `json:"accuracy"`
	FalseAccept board.Rate `json:"false_accept"`
}

// Paired compares a style with the default style on the items both
// answered: Drop is the default's accuracy minus the style's, per policy.
type Paired struct {
	Items         int        `json:"items"`
	StrictDefault board.Rate `json:"strict_default"`
	StrictStyle   board.Rate `json:"strict_style"`
	StrictDrop    float64    `json:"strict_drop"`
	LooseDefault  board.Rate `json:"loose_default"`
	LooseStyle    board.Rate `json:"loose_style"`
	LooseDrop     float64    `json:"loose_drop"`
}

// Policy returns the default style's metrics under p.
func (s *Scores) Policy(p board.Policy) *Metrics {
	return s.Styles[0].of(p)
}

func (s *StyleScores) of(p board.Policy) *Metrics {
	if p == board.Loose {
		return &s.Loose
	}
	return &s.Strict
}

// correct reports whether verdict v is right on it.
func correct(it *Item, v Verdict) bool {
	return v == Accept && it.Equivalent() || v == Reject && !it.Equivalent()
}

// metrics scores verdicts (one per item, None for no verdict) over the
// items in scope (all when nil); answered says which had a record.
func (b *benchmark) metrics(verdicts []Verdict, answered []bool, scope []bool) Metrics {
	var m Metrics
	type counts struct{ n, ok, neg, fa int }
	subj := map[string]*counts{}
	cls := map[string]*counts{}
	var orig, aug [2]int
	for i := range b.items {
		if scope != nil && !scope[i] {
			continue
		}
		it := &b.items[i]
		v := verdicts[i]
		m.Items++
		if answered[i] {
			m.Answered++
		}
		ok := correct(it, v)
		if ok {
			m.Correct++
		}
		switch {
		case it.Equivalent():
			m.Positives++
		default:
			m.Negatives++
		}
		switch {
		case v == Accept && it.Equivalent():
			m.TP++
		case v == Accept:
			m.FP++
		case v == Reject && it.Equivalent():
			m.FN++
		case v == Reject:
			m.TN++
		case it.Equivalent():
			m.NoneTrue++
		default:
			m.NoneFalse++
		}
		for _, g := range []struct {
			m   map[string]*counts
			key string
		}{{subj, it.Subject}, {cls, it.class()}} {
			c := g.m[g.key]
			if c == nil {
				c = &counts{}
				g.m[g.key] = c
			}
			c.n++
			if ok {
				c.ok++
			}
			if !it.Equivalent() {
				c.neg++
				if v == Accept {
					c.fa++
				}
			}
		}
		oa := &aug
		if it.Class == "" {
			oa = &orig
		}
		oa[1]++
		if ok {
			oa[0]++
		}
	}
	m.Accuracy = score.NewRate(m.Correct, m.Items)
	if m.TP+m.FP > 0 {
		m.Precision = float64(m.TP) / float64(m.TP+m.FP)
	}
	if m.Positives > 0 {
		m.Recall = float64(m.TP) / float64(m.Positives)
	}
	if m.Precision+m.Recall > 0 {
		m.F1 = 2 * m.Precision * m.Recall / (m.Precision + m.Recall)
	}
	m.FalseAccept = score.NewRate(m.FP, m.Negatives)
	m.FalseReject = score.NewRate(m.FN, m.Positives)
	m.NoVerdict = score.NewRate(m.NoneTrue+m.NoneFalse, m.Items)
	m.Original = score.NewRate(orig[0], orig[1])
	m.Augmented = score.NewRate(aug[0], aug[1])
	if orig[1] > 0 && aug[1] > 0 {
		m.Collapse = m.Original.Rate - m.Augmented.Rate
	}
	group := func(names []string, g map[string]*counts) []Group {
		out := []Group{}
		for _, n := range names {
			if c := g[n]; c != nil {
				out = append(out, Group{Name: n, Accuracy: score.NewRate(c.ok, c.n), FalseAccept: score.NewRate(c.fa, c.neg)})
			}
		}
		return out
	}
	m.Subjects = group(b.subjects, subj)
	m.Classes = group(b.classes, cls)
	return m
}

// score computes a verifier's scores from its answers, per style.
func (b *benchmark) score(id, name string, answers [][]answer) Scores {
	s := Scores{ID: id, Name: name, Items: len(b.items)}
	n := len(b.items)
	for si, st := range b.styles {
		as := answers[si]
		answered := make([]bool, n)
		ss := StyleScores{Style: st.Name}
		// A sum of int64 counts can wrap around; a float64 sum is exact
		// below 2^53 and never negative.
		var tokens float64
		for i, a := range as {
			answered[i] = a.answered
			if a.answered {
				ss.Records++
				if a.hasTok {
					ss.Tokens++
					tokens += float64(a.tokens)
				}
			}
		}
		if si > 0 && ss.Records == 0 {
			continue
		}
		if ss.Tokens > 0 {
			ss.MeanTokens = tokens / float64(ss.Tokens)
		}
		var scope []bool
		if si > 0 {
			scope = answered
		}
		ss.Strict = b.metrics(verdictsOf(as, 0), answered, scope)
		ss.Loose = b.metrics(verdictsOf(as, 1), answered, scope)
		if si > 0 {
			ss.Paired = b.paired(answers[0], as)
		}
		s.Styles = append(s.Styles, ss)
	}
	s.Complete = s.Styles[0].Records == n
	return s
}

func verdictsOf(as []answer, p int) []Verdict {
	out := make([]Verdict, len(as))
	for i, a := range as {
		out[i] = a.verdicts[p]
	}
	return out
}

// paired compares style answers as with the default style's def on the
// items both answered.
func (b *benchmark) paired(def, as []answer) *Paired {
	p := &Paired{}
	var c [2][2]int // [policy][default, style]
	for i := range b.items {
		if !def[i].answered || !as[i].answered {
			continue
		}
		p.Items++
		for pol := range 2 {
			if correct(&b.items[i], def[i].verdicts[pol]) {
				c[pol][0]++
			}
			if correct(&b.items[i], as[i].verdicts[pol]) {
				c[pol][1]++
			}
		}
	}
	p.StrictDefault, p.StrictStyle = score.NewRate(c[0][0], p.Items), score.NewRate(c[0][1], p.Items)
	p.LooseDefault, p.LooseStyle = score.NewRate(c[1][0], p.Items), score.NewRate(c[1][1], p.Items)
	p.StrictDrop = p.StrictDefault.Rate - p.StrictStyle.Rate
	p.LooseDrop = p.LooseDefault.Rate - p.LooseStyle.Rate
	return p
}
