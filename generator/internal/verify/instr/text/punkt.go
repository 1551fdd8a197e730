package text

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// The Punkt sentence splitter below follows NLTK 3.8's PunktSentenceTokenizer
// (tokenize with realign_boundaries) decision for decision, with the English
// parameters NLTK ships (abbreviations, collocations, sentence starters and
// orthographic contexts), as packaged by github.com/neurosnap/sentences and
// copied into punkt_english.txt by gen_punkt.py.
// It works on code points, as Python does, so offsets are rune indexes.

// Orthographic context flags, as in NLTK.
const (
	orthoBegUC = 1 << 1
	orthoMidUC = 1 << 2
	orthoUnkUC = 1 << 3
	orthoBegLC = 1 << 4
	orthoMidLC = 1 << 5
	orthoUnkLC = 1 << 6
	orthoUC    = orthoBegUC | orthoMidUC | orthoUnkUC
	orthoLC    = orthoBegLC | orthoMidLC | orthoUnkLC
)

type punktParams struct {
	abbrev       map[string]bool
	collocations map[[2]string]bool
	starters     map[string]bool
	// ortho holds "type\tflags" lines sorted by type (see orthoContext).
	ortho string
}

// punktEnglish is NLTK's English model, written by gen_punkt.py.
//
//go:embed punkt_english.txt
var punktEnglish string

var englishPunkt = sync.OnceValues(loadEnglishPunkt)

// loadEnglishPunkt reads the small sections of punktEnglish into maps and
// keeps the 20,000 orthographic contexts as they are, for binary search.
func loadEnglishPunkt() (*punktParams, error) {
	var sec [4]string
	rest := punktEnglish
	for i := range sec {
		var ok bool
		if sec[i], rest, ok = strings.Cut(rest, "\n\n"); !ok {
			return nil, fmt.Errorf("punkt: english model: %d sections, want 4", i)
		}
		sec[i] += "\n"
	}
	set := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.SplitAfter(s, "\n") {
			if l != "" {
				m[l[:len(l)-1]] = true
			}
		}
		return m
	}
	p := &punktParams{abbrev: set(sec[0]), starters: set(sec[2]), collocations: map[[2]string]bool{}, ortho: sec[3]}
	for k := range set(sec[1]) {
		a, b, _ := strings.Cut(k, ",")
		p.collocations[[2]string{a, b}] = true
	}
	return p, nil
}

// orthoContext returns the orthographic context flags of typ, 0 when the
// model has none.
func (p *punktParams) orthoContext(typ string) int {
	lo, hi := 0, len(p.ortho)
	for lo < hi {
		// lo and hi are at line starts; look at the line holding mid.
		mid := (lo + hi) / 2
		start := lo + strings.LastIndexByte(p.ortho[lo:mid], '\n') + 1
		end := start + strings.IndexByte(p.ortho[start:], '\n')
		key, val, _ := strings.Cut(p.ortho[start:end], "\t")
		switch {
		case key < typ:
			lo = end + 1
		case key > typ:
			hi = start
		default:
			n, err := strconv.Atoi(val)
			if err != nil {
				panic("punkt: english model: bad orthographic context " + strconv.Quote(key))
			}
			return n
		}
	}
	return 0
}

// CountSentences returns the number of sentences NLTK's English Punkt model
// finds in s (len(sent_tokenize(s)) in Python).
func CountSentences(s string) int { return len(Sentences(s)) }

// Sentences splits s into sentences as NLTK's English Punkt model does.
func Sentences(s string) []string {
	p, err := englishPunkt()
	if err != nil {
		// The model is compiled into the binary; failing to read it is a
		// build defect, not an input problem.
		panic(err)
	}
	t := []rune(s)
	spans := p.realign(t, p.slices(t))
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = string(t[sp[0]:sp[1]])
	}
	return out
}

type span [2]int

// periodMatch is one match of NLTK's period-context expression: a sentence
// end character and, in a lookahead, the text after it.
type periodMatch struct {
	start, end   int // the end character itself
	afterEnd     int // end of the after_tok group
	nextTokStart int // -1 when the next token is punctuation
}

