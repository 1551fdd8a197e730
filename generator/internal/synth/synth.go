// Package synth generates synthetic SciIF boards: a benchmark of made-up
// items and any number of made-up submissions, for stress tests and Go
// benchmarks of the pipeline.
//
// It is a test-data generator, not a pipeline stage: the site build never
// imports it, and its text means nothing scientifically (the responses are
// science-flavoured filler of realistic length, the judge outputs are in the
// canonical form with some variety). Output is a pure function of Options:
// the same options give byte-identical files, with no clock and no global
// random source.
//
// For the hand-written demo benchmark and demo submissions shipped with the
// site, see package demo below this one.
package synth

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// Options say what to generate.
type Options struct {
	// Models is the number of submissions (folders results/synth-model-NNN).
	Models int
	// Items is the number of benchmark items. As in the SciIF test set,
	// about 60 in 334 enable one constraint and the rest two to five.
	Items int
	// Seed selects one of the possible boards.
	Seed uint64
	// Catalog is the constraint catalog the items draw from; it is required
	// (callers usually pass ingest.BuiltinCatalog()).
	Catalog sciifdata.Catalog
	// JudgeNames are the judges of every submission; empty means
	// gpt-5.1 and gemini-3-flash, the paper's pair.
	JudgeNames []string
}

// DefaultJudges are the judges used when Options.JudgeNames is empty.
var DefaultJudges = []string{"gpt-5.1", "gemini-3-flash"}

// Subjects are the four subjects of SciIF; items cycle through them.
var Subjects = []string{"Biology", "Chemistry", "Materials", "Physics"}

// Generate builds the board in memory: the bytes of items.jsonl, and per
// model id the bytes of metadata.yaml ([0]) and responses.jsonl ([1]).
func Generate(opt Options) (bench []byte, subs map[string][2][]byte, err error) {
	if err := opt.check(); err != nil {
		return nil, nil, err
	}
	judges := opt.JudgeNames
	if len(judges) == 0 {
		judges = DefaultJudges
	}
	items := makeItems(opt)
	var buf bytes.Buffer
	for i := range items {
		if err := encodeLine(&buf, &items[i].Item); err != nil {
			return nil, nil, err
		}
	}
	bench = bytes.Clone(buf.Bytes())
	subs = make(map[string][2][]byte, opt.Models)
	for m := 0; m < opt.Models; m++ {
		sm := makeModel(opt, m)
		buf.Reset()
		for i := range items {
			rec, ok := sm.record(opt, judges, &items[i], i)
			if !ok {
				continue
			}
			if err := encodeLine(&buf, rec); err != nil {
				return nil, nil, err
			}
		}
		subs[sm.id] = [2][]byte{sm.metadata(judges), bytes.Clone(buf.Bytes())}
	}
	return bench, subs, nil
}

// Write generates the board and writes dir/benchmarks/sciif/items.jsonl and
// dir/results/<model>/{metadata.yaml,responses.jsonl}, creating folders as
// needed and overwriting files of the same names.
func Write(dir string, opt Options) error {
	bench, subs, err := Generate(opt)
	if err != nil {
		return err
	}
	write := func(rel string, data []byte) error {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("synth: %w", err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return fmt.Errorf("synth: %w", err)
		}
		return nil
	}
	if err := write("benchmarks/sciif/items.jsonl", bench); err != nil {
		return err
	}
	for id, files := range subs {
		// Each model writes its own two files, so map order does not
		// matter for the result.
		if err := write("results/"+id+"/metadata.yaml", files[0]); err != nil {
			return err
		}
		if err := write("results/"+id+"/responses.jsonl", files[1]); err != nil {
			return err
		}
	}
	return nil
}

func (o *Options) check() error {
	var errs []error
	if o.Models < 0 || o.Models > 9999 {
		errs = append(errs, fmt.Errorf("synth: models %d out of range 0..9999", o.Models))
	}
	if o.Items < 1 || o.Items > 99999 {
		errs = append(errs, fmt.Errorf("synth: items %d out of range 1..99999", o.Items))
	}
	if len(o.Catalog.Constraints) < 5 {
		errs = append(errs, fmt.Errorf("synth: the catalog has %d constraints, need at least 5", len(o.Catalog.Constraints)))
	}
	for _, c := range o.Catalog.Constraints {
		if len(c.Points) == 0 {
			errs = append(errs, fmt.Errorf("synth: constraint %q has no evidence points", c.ID))
		}
	}
	return errors.Join(errs...)
}

// rng returns a generator for one purpose, fixed by the seed and the
// purpose's indexes, so that adding models or items never changes the
// others.
func rng(seed uint64, key ...uint64) *rand.Rand {
	s := seed
	for _, k := range key {
		s = splitmix(s ^ splitmix(k+0x9e3779b97f4a7c15))
	}
	return rand.New(rand.NewPCG(s, splitmix(s)))
}

