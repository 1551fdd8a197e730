package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testSyllables is the ifbench package's test dictionary: our own words,
// several of which syllapy's rule counts with the other parity.
const testSyllables = "../../internal/verify/instr/ifbench/testdata/syllables.csv"

// syllableBoard writes, beside copies of the test dictionary, a one-prompt IFBench benchmark asking for
// alternating syllable parity and one submission answering it with
// "Cat poem cat." (cat 1, poem 1 by syllapy's rule, poem 2 in the test
// dictionary), makes the folder the working directory and returns the
// build's input flags.
func syllableBoard(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	prompt := "Write three words. Alternate between words with odd and even numbers of syllables."
	files := map[string]string{
		"benchmarks/syl/benchmark.yaml":   "kind: ifbench\ntitle: Syllables\n",
		"benchmarks/syl/input_data.jsonl": `{"key": 1, "prompt": "` + prompt + `", "instruction_id_list": ["words:odd_even_syllables"], "kwargs": [{}]}` + "\n",
		"results/m/metadata.yaml":         "name: M\norganization: Org\nopen_weights: true\ndate: 2026-01-02\njudges: [a, b]\n",
		"results/m/syl.jsonl":             `{"prompt": "` + prompt + `", "response": "Cat poem cat."}` + "\n",
	}
	for p, data := range files {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dict, err := filepath.Abs(testSyllables)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(dict)
	if err != nil {
		t.Fatal(err)
	}
	// The dictionary (dict.csv), the same bytes under another name, and
	// one that differs by a word outside the board.
	for name, d := range map[string][]byte{"dict.csv": data, "same.csv": data, "other.csv": append(data[:len(data):len(data)], "ocean,2\n"...)} {
		if err := os.WriteFile(filepath.Join(dir, name), d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return []string{"--benchmarks", "benchmarks", "--results", "results"}
}

// TestSyllableDictionaryInTheBuild: the dictionary changes the verdict,
// the board names it by its SHA-256, and the build cache keeps the runs
// of different dictionaries apart (and of the same dictionary together,
// wherever its file is).
func TestSyllableDictionaryInTheBuild(t *testing.T) {
	inputs := syllableBoard(t)
	dict, _ := filepath.Abs("same.csv")
	out := filepath.Join(t.TempDir(), "site")
	args := append(inputs[:len(inputs):len(inputs)], "--out", out)
	verdict := func() string {
		data, err := os.ReadFile(filepath.Join(out, "syl", "verdicts", "m.csv"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	scores := func() string {
		data, err := os.ReadFile(filepath.Join(out, "syl", "scores.json"))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	buildSite(t, 0, args...)
	if v := verdict(); !strings.Contains(v, ",false,false,false,") || !strings.Contains(v, "have the same parity") {
		t.Errorf("without a dictionary, poem counts 1 and the instruction is not followed:\n%s", v)
	}
	if strings.Contains(scores(), "syllable_dictionary") {
		t.Error("scores.json names a dictionary the build was not given")
	}
	for _, p := range []string{"index.html", "methodology.html"} {
		page, err := os.ReadFile(filepath.Join(out, p))
		if err != nil || !bytes.Contains(page, []byte("vowel-group rule alone")) || bytes.Contains(page, []byte("sha256:")) {
			t.Errorf("%s does not say the rule alone counted syllables (%v)", p, err)
		}
	}
	steps := []struct {
		name    string
		dict    string
		checked int
	}{
		{"the dictionary given", "dict.csv", 1},
		{"the same bytes elsewhere", dict, 0},
		{"another dictionary", "other.csv", 1},
		{"none again: the first build's run", "", 0},
	}
	for _, st := range steps {
		a := args
		var in []string
		if st.dict != "" {
			in = []string{"--syllable-dictionary", st.dict}
			a = append(in, args...)
		}
		reused, checked := reuseCounts(t, buildSite(t, 0, a...))
		if checked != st.checked || reused+checked != 1 {
			t.Errorf("%s: %d run(s) reused, %d checked; want %d checked", st.name, reused, checked, st.checked)
		}
		sameAsClean(t, out, st.name, append(in, inputs...)...)
		if st.dict == "" {
			continue
		}
		if v := verdict(); !strings.Contains(v, ",true,true,false,") {
			t.Errorf("%s: poem counts 2 and the instruction is followed:\n%s", st.name, v)
		}
		data, _ := os.ReadFile(st.dict)
		digest := sha256Hex(data)
		if !strings.Contains(scores(), `"syllable_dictionary": "sha256:`+digest+`"`) {
			t.Errorf("%s: scores.json does not name the dictionary sha256:%s", st.name, digest)
		}
		for _, p := range []string{"index.html", "methodology.html"} {
			page, err := os.ReadFile(filepath.Join(out, p))
			if err != nil || !bytes.Contains(page, []byte("sha256:"+digest)) || bytes.Contains(page, []byte("rule alone counted")) {
				t.Errorf("%s: %s does not name the dictionary (%v)", st.name, p, err)
			}
		}
	}
}

// TestSyllableDictionaryFlag: sciif ifbench, score and reward take the
// dictionary, and a bad file is an error naming file, line and field.
func TestSyllableDictionaryFlag(t *testing.T) {
	inputs := syllableBoard(t)
	bad := filepath.Join(t.TempDir(), "bad.csv")
	if err := os.WriteFile(bad, []byte("poem,2\nidea,three\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	prompt := "Write three words. Alternate between words with odd and even numbers of syllables."
	rec := `{"prompt": "` + prompt + `", "response": "Cat poem cat."}` + "\n"
	if err := os.WriteFile("rec.jsonl", []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		// without and with are what stdout (or a file it names) holds
		// without the dictionary and with it.
		file          string
		without, with string
	}{
		{"ifbench", []string{"ifbench", "--input", "benchmarks/syl/input_data.jsonl", "--responses", "results/m/syl.jsonl", "--out", "eval"},
			"eval/eval_results_strict.jsonl", `"follow_all_instructions": false`, `"follow_all_instructions": true`},
		{"score", append([]string{"score", "--format", "csv"}, inputs...), "", ",0,", ",1,"},
		{"reward", []string{"reward", "--benchmark", "benchmarks/syl", "rec.jsonl"}, "", `"reward":0,`, `"reward":1,`},
	} {
		for _, with := range []bool{false, true} {
			args := c.args
			if with {
				args = append(args[:1:1], append([]string{"--syllable-dictionary", "dict.csv"}, args[1:]...)...)
			}
			var out, errb bytes.Buffer
			if code := run(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("sciif %s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
			}
			got := out.String()
			if c.file != "" {
				data, err := os.ReadFile(c.file)
				if err != nil {
					t.Fatal(err)
				}
				got = string(data)
			}
			want := c.without
			if with {
				want = c.with
			}
			if !strings.Contains(got, want) {
				t.Errorf("sciif %s (dictionary %v): want %q in\n%s", c.name, with, want, got)
			}
		}
		args := append(c.args[:1:1], append([]string{"--syllable-dictionary", bad}, c.args[1:]...)...)
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb); code != 1 || !strings.Contains(errb.String(), bad+":2: count: \"three\"") {
			t.Errorf("sciif %s with a bad dictionary: exit %d, stderr %q; want 1 and the file, line and field", c.name, code, errb.String())
		}
	}
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
