package ifbench

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/neurosnap/sentences/data"
)

// This file ports NLTK 3.8's Punkt sentence tokenizer as nltk.sent_tokenize
// runs it (PunktSentenceTokenizer.tokenize with the default language variables
// and realigned boundaries), with NLTK's English parameters as shipped by
// github.com/neurosnap/sentences. Only the decision procedure is ported, not
// training.

// Orthographic context flags, as in the Punkt parameters.
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

// punktParams are the trained Punkt parameters. They are read-only once
// loaded.
type punktParams struct {
	abbrev   map[string]bool
	colloc   map[[2]string]bool
	starters map[string]bool
	ortho    map[string]int
}

// englishPunkt loads NLTK's English Punkt parameters once; the result is
// never modified afterwards.
var englishPunkt = sync.OnceValue(func() *punktParams {
	b, err := data.Asset("data/english.json")
	if err != nil {
		panic(fmt.Sprintf("ifbench: punkt english parameters: %v", err))
	}
	var raw struct {
		AbbrevTypes  map[string]int
		Collocations map[string]int
		SentStarters map[string]int
		OrthoContext map[string]int
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		panic(fmt.Sprintf("ifbench: punkt english parameters: %v", err))
	}
	p := &punktParams{
		abbrev:   make(map[string]bool, len(raw.AbbrevTypes)),
		colloc:   make(map[[2]string]bool, len(raw.Collocations)),
		starters: make(map[string]bool, len(raw.SentStarters)),
		ortho:    raw.OrthoContext,
	}
	for k := range raw.AbbrevTypes {
		p.abbrev[k] = true
	}
	for k := range raw.SentStarters {
		p.starters[k] = true
	}
	for k := range raw.Collocations {
		a, b, ok := strings.Cut(k, ",")
		if ok {
			p.colloc[[2]string{a, b}] = true
		}
	}
	return p
})

// splitSentences is nltk.sent_tokenize(text) for English.
func splitSentences(text string) []string {
	spans := englishPunkt().sentenceSpans(text)
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = text[s[0]:s[1]]
	}
	return out
}

// ptoken is a Punkt token with its annotations.
type ptoken struct {
	tok, typ                  string
	periodFinal               bool
	paraStart, lineStart      bool
	sentBreak, abbr, ellipsis bool
}

var (
	reNumericTok = regexp.MustCompile(`^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$`)
	reInitialTok = regexp.MustCompile(`^[\p{L}\p{Nl}\p{No}_]\.$`)
	reEllipsis   = regexp.MustCompile(`^\.\.+$`)
)

func newPToken(tok string) *ptoken {
	typ := strings.ToLower(tok)
	if reNumericTok.MatchString(typ) {
		typ = "##number##"
	}
	return &ptoken{tok: tok, typ: typ, periodFinal: strings.HasSuffix(tok, ".")}
}

func (t *ptoken) typeNoPeriod() string {
	if utf8.RuneCountInString(t.typ) > 1 && strings.HasSuffix(t.typ, ".") {
		return t.typ[:len(t.typ)-1]
	}
	return t.typ
}

func (t *ptoken) typeNoSentPeriod() string {
	if t.sentBreak {
		return t.typeNoPeriod()
	}
	return t.typ
}

func (t *ptoken) firstUpper() bool { return unicode.IsUpper(firstRune(t.tok)) }
func (t *ptoken) firstLower() bool { return unicode.IsLower(firstRune(t.tok)) }

// Punkt's language variables, as character classes.
const (
	punktNonWord   = "?!)\";}]*:@'({["
	punktWordStart = "(\"`{[:;&#*@)}]-," // characters that cannot start a word
)

// punktMultiChar returns the length of a multi-character punctuation mark at
// the start of s ("--", "...", ". . ."), or 0.
func punktMultiChar(s string) int {
	if strings.HasPrefix(s, "--") {
		n := 0
		for n < len(s) && s[n] == '-' {
			n++
		}
		return n
	}
	if strings.HasPrefix(s, "..") {
		n := 0
		for n < len(s) && s[n] == '.' {
			n++
		}
		return n
	}
	// (?:\.\s){2,}\.
	n, pairs := 0, 0
	for n+1 < len(s) && s[n] == '.' {
		r, size := utf8.DecodeRuneInString(s[n+1:])
		if !isPySpace(r) {
			break
		}
		n += 1 + size
		pairs++
	}
	for pairs >= 2 {
		if n < len(s) && s[n] == '.' {
			return n + 1
		}
		// Backtrack one pair: the regex may match fewer repetitions.
		pairs--
		n = lastPairEnd(s, pairs)
	}
	return 0
}

// lastPairEnd returns the end of the first k ". " pairs of s.
func lastPairEnd(s string, k int) int {
	n := 0
	for i := 0; i < k; i++ {
		_, size := utf8.DecodeRuneInString(s[n+1:])
		n += 1 + size
	}
	return n
}