// Unit returns a number in [0, 1) fixed by its key: the same key gives
// the same number on every machine and in every version. The demo
// generators draw every choice from it.
func Unit(key ...string) float64 {
	h := fnv.New64a()
	for _, k := range key {
		h.Write([]byte(k))
		h.Write([]byte{0})
	}
	// splitmix64's finaliser: FNV alone leaves the high bits poorly mixed
	// for keys that differ in their last bytes.
	x := h.Sum64()
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / (1 << 53)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Purposes of random streams.
const (
	streamItem uint64 = iota + 1
	streamModel
	streamRecord
)

// item is a benchmark item plus what the generator needs to answer it.
type item struct {
	sciifdata.Item
	value float64
	unit  string
}

// kOf spreads k over the items like the SciIF test set: 60 of 334 items
// with k = 1, the rest with k = 2..5 in falling proportions.
func kOf(i, n int) int {
	ones := int(math.Round(float64(n) * 60 / 334))
	if i < ones {
		return 1
	}
	// Of the rest: 35% k=2, 30% k=3, 20% k=4, 15% k=5, in blocks so
	// the counts are exact for any n.
	f := float64(i-ones) / float64(max(n-ones, 1))
	switch {
	case f < 0.35:
		return 2
	case f < 0.65:
		return 3
	case f < 0.85:
		return 4
	}
	return 5
}

func makeItems(opt Options) []item {
	cat := opt.Catalog.Constraints
	items := make([]item, opt.Items)
	perSubject := map[string]int{}
	for i := range items {
		r := rng(opt.Seed, streamItem, uint64(i))
		subj := Subjects[i%len(Subjects)]
		perSubject[subj]++
		k := min(kOf(i, opt.Items), len(cat))
		// Draw k distinct constraints; process constraints are rarer, as
		// in the paper's test set.
		weights := make([]float64, len(cat))
		for j, c := range cat {
			weights[j] = 1
			if c.Family == sciifdata.Process {
				weights[j] = 0.3
			}
		}
		var cons []string
		for len(cons) < k {
			j := weighted(r, weights)
			weights[j] = 0
			cons = append(cons, cat[j].ID)
		}
		q := quantities[r.IntN(len(quantities))]
		value := roundSig(q.lo*math.Pow(q.hi/q.lo, r.Float64()), 4)
		it := item{value: value, unit: q.unit}
		it.ID = fmt.Sprintf("%s-%04d", strings.ToLower(subj), perSubject[subj])
		it.Subject = subj
		it.Constraints = cons
		it.Question = question(r, q, cons, cat)
		it.Reference = sciifdata.Reference{
			Answer:   formatValue(value) + " " + q.unit,
			Type:     "numeric",
			Solution: filler(r, 400) + "\n\n**Final Answer:** " + formatValue(value) + " " + q.unit,
		}
		if r.IntN(4) == 0 {
			it.Reference.Tolerance = &sciifdata.Tolerance{Kind: "relative", Value: 0.01}
		}
		items[i] = it
	}
	return items
}

func weighted(r *rand.Rand, w []float64) int {
	total := 0.0
	for _, x := range w {
		total += x
	}
	u := r.Float64() * total
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	for i := len(w) - 1; i >= 0; i-- {
		if w[i] > 0 {
			return i
		}
	}
	return 0
}

type quantity struct {
	name, symbol, unit string
	lo, hi             float64
}

var quantities = []quantity{
	{"terminal velocity", "v_t", "m/s", 1e-4, 10},
	{"activation energy", "E_a", "kJ/mol", 20, 250},
	{"equilibrium pressure", "p", "kPa", 1, 500},
	{"half-life", "t_{1/2}", "s", 1, 1e5},
	{"lattice parameter", "a", "nm", 0.2, 0.7},
	{"yield strength", "\\sigma_y", "MPa", 50, 1500},
	{"membrane potential", "E", "mV", 10, 120},
	{"rate constant", "k", "1/s", 1e-6, 10},
	{"wavelength", "\\lambda", "nm", 100, 2000},
	{"heat flux", "q", "W/m^2", 10, 1e5},
	{"concentration", "c", "mol/L", 1e-6, 2},
	{"diffusion time", "t", "s", 1e-3, 1e4},
}

func question(r *rand.Rand, q quantity, cons []string, cat []sciifdata.Constraint) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A system is characterised by %s. Using the data below, determine the %s $%s$ in %s.\n\n",
		pickOf(r, setups), q.name, q.symbol, q.unit)
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&b, "- $x_%d = %s$ %s\n", i+1, formatValue(roundSig(math.Pow(10, 4*r.Float64()-2), 3)), pickOf(r, givenUnits))
	}
	b.WriteString("\n")
	for _, id := range cons {
		for j := range cat {
			if cat[j].ID == id {
				fmt.Fprintf(&b, "%s ", requirement(&cat[j]))
			}
		}
	}
	return strings.TrimSpace(b.String())
}

