// Package langdetect identifies the language of a text the way Python's
// langdetect 1.0.9 does, which is what the official IFEval code calls: the
// same 55 language profiles, the same character normalisation, and the same
// randomised naive-Bayes estimate, with the random generator (a port of
// Python's Mersenne Twister) seeded with 0, as langdetect's
// DetectorFactory.seed = 0 does. Same text, same answer.
//
// It is part of the verify stage. It performs no I/O; the embedded profiles
// (750 KB compressed, see NOTICE) are parsed once, on first use, and
// only read after.
package langdetect

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode"
)

//go:embed profiles.bin.gz
var profilesGz []byte

// ErrNoFeatures is returned when the text has nothing to detect a language
// from (no letters of any profile), where Python's langdetect raises
// "No features in text".
var ErrNoFeatures = errors.New("no features in text")

type entry struct {
	lang int
	p    float64
}

type model struct {
	langs []string
	// keys are the gramKeys of the n-grams, sorted; the probabilities of
	// keys[i] are entries[start[i]:start[i+1]], sorted by language.
	keys    []uint64
	start   []int32
	entries []entry
	cjk     map[rune]rune
	// index maps a gramKey to its position in keys: a hash lookup is several
	// times faster than a binary search over the 170,000 keys.
	index map[uint64]int32
}

// lookup returns the probabilities of the n-gram with key k.
func (m *model) lookup(k uint64) ([]entry, bool) {
	i, ok := m.index[k]
	if !ok {
		return nil, false
	}
	return m.entries[m.start[i]:m.start[i+1]], true
}

var loaded = sync.OnceValues(load)

// load decodes the embedded profiles: "LDP1", then unsigned varints: the
// number of languages and, for each, its name (length, bytes) and its 1-, 2-
// and 3-gram totals; the number of n-grams and, for each, its runes (count,
// code points) and its counts (number, then language index and count); the
// number of CJK classes and, for each, its runes (count, code points; the
// first represents the class).
func load() (*model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(profilesGz))
	if err != nil {
		return nil, fmt.Errorf("langdetect: profiles: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("langdetect: profiles: %w", err)
	}
	if !bytes.HasPrefix(raw, []byte("LDP1")) {
		return nil, errors.New("langdetect: profiles: bad header")
	}
	d := decoder{b: raw[4:]}
	m := &model{}
	nl := d.int()
	nwords := make([][3]float64, nl)
	for i := range nl {
		m.langs = append(m.langs, string(d.bytes(d.int())))
		for j := range 3 {
			nwords[i][j] = float64(d.int())
		}
	}
	ng := d.int()
	m.keys = make([]uint64, 0, ng)
	m.start = make([]int32, 0, ng+1)
	all := make([]entry, 0, 3*ng)
	var rs []rune
	for range ng {
		rs = rs[:0]
		for range d.int() {
			rs = append(rs, rune(d.int()))
		}
		n := len(rs)
		if n < 1 || n > 3 {
			return nil, fmt.Errorf("langdetect: profiles: bad n-gram %q", string(rs))
		}
		k := gramKey(rs)
		if len(m.keys) > 0 && k <= m.keys[len(m.keys)-1] {
			return nil, errors.New("langdetect: profiles: n-grams out of order")
		}
		m.keys = append(m.keys, k)
		m.start = append(m.start, int32(len(all)))
		for range d.int() {
			li, cnt := d.int(), d.int()
			if li >= nl {
				return nil, errors.New("langdetect: profiles: bad language index")
			}
			all = append(all, entry{li, 1.0 * float64(cnt) / nwords[li][n-1]})
		}
	}
	m.start = append(m.start, int32(len(all)))
	m.entries = all
	m.index = make(map[uint64]int32, len(m.keys))
	for i, k := range m.keys {
		m.index[k] = int32(i)
	}
	m.cjk = make(map[rune]rune, 3000)
	for range d.int() {
		rs = rs[:0]
		for range d.int() {
			rs = append(rs, rune(d.int()))
		}
		for _, r := range rs {
			m.cjk[r] = rs[0]
		}
	}
	if d.err {
		return nil, errors.New("langdetect: profiles: truncated")
	}
	return m, nil
}

// decoder reads unsigned varints. It advances an index rather than
// re-slicing, which keeps pointer writes (and GC write barriers) out of the
// loop.
type decoder struct {
	b   []byte
	pos int
	err bool
}

func (d *decoder) int() int {
	v, n := binary.Uvarint(d.b[d.pos:])
	if n <= 0 {
		d.err = true
		d.pos = len(d.b)
		return 0
	}
	d.pos += n
	return int(v)
}

func (d *decoder) bytes(n int) []byte {
	if n > len(d.b)-d.pos {
		d.err = true
		n = len(d.b) - d.pos
	}
	out := d.b[d.pos : d.pos+n]
	d.pos += n
	return out
}

