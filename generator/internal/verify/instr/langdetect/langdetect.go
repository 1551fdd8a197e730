// Package langdetect identifies the language of a text the way Python's
// langdetect 1.0.9 does, which is what the official IFEval code calls: the
// same 55 language profiles, the same character normalisation, and the same
// randomised naive-Bayes estimate, with the random generator (a port of
// Python's Mersenne Twister) seeded with 0, as langdetect's
// DetectorFactory.seed = 0 does. Same text, same answer.
//
// It is part of the verify stage. It performs no I/O and keeps no state a
// detection could see: the embedded profiles (3.3 MB, see NOTICE) are laid
// out to be read in place, so nothing is decompressed or built when the
// program starts; on the first detection what the sampling rounds read is
// decoded from them into tables (2 MB, outside Go's heap where the system
// allows) and a table of the n-grams of ASCII letters (600 KB) is built,
// and a detection's scratch buffers are handed to the next one.
package langdetect

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"sort"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

//go:embed profiles.bin
var profiles []byte

// ErrNoFeatures is returned when the text has nothing to detect a language
// from (no letters of any profile), where Python's langdetect raises
// "No features in text".
var ErrNoFeatures = errors.New("no features in text")

// model reads the embedded profiles in place: nothing is decompressed or
// copied, so loading costs microseconds and only the pages a text needs are
// ever touched.
type model struct {
	langs []string
	// keys are the gramKeys of the n-grams, sorted (8 bytes each); the
	// probabilities of keys[i] are at entries start[i] to start[i+1] (4
	// bytes each) of lang (1 byte each, sorted) and prob (float64, 8 bytes
	// each): the n-gram's count in the language divided by the language's
	// total of n-grams of its length, as langdetect computes them.
	keys, start, lang, prob []byte
	// What the sampling rounds read is copied out when the profiles load,
	// decoded (2 MB in all, see tableBytes): starts is start, langs8 lang,
	// probs prob. Read in place from the embedded bytes, at random, they
	// cost a detection about a quarter more.
	starts []uint32
	langs8 []byte
	probs  []float64
	// table is an open-addressing hash table of 1<<tableBits slots (4 bytes
	// each): 1 + the index of the key that hashes there, 0 for none.
	table     []byte
	tableBits uint
	// cjk holds pairs of code points (4 bytes each), sorted by the first:
	// a CJK character and the one that represents its class.
	cjk []byte
}

// gramSlot is the first slot of the hash table to probe for key k.
func gramSlot(k uint64, bits uint) uint64 { return (k * 0x9E3779B97F4A7C15) >> (64 - bits) }

var le = binary.LittleEndian

// lookup returns the index of the n-gram with key k, or -1.
func (m *model) lookup(k uint64) int {
	mask := uint64(1)<<m.tableBits - 1
	for h := gramSlot(k, m.tableBits); ; h = (h + 1) & mask {
		i := le.Uint32(m.table[4*h:])
		if i == 0 {
			return -1
		}
		if le.Uint64(m.keys[8*(i-1):]) == k {
			return int(i - 1)
		}
	}
}

var loaded = sync.OnceValues(func() (*model, error) { return load(profiles) })

// load checks the layout of the profiles: "LDP3"; five little-endian
// uint32s: the numbers of languages, n-grams, probabilities, hash slots and
// CJK characters; each language's name (length byte, bytes); then the
// sections of model, in its field order.
func load(b []byte) (*model, error) {
	bad := errors.New("langdetect: profiles: bad layout")
	if len(b) < 24 || string(b[:4]) != "LDP3" {
		return nil, bad
	}
	nl, ng, ne, ns, nc := int(le.Uint32(b[4:])), int(le.Uint32(b[8:])), int(le.Uint32(b[12:])), int(le.Uint32(b[16:])), int(le.Uint32(b[20:]))
	// A sampled n-gram's languages are kept as the bits of a uint64.
	if ns&(ns-1) != 0 || ns <= ng || nl > 64 {
		return nil, bad
	}
	m := &model{tableBits: uint(bits.TrailingZeros(uint(ns)))}
	b = b[24:]
	for range nl {
		if len(b) < 1 || len(b) < 1+int(b[0]) {
			return nil, bad
		}
		m.langs = append(m.langs, string(b[1:1+b[0]]))
		b = b[1+b[0]:]
	}
	take := func(n int) []byte {
		if n > len(b) {
			n = len(b)
		}
		s := b[:n:n]
		b = b[n:]
		return s
	}
	m.keys, m.start, m.lang, m.prob = take(8*ng), take(4*(ng+1)), take(ne), take(8*ne)
	m.table, m.cjk = take(4*ns), take(8*nc)
	if len(m.cjk) != 8*nc || len(b) != 0 {
		return nil, bad
	}
	m.probs = tableOf[float64](ne)
	for i := range m.probs {
		m.probs[i] = math.Float64frombits(le.Uint64(m.prob[8*i:]))
	}
	m.starts = tableOf[uint32](ng + 1)
	for i := range m.starts {
		m.starts[i] = le.Uint32(m.start[4*i:])
	}
	m.langs8 = tableOf[byte](ne)
	copy(m.langs8, m.lang)
	return m, nil
}

