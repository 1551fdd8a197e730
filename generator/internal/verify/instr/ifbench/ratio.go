package ifbench

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func checkStopWords(_, resp string, args instr.Args) instr.Result {
	pct, err := argNumber(args, "percentage")
	if err != nil {
		return badArgs(err)
	}
	words := text.Words(resp)
	if len(words) == 0 {
		return verdict(false, "found no words")
	}
	stop := 0
	for _, w := range words {
		if englishStopwords[text.Lower(w)] {
			stop++
		}
	}
	got := float64(stop) / float64(len(words)) * 100
	return verdict(got <= pct, "stop words are %.1f%% of %s (%d), need at most %v%%",
		got, plural(len(words), "word"), stop, pct)
}

// sentenceEnds counts the sentences ending in '.', '?' and '!'.
func sentenceEnds(resp string) (decl, inter, excl, total int) {
	ss := text.Sentences(resp)
	for _, s := range ss {
		switch {
		case strings.HasSuffix(s, "."):
			decl++
		case strings.HasSuffix(s, "?"):
			inter++
		case strings.HasSuffix(s, "!"):
			excl++
		}
	}
	return decl, inter, excl, len(ss)
}

// checkSentenceType needs exactly twice as many sentences ending in '.' as
// ending in '?'. As in the reference, a response with neither passes.
func checkSentenceType(_, resp string, _ instr.Args) instr.Result {
	decl, inter, _, _ := sentenceEnds(resp)
	return verdict(decl == 2*inter, "found %d declarative and %d interrogative sentences, need a 2:1 ratio", decl, inter)
}

func checkSentenceBalance(_, resp string, _ instr.Args) instr.Result {
	decl, inter, excl, _ := sentenceEnds(resp)
	return verdict(decl == inter && inter == excl,
		"found %d declarative, %d interrogative and %d exclamatory sentences, need equal numbers", decl, inter, excl)
}

// trigramKey packs three code points (21 bits each) into one integer: a
// member of set(nltk.ngrams(text, 3)) over code points.
func trigramKey(a, b, c rune) uint64 { return uint64(a)<<42 | uint64(b)<<21 | uint64(c) }

// eachTrigram calls fn with the key of every character trigram of s, in
// order; an invalid byte is U+FFFD, as in []rune(s).
func eachTrigram(s string, fn func(uint64)) {
	var a, b rune
	n := 0
	for _, c := range s {
		if n >= 2 {
			fn(trigramKey(a, b, c))
		}
		a, b, n = b, c, n+1
	}
}

// trigramSet is a set of trigram keys, each with a mark: open addressing
// with linear probing, which costs a fraction of a map[uint64]bool here.
type trigramSet struct {
	// slots holds key+1 (keys are below 1<<63), with the mark in bit 63;
	// 0 is an empty slot.
	slots []uint64
	shift uint
	len   int
}

const trigramMark = 1 << 63

// newTrigramSet returns a set with room for n keys at most half full. Its
// slots come from trigramSlots; put them back with free.
func newTrigramSet(n int) *trigramSet {
	bits := uint(4)
	for 1<<bits < 2*n {
		bits++
	}
	var slots []uint64
	if p, ok := trigramSlots.Get().(*[]uint64); ok && cap(*p) >= 1<<bits {
		slots = (*p)[:1<<bits]
		clear(slots)
	} else {
		slots = make([]uint64, 1<<bits)
	}
	return &trigramSet{slots: slots, shift: 64 - bits}
}

// trigramSlots keeps the slots of a set for the next one: a long response
// needs tens of kilobytes of them, on every Loose variant.
var trigramSlots sync.Pool

// free hands t's slots back; t must not be used afterwards.
func (t *trigramSet) free() {
	s := t.slots
	t.slots = nil
	trigramSlots.Put(&s)
}

// find returns the slot of key k, or the empty slot where it would go.
func (t *trigramSet) find(k uint64) int {
	mask := len(t.slots) - 1
	want := k + 1
	for i := int((k * 0x9e3779b97f4a7c15) >> t.shift); ; i = (i + 1) & mask {
		if s := t.slots[i] &^ trigramMark; s == 0 || s == want {
			return i
		}
	}
}

func (t *trigramSet) add(k uint64) {
	if i := t.find(k); t.slots[i] == 0 {
		t.slots[i] = k + 1
		t.len++
	}
}

// mark marks key k and reports whether it is in the set and was not
// marked before.
func (t *trigramSet) mark(k uint64) bool {
	i := t.find(k)
	if s := t.slots[i]; s == 0 || s&trigramMark != 0 {
		return false
	}
	t.slots[i] |= trigramMark
	return true
}

// checkOverlap compares character trigrams, not word trigrams, as the
// reference does: the share of the response's distinct trigrams found in the
// reference text must be within 2 points of the percentage.
func checkOverlap(_, resp string, args instr.Args) instr.Result {
	ref, err := argString(args, "reference_text")
	if err != nil {
		return badArgs(err)
	}
	pct, err := argNumber(args, "percentage")
	if err != nil {
		return badArgs(err)
	}
	n := utf8.RuneCountInString(resp)
	if n < 3 {
		return verdict(false, "the response has no trigrams")
	}
	// found holds the response's distinct trigrams, marked when the
	// reference has them too.
	found := newTrigramSet(n - 2)
	eachTrigram(resp, found.add)
	common := 0
	eachTrigram(ref, func(k uint64) {
		if found.mark(k) {
			common++
		}
	})
	overlap := float64(common) / float64(found.len) * 100
	found.free()
	return verdict(pct-2 <= overlap && overlap <= pct+2,
		"character-trigram overlap is %.1f%%, need %v%% ± 2", overlap, pct)
}

// checkSentenceWords needs exactly three sentences of equal length in
// characters. The reference does not check that the words differ.
func checkSentenceWords(_, resp string, _ instr.Args) instr.Result {
	ss := text.Sentences(resp)
	if len(ss) != 3 {
		return verdict(false, "found %s, need exactly 3", plural(len(ss), "sentence"))
	}
	lens := make([]int, 3)
	for i, s := range ss {
		lens[i] = runeLen(text.Strip(s))
	}
	return verdict(lens[0] == lens[1] && lens[1] == lens[2],
		"sentence lengths are %d, %d and %d characters, need them equal", lens[0], lens[1], lens[2])
}
