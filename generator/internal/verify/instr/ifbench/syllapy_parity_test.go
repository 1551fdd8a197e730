package ifbench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// TestSyllapyParity holds the checker, given syllapy's own dictionary, to
// syllapy itself. syllapy is third-party and not in the repository: set
// SCIIF_SYLLAPY to a checkout of github.com/mholtzscher/syllapy (tag
// v0.7.2) to run it; without it the test is skipped. It writes the
// dictionary with tools/scripts/syllapy_dictionary.py, asks syllapy.count
// (python3, the checkout on PYTHONPATH) for every dictionary word, every
// word of the IFBench prompts and of 3,000 generated responses (words of
// both, half built to alternate by syllapy's parities), and needs every
// count, and so every words:odd_even_syllables verdict, to be syllapy's.
// It logs how many the rule alone gets wrong.
func TestSyllapyParity(t *testing.T) {
	checkout := os.Getenv("SCIIF_SYLLAPY")
	if checkout == "" {
		t.Skip("SCIIF_SYLLAPY (a syllapy checkout) is not set")
	}
	dir := t.TempDir()
	dictPath := filepath.Join(dir, "syllapy.csv")
	script := exec.Command("python3", "../../../../../tools/scripts/syllapy_dictionary.py", "--checkout", checkout, "-o", dictPath)
	if out, err := script.CombinedOutput(); err != nil {
		t.Fatalf("syllapy_dictionary.py: %v\n%s", err, out)
	} else {
		line, _, _ := strings.Cut(string(out), "\n")
		t.Log(line)
	}
	dict, err := syllables.Load(dictPath)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(dictPath)
	var dictWords []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		w, _, _ := strings.Cut(l, ",")
		dictWords = append(dictWords, w)
	}
	promptWords := ifbenchPromptWords(t)
	responses := parityResponses(dictWords, promptWords, dict)
	seen := map[string]bool{}
	var all []string
	var respWords []string
	for _, r := range responses {
		respWords = append(respWords, text.Fields(text.Lower(removePunct(r)))...)
	}
	for _, list := range [][]string{dictWords, promptWords, respWords} {
		for _, w := range list {
			if !seen[w] {
				seen[w] = true
				all = append(all, w)
			}
		}
	}
	py := syllapyCounts(t, checkout, all)
	for _, set := range []struct {
		name  string
		words []string
	}{{"dictionary words", dictWords}, {"distinct words of the IFBench prompts", promptWords}, {"distinct words of the three, generated responses included", all}} {
		parity, wrong := 0, 0
		for _, w := range set.words {
			if syllableCount(w, nil)%2 != py[w]%2 {
				parity++
			}
			if got := syllableCount(w, dict); got != py[w] {
				wrong++
				if wrong <= 10 {
					t.Errorf("%q: %d syllables with the dictionary, syllapy.count says %d", w, got, py[w])
				}
			}
		}
		t.Logf("%d %s: the rule alone gives the other parity for %d (%.1f%%); with the dictionary %d counts differ",
			len(set.words), set.name, parity, 100*float64(parity)/float64(len(set.words)), wrong)
	}
	reg, err := instr.NewRegistry(Checkers)
	if err != nil {
		t.Fatal(err)
	}
	with := reg.With(instr.Data{Syllables: dict})
	p := instr.Prompt{InstructionIDs: []string{"words:odd_even_syllables"}, Kwargs: []instr.Args{nil}}
	followed, rule, withDict := 0, 0, 0
	for _, resp := range responses {
		want := alternates(text.Fields(text.Lower(removePunct(resp))), py)
		if want {
			followed++
		}
		if reg.Evaluate(instr.Strict, p, resp).FollowAll != want {
			rule++
		}
		if got := with.Evaluate(instr.Strict, p, resp).FollowAll; got != want {
			withDict++
			if withDict <= 10 {
				t.Errorf("%q: followed %v with the dictionary, %v by syllapy's counts", resp, got, want)
			}
		}
	}
	t.Logf("%d generated responses (%d alternate by syllapy's counts): %d Strict verdicts differ with the rule alone, %d with the dictionary",
		len(responses), followed, rule, withDict)
}

// ifbenchPromptWords is every distinct word of the IFBench prompts as the
// checker splits a response.
func ifbenchPromptWords(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../../../../../benchmarks/ifbench/IFBench_test.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var rec struct{ Prompt string }
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		for _, w := range text.Fields(text.Lower(removePunct(rec.Prompt))) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// parityResponses draws 3,000 responses of 2 to 12 words from both lists,
// the even ones alternating by the dictionary's and the rule's parities
// (syllapy's, for the words of these lists).
func parityResponses(dictWords, others []string, dict *syllables.Dictionary) []string {
	rng := rand.New(rand.NewPCG(27, 27))
	var pool [2][]string
	for _, list := range [][]string{dictWords, others} {
		for _, w := range list {
			if n := syllableCount(w, dict); n > 0 {
				pool[n%2] = append(pool[n%2], w)
			}
		}
	}
	out := make([]string, 3000)
	for i := range out {
		words := make([]string, 2+rng.IntN(11))
		start := rng.IntN(2)
		for k := range words {
			par := rng.IntN(2)
			if i%2 == 0 {
				par = (start + k) % 2
			}
			words[k] = pool[par][rng.IntN(len(pool[par]))]
			if w := words[k]; rng.IntN(5) == 0 && w[0] >= 'a' && w[0] <= 'z' {
				words[k] = strings.ToUpper(words[k][:1]) + words[k][1:]
			}
		}
		out[i] = strings.Join(words, " ") + []string{".", "!", "", "?"}[rng.IntN(4)]
	}
	return out
}

// alternates is the official verdict from syllapy's counts.
func alternates(words []string, count map[string]int) bool {
	for i := 0; i+1 < len(words); i++ {
		if count[words[i]]%2 == count[words[i+1]]%2 {
			return false
		}
	}
	return true
}

// syllapyCounts asks syllapy.count for each word.
func syllapyCounts(t *testing.T, checkout string, words []string) map[string]int {
	t.Helper()
	cmd := exec.Command("python3", "-c", `import sys, syllapy
for w in sys.stdin.read().split("\n"):
    if w:
        print(syllapy.count(w))`)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+checkout, "PYTHONIOENCODING=utf-8")
	cmd.Stdin = strings.NewReader(strings.Join(words, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 with syllapy: %v\n%s", err, stderr.String())
	}
	counts := strings.Fields(string(out))
	if len(counts) != len(words) {
		t.Fatalf("syllapy gave %d counts for %d words", len(counts), len(words))
	}
	m := make(map[string]int, len(words))
	for i, w := range words {
		n, err := strconv.Atoi(counts[i])
		if err != nil {
			t.Fatal(err)
		}
		m[w] = n
	}
	return m
}
