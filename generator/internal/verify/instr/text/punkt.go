package text

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The Punkt sentence splitter below follows NLTK 3.8's PunktSentenceTokenizer
// (tokenize with realign_boundaries) decision for decision, with the English
// parameters NLTK ships (abbreviations, collocations, sentence starters and
// orthographic contexts), as packaged by github.com/neurosnap/sentences and
// copied into punkt_english.txt by gen_punkt.py.
// Python works on code points; this port works on the UTF-8 bytes of valid
// text, where every character it looks for is ASCII, so byte offsets stand
// for Python's code-point offsets and sentences are substrings of the input.

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
func CountSentences(s string) int {
	_, spans := sentenceSpans(s)
	return len(spans)
}

// Sentences splits s into sentences as NLTK's English Punkt model does.
// When s is valid UTF-8 the sentences are substrings of s.
func Sentences(s string) []string {
	s, spans := sentenceSpans(s)
	out := make([]string, len(spans))
	for i, sp := range spans {
		out[i] = s[sp[0]:sp[1]]
	}
	return out
}

// sentenceSpans returns the byte spans of the sentences of s, and the text
// they index: s itself, or, when s is not valid UTF-8, s with each invalid
// byte replaced by U+FFFD, as []rune(s) reads it.
func sentenceSpans(s string) (string, []span) {
	p, err := englishPunkt()
	if err != nil {
		// The model is compiled into the binary; failing to read it is a
		// build defect, not an input problem.
		panic(err)
	}
	if !utf8.ValidString(s) {
		s = string([]rune(s))
	}
	return s, p.realign(s, p.slices(s))
}

type span [2]int

// periodMatch is one match of NLTK's period-context expression: a sentence
// end character and, in a lookahead, the text after it. Offsets are bytes.
type periodMatch struct {
	start, end   int // the end character itself
	afterEnd     int // end of the after_tok group
	nextTokStart int // -1 when the next token is punctuation
}

// isNonWordChar reports whether r is in Punkt's non-word class
// [)";}\]*:@'({\[?!].
func isNonWordChar(r rune) bool {
	switch r {
	case ')', '"', ';', '}', ']', '*', ':', '@', '\'', '(', '{', '[', '?', '!':
		return true
	}
	return false
}

func isSentEnd(c byte) bool { return c == '.' || c == '?' || c == '!' }

// nextPeriodMatch returns the first match of the period-context expression
// at or after byte from, and false when there is none.
func nextPeriodMatch(s string, from int) (periodMatch, bool) {
	for i := from; i+1 < len(s); i++ {
		if !isSentEnd(s[i]) {
			continue
		}
		n := s[i+1]
		if n < utf8.RuneSelf && isNonWordChar(rune(n)) {
			return periodMatch{i, i + 1, i + 2, -1}, true
		}
		if sp, _ := spaceAt(s, i+1); !sp {
			continue
		}
		j := i + 1
		for j < len(s) {
			sp, size := spaceAt(s, j)
			if !sp {
				break
			}
			j += size
		}
		k := j
		for k < len(s) {
			sp, size := spaceAt(s, k)
			if sp {
				break
			}
			k += size
		}
		if k == j {
			continue
		}
		return periodMatch{i, i + 1, k, j}, true
	}
	return periodMatch{}, false
}

// lastASCIISpace returns the offset of the last character of s in Python's
// string.whitespace, or 0.
func lastASCIISpace(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if IsASCIISpace(rune(s[i])) {
			return i
		}
	}
	return 0
}