// punktWordTokenize splits one line the way PunktLanguageVars.word_tokenize
// does: punctuation other than periods is split from words.
func punktWordTokenize(line string) []string {
	var toks []string
	i := 0
	for i < len(line) {
		r, size := utf8.DecodeRuneInString(line[i:])
		if isPySpace(r) {
			i += size
			continue
		}
		if n := punktMultiChar(line[i:]); n > 0 {
			toks = append(toks, line[i:i+n])
			i += n
			continue
		}
		if !strings.ContainsRune(punktWordStart, r) {
			// \S+? up to the first position that ends a word.
			j := i + size
			for j < len(line) && !punktWordEnds(line, j) {
				_, sz := utf8.DecodeRuneInString(line[j:])
				j += sz
			}
			toks = append(toks, line[i:j])
			i = j
			continue
		}
		toks = append(toks, line[i:i+size])
		i += size
	}
	return toks
}

// punktWordEnds reports whether a word token may end before position j.
func punktWordEnds(s string, j int) bool {
	if j >= len(s) {
		return true
	}
	r, size := utf8.DecodeRuneInString(s[j:])
	if isPySpace(r) || strings.ContainsRune(punktNonWord, r) || punktMultiChar(s[j:]) > 0 {
		return true
	}
	if r == ',' {
		k := j + size
		if k >= len(s) {
			return true
		}
		r2, _ := utf8.DecodeRuneInString(s[k:])
		return isPySpace(r2) || strings.ContainsRune(punktNonWord, r2) || punktMultiChar(s[k:]) > 0
	}
	return false
}

// tokenizeWords is PunktBaseClass._tokenize_words.
func (p *punktParams) tokenizeWords(text string) []*ptoken {
	var toks []*ptoken
	paraStart := false
	for _, line := range strings.Split(text, "\n") {
		if pyTrim(line) == "" {
			paraStart = true
			continue
		}
		words := punktWordTokenize(line)
		if len(words) == 0 {
			continue
		}
		for i, w := range words {
			t := newPToken(w)
			if i == 0 {
				t.paraStart, t.lineStart = paraStart, true
				paraStart = false
			}
			toks = append(toks, t)
		}
	}
	return toks
}

// annotate runs Punkt's first and second passes over toks.
func (p *punktParams) annotate(toks []*ptoken) {
	for _, t := range toks {
		p.firstPass(t)
	}
	for i, t := range toks {
		if i+1 < len(toks) {
			p.secondPass(t, toks[i+1])
		}
	}
}

func (p *punktParams) firstPass(t *ptoken) {
	tok := t.tok
	switch {
	case tok == "." || tok == "?" || tok == "!":
		t.sentBreak = true
	case reEllipsis.MatchString(tok):
		t.ellipsis = true
	case t.periodFinal && !strings.HasSuffix(tok, ".."):
		stem := strings.ToLower(tok[:len(tok)-1])
		parts := strings.Split(stem, "-")
		if p.abbrev[stem] || p.abbrev[parts[len(parts)-1]] {
			t.abbr = true
		} else {
			t.sentBreak = true
		}
	}
}

// orthoDecision is the orthographic heuristic's answer: is the token the
// first of a sentence?
type orthoDecision int

const (
	orthoUnknown orthoDecision = iota
	orthoYes
	orthoNo
)

func (p *punktParams) orthoHeuristic(t *ptoken) orthoDecision {
	if len(t.tok) == 1 && strings.Contains(";:,.!?", t.tok) {
		return orthoNo
	}
	oc := p.ortho[t.typeNoSentPeriod()]
	if t.firstUpper() && oc&orthoLC != 0 && oc&orthoMidUC == 0 {
		return orthoYes
	}
	if t.firstLower() && (oc&orthoUC != 0 || oc&orthoBegLC == 0) {
		return orthoNo
	}
	return orthoUnknown
}

func (p *punktParams) secondPass(t1, t2 *ptoken) {
	if !t1.periodFinal {
		return
	}
	typ := t1.typeNoPeriod()
	next := t2.typeNoSentPeriod()
	initial := reInitialTok.MatchString(t1.tok)
	if p.colloc[[2]string{typ, next}] {
		t1.sentBreak, t1.abbr = false, true
		return
	}
	if (t1.abbr || t1.ellipsis) && !initial {
		if p.orthoHeuristic(t2) == orthoYes {
			t1.sentBreak = true
			return
		}
		if t2.firstUpper() && p.starters[next] {
			t1.sentBreak = true
			return
		}
	}
	if initial || typ == "##number##" {
		h := p.orthoHeuristic(t2)
		if h == orthoNo {
			t1.sentBreak, t1.abbr = false, true
			return
		}
		if h == orthoUnknown && initial && t2.firstUpper() && p.ortho[next]&orthoLC == 0 {
			t1.sentBreak, t1.abbr = false, true
		}
	}
}