func requirement(c *sciifdata.Constraint) string {
	if c.Description != "" {
		return "Constraint (" + c.Name + "): " + c.Description
	}
	return "Follow the " + c.Name + " constraint."
}

var setups = []string{
	"a dilute aqueous solution held at constant temperature",
	"a thin film deposited on an insulating substrate",
	"a spherical particle settling in a viscous liquid",
	"a first-order reaction in a closed vessel",
	"a bacterial culture growing in a well-mixed flask",
	"a steel bar clamped between rigid supports",
	"an electron confined in a one-dimensional well",
	"a gas mixture at moderate pressure",
}

var givenUnits = []string{"K", "mol/L", "m", "Pa", "s", "J/mol", "kg", "V"}

func pickOf(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// sentences are the filler from which responses are built.
var sentences = []string{
	"We begin by writing the governing relation and identifying which quantities are given and which must be found.",
	"Under the stated conditions the system may be treated as being in steady state, which removes the time derivative.",
	"Substituting the given values into the expression yields an intermediate result that is carried forward with four significant figures.",
	"The temperature is converted to kelvin before it enters any exponential or power law.",
	"A quick order-of-magnitude estimate confirms that the result lies in a physically reasonable range.",
	"The linear approximation is adequate because the perturbation is small compared with the reference value.",
	"Each symbol keeps a single meaning throughout, and its unit is stated at first use.",
	"The boundary values are substituted back into the solution to confirm that they are satisfied.",
	"Iterating the update rule from the initial guess converges within a few steps to the tolerance required.",
	"The dominant uncertainty comes from the measured length, which propagates linearly to the target.",
	"Rearranging for the unknown and simplifying the ratio gives a closed-form expression.",
	"The dimensions of the final expression reduce to those of the requested quantity, as they must.",
	"Outside this range the approximation overestimates the effect, and a full treatment would be needed.",
	"The constants are taken from CODATA 2018 with their units written explicitly.",
	"Numerically, the two contributions are of similar size, so neither can be neglected.",
	"This matches the expected trend: increasing the driving force increases the response monotonically.",
}

// filler returns about n bytes of science-flavoured text in paragraphs.
func filler(r *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			if r.IntN(3) == 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString(sentences[r.IntN(len(sentences))])
		if r.IntN(4) == 0 {
			fmt.Fprintf(&b, " With the given data this is $%s$.", formatValue(roundSig(math.Pow(10, 6*r.Float64()-3), 4)))
		}
	}
	return b.String()
}

type synthModel struct {
	index      int
	id, name   string
	open       bool
	date       string
	correct    float64 // chance of a right final answer
	main, sec  float64 // chance of writing a MAIN / SECONDARY point's evidence
	missing    map[int]bool
	strictness float64 // chance that the second judge is the stricter one
}

func makeModel(opt Options, m int) *synthModel {
	r := rng(opt.Seed, streamModel, uint64(m))
	skill := 0.15 + 0.8*r.Float64()
	sm := &synthModel{
		index:      m,
		id:         fmt.Sprintf("synth-model-%03d", m+1),
		name:       fmt.Sprintf("Synthetic Model %03d", m+1),
		open:       r.IntN(2) == 0,
		date:       dateAfter(2025, 1, 1, m*3+r.IntN(3)),
		correct:    0.25 + 0.65*skill,
		main:       0.45 + 0.52*skill,
		sec:        0.2 + 0.65*skill,
		strictness: 0.2 + 0.3*r.Float64(),
		missing:    map[int]bool{},
	}
	// One model in ten is incomplete.
	if r.IntN(10) == 0 {
		for n := 1 + r.IntN(3); n > 0 && opt.Items > 1; n-- {
			sm.missing[r.IntN(opt.Items)] = true
		}
	}
	return sm
}

// dateAfter returns the ISO date d days after y-m-day, without the clock.
func dateAfter(y, m, day, d int) string {
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	day += d
	for {
		n := days[m-1]
		if m == 2 && (y%4 == 0 && y%100 != 0 || y%400 == 0) {
			n = 29
		}
		if day <= n {
			return fmt.Sprintf("%04d-%02d-%02d", y, m, day)
		}
		day -= n
		if m++; m > 12 {
			m, y = 1, y+1
		}
	}
}