// slices mirrors NLTK's _slices_from_text: each candidate end of
// _match_potential_end_contexts, with the word before it and the token
// after it, is a sentence end when that context holds a sentence break.
// A candidate's context is the text from the start of its word to the end
// of the token after it, a substring of s.
func (p *punktParams) slices(s string) []span {
	var out []span
	var toks []punktToken
	last := 0
	emit := func(m periodMatch, context string) {
		var brk bool
		toks, brk = p.containsSentBreak(context, toks[:0])
		if !brk {
			return
		}
		out = append(out, span{last, m.end})
		if m.nextTokStart >= 0 {
			last = m.nextTokStart
		} else {
			last = m.end
		}
	}
	prev := span{0, 0}
	var prevMatch periodMatch
	havePrev := false
	for from := 0; ; {
		m, ok := nextPeriodMatch(s, from)
		if !ok {
			break
		}
		from = m.end
		idx := lastASCIISpace(s[prev[1]:m.start])
		if idx != 0 {
			idx += prev[1] + 1
		} else {
			idx = prev[0]
		}
		word := span{idx, m.start}
		if havePrev && prev[1] <= word[0] {
			emit(prevMatch, s[prev[0]:prevMatch.afterEnd])
		}
		prevMatch, havePrev = m, true
		prev = word
	}
	if havePrev {
		emit(prevMatch, s[prev[0]:prevMatch.afterEnd])
	}
	end := spaceTrimmedEnd(s)
	return append(out, span{last, end})
}

// realign mirrors NLTK's _realign_boundaries: closing quotes and brackets
// after a sentence end move into the sentence they close. It reuses sl.
func (p *punktParams) realign(s string, sl []span) []span {
	out := sl[:0]
	realign := 0
	for i := range sl {
		// out has at most i elements here, so appending never overwrites
		// sl[i] or sl[i+1] before they are read.
		s1 := span{sl[i][0] + realign, sl[i][1]}
		if i+1 == len(sl) {
			if s1[0] < s1[1] && s1[0] < len(s) {
				out = append(out, s1)
			}
			continue
		}
		s2 := sl[i+1]
		var seg string
		if s2[0] < s2[1] {
			seg = s[s2[0]:s2[1]]
		}
		if n, full := boundaryRealignment(seg); n > 0 {
			out = append(out, span{s1[0], s2[0] + n})
			realign = full
		} else {
			realign = 0
			if s1[0] < s1[1] && s1[0] < len(s) {
				out = append(out, s1)
			}
		}
	}
	return out
}

// boundaryRealignment matches ["')\]}]+?(?:\s+|(?=--)|$) (multiline) at the
// start of seg. It returns the length of the match without trailing space
// and the full length, in bytes, or 0 when there is no match.
func boundaryRealignment(seg string) (int, int) {
	isCloser := func(c byte) bool { return c == '"' || c == '\'' || c == ')' || c == ']' || c == '}' }
	for k := 1; k <= len(seg) && isCloser(seg[k-1]); k++ {
		if k < len(seg) {
			if sp, _ := spaceAt(seg, k); sp {
				j := k
				for j < len(seg) {
					sp, size := spaceAt(seg, j)
					if !sp {
						break
					}
					j += size
				}
				return k, j
			}
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

// containsSentBreak mirrors NLTK's text_contains_sentbreak: some token
// before the last is a sentence break once annotated. It tokenizes into
// toks and returns it for reuse.
func (p *punktParams) containsSentBreak(context string, toks []punktToken) ([]punktToken, bool) {
	toks = punktWords(context, toks)
	for i := range toks {
		p.firstPass(&toks[i])
	}
	found := false
	for i := range toks {
		if i+1 < len(toks) {
			p.secondPass(&toks[i], &toks[i+1])
		}
		if found {
			return toks, true
		}
		if toks[i].sentbreak {
			found = true
		}
	}
	return toks, false
}

func (p *punktParams) firstPass(t *punktToken) {
	switch {
	case t.tok == "." || t.tok == "?" || t.tok == "!":
		t.sentbreak = true
	case t.isEllipsis():
		t.ellipsis = true
	case t.periodFinal && !strings.HasSuffix(t.tok, ".."):
		w := Lower(t.tok[:len(t.tok)-1])
		// NLTK looks up w and the last of w.split("-").
		if p.abbrev[w] || p.abbrev[w[strings.LastIndexByte(w, '-')+1:]] {
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
