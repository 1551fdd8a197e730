package langdetect

import (
	"bufio"
	"encoding/json"
	"math"
	"math/bits"
	"os"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// probabilitiesAsPython is langdetect's Detector._detect_block as the
// Python writes it: the n-grams from extractByLookup, and in each round
// every language's probability multiplied by weight plus the n-gram's
// probability in that language, 0.0 where it has none
// (_update_lang_prob's dense list), normalised every fifth round.
func (m *model) probabilitiesAsPython(text string) []float64 {
	grams := m.extractByLookup(m.prepare(text, nil))
	if len(grams) == 0 {
		return nil
	}
	nl := len(m.langs)
	langprob := make([]float64, nl)
	rnd := newPyRandom(seed)
	for range nTrial {
		prob := make([]float64, nl)
		for i := range prob {
			prob[i] = 1.0 / float64(nl)
		}
		alpha := alphaDefault + rnd.gauss()*alphaWidth
		for i := 0; ; i++ {
			dense := m.denseProbs(int(grams[rnd.below(len(grams))]))
			weight := alpha / baseFreq
			for j := range prob {
				prob[j] *= weight + dense[j]
			}
			if i%5 == 0 {
				// _normalize_prob: sum(prob), then each divided by it.
				maxp, sump := 0.0, 0.0
				for _, p := range prob {
					sump += p
				}
				for j := range prob {
					p := prob[j] / sump
					if maxp < p {
						maxp = p
					}
					prob[j] = p
				}
				if maxp > convThreshold || i >= iterationLimit {
					break
				}
			}
		}
		for j := range langprob {
			langprob[j] += prob[j] / nTrial
		}
	}
	return langprob
}

// denseProbs is the n-gram's probability in every language, 0.0 where the
// profile has none.
func (m *model) denseProbs(g int) []float64 {
	dense := make([]float64, len(m.langs))
	lo, hi := le.Uint32(m.start[4*g:]), le.Uint32(m.start[4*g+4:])
	for k := lo; k < hi; k++ {
		dense[m.lang[k]] = math.Float64frombits(le.Uint64(m.prob[8*k:]))
	}
	return dense
}

// firstDifference is the first index where a and b, of one length, differ
// in their bits, or -1.
func firstDifference(a, b []float64) int {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return i
		}
	}
	return -1
}

func checkProbabilities(t *testing.T, m *model, texts []string) {
	t.Helper()
	for _, s := range texts {
		got, err := m.probabilities(s)
		want := m.probabilitiesAsPython(s)
		if (err != nil) != (want == nil) {
			t.Fatalf("probabilities(%.80q): error %v; as Python %d probabilities", s, err, len(want))
		}
		if i := firstDifference(got, want); i >= 0 {
			t.Fatalf("probabilities(%.80q)[%d] = %v; as Python %v", s, i, got[i], want[i])
		}
	}
}

// TestProbabilitiesAsPython holds the detection's probabilities to the
// Python's loop, bit for bit, on texts in several scripts.
func TestProbabilitiesAsPython(t *testing.T) {
	m, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{
		"", "a", "YES", "hello", "Le chat dort sur le canapé pendant que la pluie tombe doucement.",
		"Der Hund läuft schnell über die Straße.", "Это простое предложение на русском языке.",
		"これは日本語の文です。", "Chúng tôi đang học tiếng Việt.", "मैं घर जा रहा हूँ।",
		"mixed ascii and ελληνικά and 中文 and x1y2z3 «quoted» ÀÉÎ éa aé",
		strings.Repeat("The quick brown fox jumps over the lazy dog. ", 300),
	}
	alphabet := []rune("aZ é ÉЖж中ー1-\u00a0Ạ")
	for i := range 100 {
		var b strings.Builder
		for j := range 60 {
			b.WriteRune(alphabet[(i*7+j*j*3+i*j)%len(alphabet)])
		}
		texts = append(texts, b.String())
	}
	checkProbabilities(t, m, texts)
}

// TestProbabilitiesAsPythonOnConformance does the same on the texts of the
// IFEval and IFBench conformance files: every response, prompt and line.
func TestProbabilitiesAsPythonOnConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: thousands of detections as Python runs them")
	}
	m, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, name := range []string{
		"ifeval/input_response_data_gpt4_20231107_145030.jsonl",
		"ifeval/input_data.jsonl",
		"ifbench/sample_output.jsonl",
	} {
		f, err := os.Open(sharedtest.Conformance(t, name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			var r struct{ Prompt, Response string }
			if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			for _, s := range []string{r.Prompt, r.Response} {
				texts = append(texts, s)
				if lines := strings.Split(s, "\n"); len(lines) > 1 {
					texts = append(texts, lines...)
				}
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if len(texts) < 5000 {
		t.Fatalf("%d texts; the conformance files hold more", len(texts))
	}
	checkProbabilities(t, m, texts)
}

// TestPyRandomStream holds the generator to MT19937's reference
// genrand_int32, with its index wrapping, over several regenerations of
// the state.
func TestPyRandomStream(t *testing.T) {
	r, ref := newPyRandom(0), newPyRandom(0)
	for i := range 5000 {
		if ref.idx >= 624 {
			for kk := range 624 {
				y := ref.mt[kk]&0x80000000 | ref.mt[(kk+1)%624]&0x7fffffff
				v := ref.mt[(kk+397)%624] ^ y>>1
				if y&1 != 0 {
					v ^= 0x9908b0df
				}
				ref.mt[kk] = v
			}
			ref.idx = 0
		}
		y := ref.mt[ref.idx]
		ref.idx++
		y ^= y >> 11
		y ^= y << 7 & 0x9d2c5680
		y ^= y << 15 & 0xefc60000
		y ^= y >> 18
		if got := r.uint32(); got != y {
			t.Fatalf("word %d = %#x, want %#x", i, got, y)
		}
	}
}

// TestBelowDrawsAsRandbelow holds below, which draws its words in place,
// to _randbelow written with uint32: the top bit-length bits of a word,
// drawn again until they are below n.
func TestBelowDrawsAsRandbelow(t *testing.T) {
	r, ref := newPyRandom(0), newPyRandom(0)
	for i := range 3000 {
		n := 1 + i*i*7919%100000
		want := -1
		for k := bits.Len(uint(n)); want < 0; {
			if v := int(ref.uint32() >> (32 - k)); v < n {
				want = v
			}
		}
		if got := r.below(n); got != want {
			t.Fatalf("draw %d: below(%d) = %d, want %d", i, n, got, want)
		}
	}
}