// tableOf returns a zeroed table of n values of T (of 1, 4 or 8 bytes)
// in tableBytes' memory.
func tableOf[T byte | uint32 | float64](n int) []T {
	var zero T
	b := tableBytes(n * int(unsafe.Sizeof(zero)))
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), n)
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

// seeded is the generator's state right after seeding, copied by each
// detection: seeding costs more than a short detection.
var seeded = sync.OnceValue(func() pyRandom { return *newPyRandom(seed) })

// scratch holds a detection's text and n-grams, reused by the next one:
// a detection of a response of a few KB would otherwise allocate about 20
// KB that only the collector takes back.
type scratch struct {
	runes []rune
	grams []int32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func (m *model) probabilities(text string) ([]float64, error) {
	buf := scratchPool.Get().(*scratch)
	defer scratchPool.Put(buf)
	buf.runes = m.prepare(text, buf.runes[:0])
	buf.grams = m.extract(buf.runes, buf.grams[:0])
	ngrams := buf.grams
	if len(ngrams) == 0 {
		return nil, ErrNoFeatures
	}
	nl := len(m.langs)
	langprob := make([]float64, nl)
	rnd := seeded()
	// prob is indexed by a language's number masked to six bits (load
	// checks there are at most 64), so without bounds checks.
	var prob [64]float64
	all := uint64(1)<<nl - 1
	for range nTrial {
		for i := range nl {
			prob[i] = 1.0 / float64(nl)
		}
		alpha := alphaDefault + rnd.gauss()*alphaWidth
		weight := alpha / baseFreq
		for i := 0; ; i++ {
			g := int(ngrams[rnd.below(len(ngrams))])
			lo, hi := m.starts[g], m.starts[g+1]
			langs, probs := m.langs8[lo:hi], m.probs[lo:hi]
			update(&prob, all, weight, langs, probs)
			if i%5 == 0 {
				if normalize(prob[:nl]) > convThreshold || i >= iterationLimit {
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

// update multiplies each probability by weight plus the sampled n-gram's
// probability in that language, as Python does with 0.0 where the
// language lacks the n-gram: weight + 0.0 is weight (weight is never -0),
// so the languages of the n-gram (langs, their probabilities in probs)
// are multiplied first, then the others (of all), each once.
func update(prob *[64]float64, all uint64, weight float64, langs []byte, probs []float64) {
	probs = probs[:len(langs)]
	var has uint64
	for k, j := range langs {
		prob[j&63] *= weight + probs[k]
		has |= 1 << (j & 63)
	}
	for rest := all &^ has; rest != 0; rest &= rest - 1 {
		prob[bits.TrailingZeros64(rest)&63] *= weight
	}
}

// normalize divides each probability by their sum, added in order as
// Python's sum() adds them, and returns the largest quotient, which is the
// largest probability divided by the sum: correctly rounded division keeps
// the order. Probabilities are never negative, so the largest has the
// largest bits. (Where the sum is 0 this returns NaN and Python's loop 0,
// and neither passes the threshold.)
func normalize(prob []float64) float64 {
	sum := 0.0
	var top uint64
	for _, p := range prob {
		sum += p
		top = max(top, math.Float64bits(p))
	}
	for i := range prob {
		prob[i] /= sum
	}
	return math.Float64frombits(top) / sum
}

// extract mirrors Detector._extract_ngrams with NGram.add_char. It returns
// the indices of the n-grams found in the profiles, in order, repeats
// included.
func (m *model) extract(text []rune, result []int32) []int32 {
	ascii := asciiOf(m)
	var grams [3]rune
	// codes[i] is asciiCode[grams[i]], 0xff when grams[i] is not an ASCII
	// letter or the space: an n-gram of codes alone is read from ascii.
	var codes [3]int
	ng := 1 // grams[:ng] is the window; it starts as " "
	grams[0] = ' '
	capital := false
	for _, ch := range text {
		code := 0xff
		if ch < utf8.RuneSelf {
			// normalize keeps ASCII letters and makes the rest a space.
			if code = int(asciiCode[ch]); code == 0xff {
				ch, code = ' ', 0
			}
		} else {
			ch = m.normalize(ch)
		}
		last := grams[ng-1]
		if last == ' ' {
			grams[0], codes[0], ng = ' ', 0, 1
			capital = false
			if ch == ' ' {
				goto collect
			}
		} else if ng >= 3 {
			grams[0], grams[1], ng = grams[1], grams[2], 2
			codes[0], codes[1] = codes[1], codes[2]
		}
		grams[ng] = ch
		codes[ng] = code
		if code == 0xff && ch < utf8.RuneSelf {
			// normalize made ch ASCII.
			codes[ng] = int(asciiCode[ch])
		}
		ng++
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
		// A window of ASCII letters and spaces, the usual one, reads its
		// n-grams from ascii at once (a code is at most 52, so or-ing
		// them is below 0x80 unless one is 0xff).
		if ng == 3 && codes[0]|codes[1]|codes[2] < 0x80 {
			c0, c1, c2 := codes[2], codes[1], codes[0]
			if grams[2] != ' ' {
				if g := ascii[c0]; g >= 0 {
					result = append(result, g)
				}
			}
			if g := ascii[asciiN+c1*asciiN+c0]; g >= 0 {
				result = append(result, g)
			}
			if g := ascii[asciiN+asciiN*asciiN+(c2*asciiN+c1)*asciiN+c0]; g >= 0 {
				result = append(result, g)
			}
			continue
		}
		if ng == 2 && codes[0]|codes[1] < 0x80 {
			c0, c1 := codes[1], codes[0]
			if grams[1] != ' ' {
				if g := ascii[c0]; g >= 0 {
					result = append(result, g)
				}
			}
			if g := ascii[asciiN+c1*asciiN+c0]; g >= 0 {
				result = append(result, g)
			}
			continue
		}
		// slot is asciiSlot of the last n codes, while they are codes.
		slot, ascii3 := 0, true
		for n := 1; n <= ng; n++ {
			c := codes[ng-n]
			ascii3 = ascii3 && c != 0xff
			switch n {
			case 1:
				slot = c
			case 2:
				slot = asciiN + c*asciiN + slot
			case 3:
				slot = asciiN*asciiN + c*asciiN*asciiN + slot
			}
			if n == 1 && grams[ng-1] == ' ' {
				continue
			}
			var g int32
			if ascii3 {
				g = ascii[slot]
			} else {
				g = int32(m.lookup(gramKey(grams[ng-n : ng])))
			}
			if g >= 0 {
				result = append(result, g)
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
		if r, ok := m.cjkClass(ch); ok {
			return r
		}
	case 0xac00 <= ch && ch <= 0xd7af:
		return 0xac00
	}
	return ch
}

// cjkClass returns the character that represents ch's CJK class.
func (m *model) cjkClass(ch rune) (rune, bool) {
	n := len(m.cjk) / 8
	i := sort.Search(n, func(i int) bool { return rune(le.Uint32(m.cjk[8*i:])) >= ch })
	if i < n && rune(le.Uint32(m.cjk[8*i:])) == ch {
		return rune(le.Uint32(m.cjk[8*i+4:])), true
	}
	return 0, false
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

func runeIndex(rs []rune, r rune) int {
	for i, c := range rs {
		if c == r {
			return i
		}
	}
	return -1
}