// Detect returns the ISO 639-1 code (zh-cn and zh-tw for Chinese) of the most
// probable language of text, "unknown" when no language reaches a
// probability of 0.1, or ErrNoFeatures.
func Detect(text string) (string, error) {
	m, err := loaded()
	if err != nil {
		return "", err
	}
	probs, err := m.probabilities(text)
	if err != nil {
		return "", err
	}
	best, bestP := "unknown", 0.0
	for i, p := range probs {
		// Python sorts by probability, highest first; ties keep profile order.
		if p > 0.1 && p > bestP {
			best, bestP = m.langs[i], p
		}
	}
	return best, nil
}

var (
	// Go caps repeat counts at 1000, so {1,2076} is written in three parts.
	urlRE  = regexp.MustCompile(`https?://[-_.?&~;+=/#0-9A-Za-z]{1,1000}[-_.?&~;+=/#0-9A-Za-z]{0,1000}[-_.?&~;+=/#0-9A-Za-z]{0,76}`)
	mailRE = regexp.MustCompile(`[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}`)
)

const (
	alphaDefault   = 0.5
	alphaWidth     = 0.05
	iterationLimit = 1000
	convThreshold  = 0.99999
	baseFreq       = 10000
	nTrial         = 7
	maxTextLength  = 10000
	seed           = 0
)

func (m *model) probabilities(text string) ([]float64, error) {
	rs := m.prepare(text)
	ngrams := m.extract(rs)
	if len(ngrams) == 0 {
		return nil, ErrNoFeatures
	}
	langprob := make([]float64, len(m.langs))
	rnd := newPyRandom(seed)
	prob := make([]float64, len(m.langs))
	for range nTrial {
		for i := range prob {
			prob[i] = 1.0 / float64(len(m.langs))
		}
		alpha := alphaDefault + rnd.gauss()*alphaWidth
		weight := alpha / baseFreq
		for i := 0; ; i++ {
			es := ngrams[rnd.below(len(ngrams))]
			k := 0
			for j := range prob {
				p := 0.0
				if k < len(es) && es[k].lang == j {
					p = es[k].p
					k++
				}
				prob[j] *= weight + p
			}
			if i%5 == 0 {
				if normalize(prob) > convThreshold || i >= iterationLimit {
					break
				}
			}
		}
		for j := range langprob {
			langprob[j] += prob[j] / nTrial
		}
	}
	return langprob, nil
}

func normalize(prob []float64) float64 {
	sum := 0.0
	for _, p := range prob {
		sum += p
	}
	maxp := 0.0
	for i, p := range prob {
		p /= sum
		if maxp < p {
			maxp = p
		}
		prob[i] = p
	}
	return maxp
}

// prepare mirrors Detector.append and cleaning_text: URLs and e-mail
// addresses removed, Vietnamese diacritics composed, runs of spaces
// squeezed, at most 10000 characters, and Latin letters dropped from texts
// that are mostly non-Latin.
func (m *model) prepare(text string) []rune {
	// The expressions are costly in Go; skip them when they cannot match.
	if strings.Contains(text, "http") {
		text = urlRE.ReplaceAllString(text, " ")
	}
	if strings.Contains(text, "@") {
		text = mailRE.ReplaceAllString(text, " ")
	}
	in := normalizeVi([]rune(text))
	if len(in) > maxTextLength {
		in = in[:maxTextLength]
	}
	out := make([]rune, 0, len(in))
	var pre rune = -1
	for _, ch := range in {
		if ch != ' ' || pre != ' ' {
			out = append(out, ch)
		}
		pre = ch
	}
	latin, nonLatin := 0, 0
	for _, ch := range out {
		if 'A' <= ch && ch <= 'z' {
			latin++
		} else if ch >= 0x300 {
			// Python compares the block number with a block name here, so
			// Latin Extended Additional is counted as non-Latin too.
			nonLatin++
		}
	}
	if latin*2 < nonLatin {
		kept := out[:0]
		for _, ch := range out {
			if ch < 'A' || 'z' < ch {
				kept = append(kept, ch)
			}
		}
		out = kept
	}
	return out
}

// extract mirrors Detector._extract_ngrams with NGram.add_char.
func (m *model) extract(text []rune) [][]entry {
	var result [][]entry
	grams := make([]rune, 0, 4)
	grams = append(grams, ' ')
	capital := false
	for _, ch := range text {
		ch = m.normalize(ch)
		last := grams[len(grams)-1]
		if last == ' ' {
			grams = append(grams[:0], ' ')
			capital = false
			if ch == ' ' {
				goto collect
			}
		} else if len(grams) >= 3 {
			grams = append(grams[:0], grams[1:]...)
		}
		grams = append(grams, ch)
		if unicode.IsUpper(ch) {
			if unicode.IsUpper(last) {
				capital = true
			}
		} else {
			capital = false
		}
	collect:
		if capital {
			continue
		}
		for n := 1; n <= 3 && n <= len(grams); n++ {
			w := grams[len(grams)-n:]
			if n == 1 && w[0] == ' ' {
				continue
			}
			if es, ok := m.lookup(gramKey(w)); ok {
				result = append(result, es)
			}
		}
	}
	return result
}