func isNonWordChar(r rune) bool {
	return strings.ContainsRune(`)";}]*:@'({[?!`, r)
}

func isSentEnd(r rune) bool { return r == '.' || r == '?' || r == '!' }

func periodMatches(t []rune) []periodMatch {
	var ms []periodMatch
	for i, r := range t {
		if !isSentEnd(r) || i+1 >= len(t) {
			continue
		}
		n := t[i+1]
		if isNonWordChar(n) {
			ms = append(ms, periodMatch{i, i + 1, i + 2, -1})
			continue
		}
		if !IsSpace(n) {
			continue
		}
		j := i + 1
		for j < len(t) && IsSpace(t[j]) {
			j++
		}
		k := j
		for k < len(t) && !IsSpace(t[k]) {
			k++
		}
		if k == j {
			continue
		}
		ms = append(ms, periodMatch{i, i + 1, k, j})
	}
	return ms
}

func lastASCIISpace(t []rune) int {
	for i := len(t) - 1; i >= 0; i-- {
		if IsASCIISpace(t[i]) {
			return i
		}
	}
	return 0
}

type matchContext struct {
	m       periodMatch
	context []rune
}

// potentialEnds mirrors NLTK's _match_potential_end_contexts: each candidate
// end with the word before it and the token after it.
func potentialEnds(t []rune) []matchContext {
	var out []matchContext
	prev := span{0, 0}
	var prevMatch *periodMatch
	ctx := func(sl span, m periodMatch) []rune {
		c := make([]rune, 0, sl[1]-sl[0]+m.afterEnd-m.start)
		c = append(c, t[sl[0]:sl[1]]...)
		return append(c, t[m.start:m.afterEnd]...)
	}
	ms := periodMatches(t)
	for i := range ms {
		m := ms[i]
		before := t[prev[1]:m.start]
		idx := lastASCIISpace(before)
		if idx != 0 {
			idx += prev[1] + 1
		} else {
			idx = prev[0]
		}
		word := span{idx, m.start}
		if prevMatch != nil && prev[1] <= word[0] {
			out = append(out, matchContext{*prevMatch, ctx(prev, *prevMatch)})
		}
		prevMatch = &ms[i]
		prev = word
	}
	if prevMatch != nil {
		out = append(out, matchContext{*prevMatch, ctx(prev, *prevMatch)})
	}
	return out
}

func (p *punktParams) slices(t []rune) []span {
	var out []span
	last := 0
	for _, mc := range potentialEnds(t) {
		if p.containsSentBreak(mc.context) {
			out = append(out, span{last, mc.m.end})
			if mc.m.nextTokStart >= 0 {
				last = mc.m.nextTokStart
			} else {
				last = mc.m.end
			}
		}
	}
	end := len(t)
	for end > 0 && IsSpace(t[end-1]) {
		end--
	}
	return append(out, span{last, end})
}

// realign mirrors NLTK's _realign_boundaries: closing quotes and brackets
// after a sentence end move into the sentence they close.
func (p *punktParams) realign(t []rune, sl []span) []span {
	var out []span
	realign := 0
	for i, s1 := range sl {
		s1 = span{s1[0] + realign, s1[1]}
		if i+1 == len(sl) {
			if s1[0] < s1[1] && s1[0] < len(t) {
				out = append(out, s1)
			}
			continue
		}
		s2 := sl[i+1]
		var seg []rune
		if s2[0] < s2[1] {
			seg = t[s2[0]:s2[1]]
		}
		if n, full := boundaryRealignment(seg); n > 0 {
			out = append(out, span{s1[0], s2[0] + n})
			realign = full
		} else {
			realign = 0
			if s1[0] < s1[1] && s1[0] < len(t) {
				out = append(out, s1)
			}
		}
	}
	return out
}