func (sm *synthModel) metadata(judges []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", sm.name)
	b.WriteString("organization: Synthetic Lab (generated)\n")
	fmt.Fprintf(&b, "open_weights: %t\n", sm.open)
	fmt.Fprintf(&b, "date: %s\n", sm.date)
	fmt.Fprintf(&b, "judges: [%s]\n", strings.Join(judges, ", "))
	b.WriteString("decoding: temperature 0, max tokens 4096\n")
	b.WriteString("notes: Synthetic submission for stress tests; not a real model.\n")
	return []byte(b.String())
}

func (sm *synthModel) record(opt Options, judges []string, it *item, i int) (*sciifdata.Record, bool) {
	if sm.missing[i] {
		return nil, false
	}
	r := rng(opt.Seed, streamRecord, uint64(sm.index), uint64(i))
	correct := r.Float64() < sm.correct
	value := it.value
	if !correct {
		value = roundSig(value*(1.2+r.Float64()), 4)
	}
	final := formatValue(value) + " " + it.unit
	resp := "**Plan.** " + sentences[r.IntN(len(sentences))] + "\n\n" +
		filler(r, 1300+r.IntN(400)) + "\n\n**Final Answer:** " + final
	rec := &sciifdata.Record{ID: it.ID, Response: resp, Judges: make(map[string]sciifdata.JudgeOutput, len(judges))}
	// What the model wrote, point by point, decided once for all judges.
	k := float64(len(it.Constraints))
	written := map[string][]bool{}
	for _, id := range it.Constraints {
		c := lookup(opt.Catalog, id)
		w := make([]bool, len(c.Points))
		for p := range c.Points {
			prob := sm.sec
			if c.Points[p].Main {
				prob = sm.main
			}
			w[p] = r.Float64() < prob*(1-0.04*(k-1))
		}
		written[id] = w
	}
	stricter := 0
	if len(judges) > 1 && r.Float64() < sm.strictness {
		stricter = 1
	}
	for j, name := range judges {
		out := sciifdata.JudgeOutput{Constraints: make(map[string]string, len(it.Constraints))}
		st := judgeStyle(r)
		verdict := "YES"
		reason := "the final value matches the reference " + it.Reference.Answer
		if !correct {
			verdict, reason = "NO", "the response gives "+final+", the reference is "+it.Reference.Answer
		}
		out.Correctness = st.join([]string{st.label("CORRECT") + st.word(verdict), "REASON: " + reason})
		for _, id := range it.Constraints {
			c := lookup(opt.Catalog, id)
			var lines []string
			all := true
			for p, ok := range written[id] {
				// The stricter judge occasionally rejects evidence the
				// other accepts.
				if ok && j == stricter && r.IntN(12) == 0 {
					ok = false
				}
				line := st.label(fmt.Sprintf("POINT_%d", p+1))
				if ok {
					line += st.word("YES")
				} else {
					all = false
					line += st.word("NO") + " - " + missingReason(c.Points[p])
				}
				lines = append(lines, line)
			}
			if all {
				lines = append(lines, st.label("OVERALL")+st.word("YES"), "OVERALL_REASON: all points evidenced")
			} else {
				lines = append(lines, st.label("OVERALL")+st.word("NO"), "OVERALL_REASON: missing evidence")
			}
			out.Constraints[id] = st.join(lines)
		}
		rec.Judges[name] = out
	}
	return rec, true
}

func lookup(cat sciifdata.Catalog, id string) *sciifdata.Constraint {
	c, _ := cat.Lookup(id)
	return c
}

func missingReason(p sciifdata.Point) string {
	if p.Short != "" {
		return "no explicit evidence: " + strings.ToLower(p.Short)
	}
	return "no explicit evidence"
}

// style is a light variation on the canonical judge output format.
type style struct {
	lower, bold, crlf bool
}

func judgeStyle(r *rand.Rand) style {
	return style{lower: r.IntN(10) == 0, bold: r.IntN(8) == 0, crlf: r.IntN(10) == 0}
}

func (s style) label(l string) string {
	if s.bold {
		return "**" + l + ":** "
	}
	return l + ": "
}

func (s style) word(w string) string {
	if s.lower {
		return strings.ToLower(w)
	}
	return w
}

func (s style) join(lines []string) string {
	if s.crlf {
		return strings.Join(lines, "\r\n")
	}
	return strings.Join(lines, "\n")
}

func roundSig(x float64, n int) float64 {
	if x == 0 {
		return 0
	}
	p := math.Pow(10, float64(n)-math.Ceil(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

// formatValue writes x with four significant figures, in e-notation when
// it is very large or small.
func formatValue(x float64) string {
	if a := math.Abs(x); a != 0 && (a < 1e-3 || a >= 1e5) {
		return fmt.Sprintf("%.3e", x)
	}
	return fmt.Sprintf("%.4g", x)
}

func encodeLine(buf *bytes.Buffer, v any) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