// containsSentBreak is PunktSentenceTokenizer.text_contains_sentbreak: a
// break on any token but the last.
func (p *punktParams) containsSentBreak(text string) bool {
	toks := p.tokenizeWords(text)
	p.annotate(toks)
	for i, t := range toks {
		if t.sentBreak && i+1 < len(toks) {
			return true
		}
	}
	return false
}

// endMatch is one match of Punkt's period-context pattern: a sentence-ending
// character followed by other punctuation or by whitespace and a token.
type endMatch struct {
	start, end int // the sentence-ending character
	afterEnd   int // end of the lookahead (after_tok)
	nextTok    int // start of next_tok, or -1
}

func findEndMatches(text string) []endMatch {
	var ms []endMatch
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '.' && c != '?' && c != '!' {
			continue
		}
		j := i + 1
		if j >= len(text) {
			continue
		}
		r, size := utf8.DecodeRuneInString(text[j:])
		if strings.ContainsRune(punktNonWord, r) {
			ms = append(ms, endMatch{start: i, end: j, afterEnd: j + size, nextTok: -1})
			continue
		}
		if !isPySpace(r) {
			continue
		}
		k := j
		for k < len(text) {
			r, size := utf8.DecodeRuneInString(text[k:])
			if !isPySpace(r) {
				break
			}
			k += size
		}
		m := k
		for m < len(text) {
			r, size := utf8.DecodeRuneInString(text[m:])
			if isPySpace(r) {
				break
			}
			m += size
		}
		if m > k {
			ms = append(ms, endMatch{start: i, end: j, afterEnd: m, nextTok: k})
		}
	}
	return ms
}

// lastSpaceBefore returns the start of the last whitespace run in s that ends
// at i, or i when s[i-1] is not whitespace.
func skipSpaceBack(s string, i int) int {
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if !isPySpace(r) {
			break
		}
		i -= size
	}
	return i
}

func skipWordBack(s string, i int) int {
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		if isPySpace(r) {
			break
		}
		i -= size
	}
	return i
}

// sentenceSpans is PunktSentenceTokenizer.span_tokenize with realigned
// boundaries, as NLTK 3.8 computes it.
func (p *punktParams) sentenceSpans(text string) [][2]int {
	all := findEndMatches(text)
	// _match_potential_end_contexts: walk right to left and drop matches
	// inside the word before a kept match.
	type kept struct {
		m       endMatch
		context string
	}
	var ks []kept
	beforeStart := 0
	for i := len(all) - 1; i >= 0; i-- {
		m := all[i]
		if len(ks) > 0 && m.end > beforeStart {
			continue
		}
		// text[:m.start].rsplit(maxsplit=1)
		wordEnd := skipSpaceBack(text, m.start)
		wordStart := skipWordBack(text, wordEnd)
		leftEnd := skipSpaceBack(text, wordStart)
		if leftEnd > 0 {
			beforeStart = leftEnd
		} else {
			beforeStart = 0
			// With one field, Python keeps its leading whitespace out too.
		}
		before := text[wordStart:wordEnd]
		ks = append(ks, kept{m, before + text[m.start:m.afterEnd]})
	}
	var slices [][2]int
	last := 0
	for i := len(ks) - 1; i >= 0; i-- {
		k := ks[i]
		if p.containsSentBreak(k.context) {
			slices = append(slices, [2]int{last, k.m.end})
			if k.m.nextTok >= 0 {
				last = k.m.nextTok
			} else {
				last = k.m.end
			}
		}
	}
	slices = append(slices, [2]int{last, len(strings.TrimRightFunc(text, isPySpace))})
	return realignBoundaries(text, slices)
}

// realignBoundaries moves closing quotes and brackets that follow a sentence
// end into that sentence.
func realignBoundaries(text string, slices [][2]int) [][2]int {
	var out [][2]int
	realign := 0
	for i, s1 := range slices {
		s1[0] += realign
		if i+1 == len(slices) {
			if s1[0] < s1[1] {
				out = append(out, s1)
			}
			continue
		}
		s2 := slices[i+1]
		if n, end := boundaryRealignment(text[s2[0]:max(s2[0], s2[1])]); n > 0 {
			out = append(out, [2]int{s1[0], s2[0] + n})
			realign = end
		} else {
			realign = 0
			if s1[0] < s1[1] {
				out = append(out, s1)
			}
		}
	}
	return out
}

// boundaryRealignment matches [\"\')\]}]+?(?:\s+|(?=--)|$) at the start of
// s and returns the length of the closing characters and of the whole match.
func boundaryRealignment(s string) (closers, end int) {
	n := 0
	for n < len(s) && strings.IndexByte("\"')]}", s[n]) >= 0 {
		n++
	}
	if n == 0 {
		return 0, 0
	}
	if n == len(s) || strings.HasPrefix(s[n:], "--") {
		return n, n
	}
	k := n
	for k < len(s) {
		r, size := utf8.DecodeRuneInString(s[k:])
		if !isPySpace(r) {
			break
		}
		k += size
	}
	if k > n {
		return n, k
	}
	return 0, 0
}