// boundaryRealignment matches ["')\]}]+?(?:\s+|(?=--)|$) (multiline) at the
// start of seg. It returns the length of the match without trailing space
// and the full length, or 0 when there is no match.
func boundaryRealignment(seg []rune) (int, int) {
	isCloser := func(r rune) bool { return strings.ContainsRune(`"')]}`, r) }
	for k := 1; k <= len(seg) && isCloser(seg[k-1]); k++ {
		if k < len(seg) && IsSpace(seg[k]) {
			j := k
			for j < len(seg) && IsSpace(seg[j]) {
				j++
			}
			return k, j
		}
		if k+1 < len(seg) && seg[k] == '-' && seg[k+1] == '-' {
			return k, k
		}
		if k == len(seg) || seg[k] == '\n' {
			return k, k
		}
	}
	return 0, 0
}

type punktToken struct {
	tok         string
	typ         string
	periodFinal bool
	sentbreak   bool
	abbr        bool
	ellipsis    bool
}

func (p *punktParams) containsSentBreak(context []rune) bool {
	toks := punktWords(context)
	for i := range toks {
		p.firstPass(&toks[i])
	}
	found := false
	for i := range toks {
		if i+1 < len(toks) {
			p.secondPass(&toks[i], &toks[i+1])
		}
		if found {
			return true
		}
		if toks[i].sentbreak {
			found = true
		}
	}
	return false
}

func newPunktToken(tok string) punktToken {
	return punktToken{tok: tok, typ: punktType(tok), periodFinal: strings.HasSuffix(tok, ".")}
}

// punktType lower-cases tok and folds numbers to ##number##, matching
// ^-?[\.,]?\d[\d,\.-]*\.?$.
func punktType(tok string) string {
	r := []rune(tok)
	i := 0
	if i < len(r) && r[i] == '-' {
		i++
	}
	if i < len(r) && (r[i] == '.' || r[i] == ',') {
		i++
	}
	if i < len(r) && IsDigit(r[i]) {
		i++
		for i < len(r) && (IsDigit(r[i]) || r[i] == ',' || r[i] == '.' || r[i] == '-') {
			i++
		}
		// The trailing \.? is already covered by the class above.
		if i == len(r) {
			return "##number##"
		}
	}
	return Lower(tok)
}

func (t *punktToken) typeNoPeriod() string {
	if len([]rune(t.typ)) > 1 && strings.HasSuffix(t.typ, ".") {
		return t.typ[:len(t.typ)-1]
	}
	return t.typ
}

func (t *punktToken) typeNoSentPeriod() string {
	if t.sentbreak {
		return t.typeNoPeriod()
	}
	return t.typ
}

func (t *punktToken) firstRune() rune {
	for _, r := range t.tok {
		return r
	}
	return 0
}

func (t *punktToken) firstUpper() bool { return isUpper(t.firstRune()) }
func (t *punktToken) firstLower() bool { return isLower(t.firstRune()) }

func (t *punktToken) isEllipsis() bool {
	r := []rune(t.tok)
	if len(r) < 2 {
		return false
	}
	for _, c := range r {
		if c != '.' {
			return false
		}
	}
	return true
}

// isInitial matches [^\W\d]\.$: one non-digit word character and a period.
func (t *punktToken) isInitial() bool {
	r := []rune(t.tok)
	return len(r) == 2 && r[1] == '.' && IsWord(r[0]) && !IsDigit(r[0])
}

func (p *punktParams) firstPass(t *punktToken) {
	switch {
	case t.tok == "." || t.tok == "?" || t.tok == "!":
		t.sentbreak = true
	case t.isEllipsis():
		t.ellipsis = true
	case t.periodFinal && !strings.HasSuffix(t.tok, ".."):
		w := Lower(t.tok[:len(t.tok)-1])
		parts := strings.Split(w, "-")
		if p.abbrev[w] || p.abbrev[parts[len(parts)-1]] {
			t.abbr = true
		} else {
			t.sentbreak = true
		}
	}
}

