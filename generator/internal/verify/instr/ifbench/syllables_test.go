package ifbench

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
)

// testDictionary is testdata/syllables.csv: our own words and counts, most
// of them words syllapy's rule counts with the other parity.
func testDictionary(t *testing.T) *syllables.Dictionary {
	t.Helper()
	d, err := syllables.Load("testdata/syllables.csv")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The dictionary's count wins over the rule, as in syllapy.count; a word
// not in it is counted by the rule; a word with a digit counts 0 before
// any lookup.
func TestSyllableCountUsesDictionaryFirst(t *testing.T) {
	d := testDictionary(t)
	for _, c := range []struct {
		word       string
		rule, dict int
	}{
		{"poem", 1, 2}, {"idea", 2, 3}, {"business", 3, 2}, {"science", 1, 2}, {"quiet", 1, 2},
		{"being", 1, 2}, {"lion", 1, 2}, {"react", 1, 2}, {"piano", 2, 3}, {"area", 2, 3}, {"create", 1, 2},
		{"POEM", 1, 2},   // lower-cased before the lookup
		{"table", 2, 2},  // in the dictionary, same count
		{"ocean", 2, 2},  // not in it: the rule
		{"fluid", 1, 1},  // not in it: the rule, even where it is wrong
		{"4x4", 0, 0},    // in it, but a digit makes it 0 first
		{"", 0, 0},       // nothing left
		{"\u00a0", 0, 0}, // white space only
	} {
		if got := syllableCount(c.word, nil); got != c.rule {
			t.Errorf("syllableCount(%q) without a dictionary = %d, want %d", c.word, got, c.rule)
		}
		if got := syllableCount(c.word, d); got != c.dict {
			t.Errorf("syllableCount(%q) with the dictionary = %d, want %d", c.word, got, c.dict)
		}
	}
}

// The checker gives the other verdict once the dictionary corrects a
// parity, through the registry's binding and only through it.
func TestOddEvenSyllablesWithDictionary(t *testing.T) {
	reg, err := instr.NewRegistry(Checkers)
	if err != nil {
		t.Fatal(err)
	}
	p := instr.Prompt{Prompt: "Write.", InstructionIDs: []string{"words:odd_even_syllables"}, Kwargs: []instr.Args{nil}}
	with := reg.With(instr.Data{Syllables: testDictionary(t)})
	if reg.With(instr.Data{}) != reg {
		t.Error("With(no data) is the registry itself")
	}
	for _, c := range []struct {
		resp          string
		without, with bool
	}{
		// cat 1, poem 1 by the rule; poem 2 in the dictionary.
		{"Cat poem cat.", false, true},
		// idea 2 by the rule, 3 in the dictionary; ocean 2 either way.
		{"Idea, ocean.", false, true},
		// business 3 by the rule, 2 in the dictionary; ocean 2.
		{"Business ocean", true, false},
		// words outside the dictionary: the rule either way.
		{"Ocean cat ocean", true, true},
	} {
		for _, r := range []struct {
			reg  *instr.Registry
			want bool
		}{{reg, c.without}, {with, c.with}} {
			got := r.reg.Evaluate(instr.Strict, p, c.resp).Instructions[0]
			if got.Followed != r.want {
				t.Errorf("%q (dictionary %v): followed %v, want %v (%s)", c.resp, r.reg == with, got.Followed, r.want, got.Reason)
			}
		}
	}
	if got := with.Evaluate(instr.Strict, p, "Business ocean").Instructions[0].Reason; got != `"business" (2 syllables) and "ocean" (2 syllables) have the same parity` {
		t.Errorf("reason %q", got)
	}
	if got := reg.Evaluate(instr.Strict, p, "Cat poem cat.").Instructions[0].Reason; got != `"cat" (1 syllable) and "poem" (1 syllable) have the same parity` {
		t.Errorf("reason without the dictionary %q", got)
	}
}