// gramKey packs an n-gram of one to three runes into an integer: 21 bits
// per rune, each stored plus one so that an absent rune is zero.
func gramKey(w []rune) uint64 {
	var k uint64
	for _, r := range w {
		k = k<<21 | uint64(r+1)
	}
	return k
}

func (m *model) normalize(ch rune) rune {
	switch {
	case ch <= 0x7f:
		if ch < 'A' || ('Z' < ch && ch < 'a') || 'z' < ch {
			return ' '
		}
	case ch <= 0xff:
		if ch == 0xa0 || ch == 0xab || ch == 0xb0 || ch == 0xbb {
			return ' '
		}
	case 0x180 <= ch && ch <= 0x24f:
		switch ch {
		case 0x219:
			return 0x15f
		case 0x21b:
			return 0x163
		}
	case 0x2000 <= ch && ch <= 0x206f:
		return ' '
	case 0x600 <= ch && ch <= 0x6ff:
		if ch == 0x6cc {
			return 0x64a
		}
	case 0x1e00 <= ch && ch <= 0x1eff:
		if ch >= 0x1ea0 {
			return 0x1ec3
		}
	case 0x3040 <= ch && ch <= 0x309f:
		return 0x3042
	case 0x30a0 <= ch && ch <= 0x30ff:
		return 0x30a2
	case (0x3100 <= ch && ch <= 0x312f) || (0x31a0 <= ch && ch <= 0x31bf):
		return 0x3105
	case 0x4e00 <= ch && ch <= 0x9fff:
		if r, ok := m.cjk[ch]; ok {
			return r
		}
	case 0xac00 <= ch && ch <= 0xd7af:
		return 0xac00
	}
	return ch
}

var (
	viBase  = []rune("AEIOUYaeiouy\u00c2\u00ca\u00d4\u00e2\u00ea\u00f4\u0102\u0103\u01a0\u01a1\u01af\u01b0")
	viMarks = []rune("\u0300\u0301\u0303\u0309\u0323")
	viTable = [5][]rune{
		[]rune("\u00C0\u00C8\u00CC\u00D2\u00D9\u1EF2\u00E0\u00E8\u00EC\u00F2\u00F9\u1EF3\u1EA6\u1EC0\u1ED2\u1EA7\u1EC1\u1ED3\u1EB0\u1EB1\u1EDC\u1EDD\u1EEA\u1EEB"),
		[]rune("\u00C1\u00C9\u00CD\u00D3\u00DA\u00DD\u00E1\u00E9\u00ED\u00F3\u00FA\u00FD\u1EA4\u1EBE\u1ED0\u1EA5\u1EBF\u1ED1\u1EAE\u1EAF\u1EDA\u1EDB\u1EE8\u1EE9"),
		[]rune("\u00C3\u1EBC\u0128\u00D5\u0168\u1EF8\u00E3\u1EBD\u0129\u00F5\u0169\u1EF9\u1EAA\u1EC4\u1ED6\u1EAB\u1EC5\u1ED7\u1EB4\u1EB5\u1EE0\u1EE1\u1EEE\u1EEF"),
		[]rune("\u1EA2\u1EBA\u1EC8\u1ECE\u1EE6\u1EF6\u1EA3\u1EBB\u1EC9\u1ECF\u1EE7\u1EF7\u1EA8\u1EC2\u1ED4\u1EA9\u1EC3\u1ED5\u1EB2\u1EB3\u1EDE\u1EDF\u1EEC\u1EED"),
		[]rune("\u1EA0\u1EB8\u1ECA\u1ECC\u1EE4\u1EF4\u1EA1\u1EB9\u1ECB\u1ECD\u1EE5\u1EF5\u1EAC\u1EC6\u1ED8\u1EAD\u1EC7\u1ED9\u1EB6\u1EB7\u1EE2\u1EE3\u1EF0\u1EF1"),
	}
)

// normalizeVi composes a Vietnamese base letter and a following combining
// mark into one precomposed letter, as NGram.normalize_vi does.
func normalizeVi(in []rune) []rune {
	out := in[:0:0]
	for i := 0; i < len(in); i++ {
		if i+1 < len(in) {
			b := runeIndex(viBase, in[i])
			d := runeIndex(viMarks, in[i+1])
			if b >= 0 && d >= 0 {
				out = append(out, viTable[d][b])
				i++
				continue
			}
		}
		out = append(out, in[i])
	}
	return out
}

func runeIndex(rs []rune, r rune) int {
	for i, c := range rs {
		if c == r {
			return i
		}
	}
	return -1
}