func (p *punktParams) secondPass(t1, t2 *punktToken) {
	if !t1.periodFinal {
		return
	}
	typ := t1.typeNoPeriod()
	next := t2.typeNoSentPeriod()
	initial := t1.isInitial()
	if p.collocations[[2]string{typ, next}] {
		t1.sentbreak, t1.abbr = false, true
		return
	}
	if (t1.abbr || t1.ellipsis) && !initial {
		switch p.orthoHeuristic(t2) {
		case orthoYes:
			t1.sentbreak = true
			return
		}
		if t2.firstUpper() && p.starters[next] {
			t1.sentbreak = true
			return
		}
	}
	if initial || typ == "##number##" {
		h := p.orthoHeuristic(t2)
		if h == orthoNo {
			t1.sentbreak, t1.abbr = false, true
			return
		}
		if h == orthoUnknown && initial && t2.firstUpper() && p.orthoContext(next)&orthoLC == 0 {
			t1.sentbreak, t1.abbr = false, true
		}
	}
}

const (
	orthoUnknown = iota
	orthoYes
	orthoNo
)

func (p *punktParams) orthoHeuristic(t *punktToken) int {
	if len(t.tok) == 1 && strings.Contains(";:,.!?", t.tok) {
		return orthoNo
	}
	ctx := p.orthoContext(t.typeNoSentPeriod())
	if t.firstUpper() && ctx&orthoLC != 0 && ctx&orthoMidUC == 0 {
		return orthoYes
	}
	if t.firstLower() && (ctx&orthoUC != 0 || ctx&orthoBegLC == 0) {
		return orthoNo
	}
	return orthoUnknown
}

// punktWords mirrors PunktBaseClass._tokenize_words without the paragraph
// and line flags, which sentence splitting does not read.
func punktWords(t []rune) []punktToken {
	var out []punktToken
	start := 0
	for i := 0; i <= len(t); i++ {
		if i < len(t) && t[i] != '\n' {
			continue
		}
		line := t[start:i]
		start = i + 1
		for _, w := range punktWordTokenize(line) {
			out = append(out, newPunktToken(w))
		}
	}
	return out
}

func isWordStartExcluded(r rune) bool { return strings.ContainsRune("(\"`{[:;&#*@)}]-,", r) }

// multiCharAt matches (?:\-{2,}|\.{2,}|(?:\.\s){2,}\.) at position i and
// returns its length, or 0.
func multiCharAt(t []rune, i int) int {
	if i+1 < len(t) && t[i] == '-' && t[i+1] == '-' {
		j := i
		for j < len(t) && t[j] == '-' {
			j++
		}
		return j - i
	}
	if i+1 < len(t) && t[i] == '.' && t[i+1] == '.' {
		j := i
		for j < len(t) && t[j] == '.' {
			j++
		}
		return j - i
	}
	pairs := 0
	j := i
	for j+1 < len(t) && t[j] == '.' && IsSpace(t[j+1]) {
		pairs++
		j += 2
	}
	if pairs >= 2 && j < len(t) && t[j] == '.' {
		return j + 1 - i
	}
	if pairs >= 3 {
		return 2*(pairs-1) + 1
	}
	return 0
}

// wordEndAt is the lookahead that ends a Punkt word token at position j.
func wordEndAt(t []rune, j int) bool {
	if j >= len(t) || IsSpace(t[j]) || isNonWordChar(t[j]) || multiCharAt(t, j) > 0 {
		return true
	}
	if t[j] == ',' {
		k := j + 1
		return k >= len(t) || IsSpace(t[k]) || isNonWordChar(t[k]) || multiCharAt(t, k) > 0
	}
	return false
}

// punktWordTokenize mirrors PunktLanguageVars.word_tokenize (findall of its
// word expression) on one line.
func punktWordTokenize(t []rune) []string {
	var out []string
	for i := 0; i < len(t); {
		if n := multiCharAt(t, i); n > 0 {
			out = append(out, string(t[i:i+n]))
			i += n
			continue
		}
		if IsSpace(t[i]) {
			i++
			continue
		}
		if !isWordStartExcluded(t[i]) {
			j := i + 1
			for !wordEndAt(t, j) {
				j++
			}
			out = append(out, string(t[i:j]))
			i = j
			continue
		}
		out = append(out, string(t[i]))
		i++
	}
	return out
}
