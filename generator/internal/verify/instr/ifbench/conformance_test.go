package ifbench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

type benchRow struct {
	Key      any              `json:"key"`
	Prompt   string           `json:"prompt"`
	IDs      []string         `json:"instruction_id_list"`
	Kwargs   []map[string]any `json:"kwargs"`
	response *string
}

type expectedRow struct {
	Follow []bool   `json:"follow_instruction_list"`
	IDs    []string `json:"instruction_id_list"`
}

func readJSONL[T any](t testing.TB, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// loadBench reads a test file and attaches each prompt's response the way
// the official code looks it up: by exact prompt, then by stripped prompt.
func loadBench(t testing.TB, dir, input string) []benchRow {
	rows := readJSONL[benchRow](t, filepath.Join(dir, input))
	byPrompt := map[string]string{}
	for _, r := range readJSONL[struct{ Prompt, Response string }](t, filepath.Join(dir, "sample_output.jsonl")) {
		byPrompt[r.Prompt] = r.Response
		byPrompt[strings.TrimSpace(r.Prompt)] = r.Response
	}
	for i := range rows {
		if r, ok := byPrompt[rows[i].Prompt]; ok {
			rows[i].response = &r
		} else if r, ok := byPrompt[strings.TrimSpace(rows[i].Prompt)]; ok {
			rows[i].response = &r
		}
	}
	return rows
}

var checkerByID = func() map[string]instr.Checker {
	m := map[string]instr.Checker{}
	for _, c := range Checkers {
		m[c.ID] = c
	}
	return m
}()

// evaluate returns the strict and loose verdicts of every instruction of a
// row, as the official evaluation computes them: an all-whitespace response
// follows nothing, and Loose tries the engine's eight variants.
func evaluate(t testing.TB, r benchRow) (strict, loose []bool) {
	for i, id := range r.IDs {
		c, ok := checkerByID[id]
		if !ok {
			t.Fatalf("key %v: unknown instruction %q", r.Key, id)
		}
		if r.response == nil {
			strict, loose = append(strict, false), append(loose, false)
			continue
		}
		args := instr.Args{}
		for k, v := range r.Kwargs[i] {
			if v != nil {
				args[k] = v
			}
		}
		resp := *r.response
		s := text.Strip(resp) != "" && c.Check(r.Prompt, resp, args).Followed
		l := false
		for _, v := range instr.Variants(resp) {
			if text.Strip(v.Text) != "" && c.Check(r.Prompt, v.Text, args).Followed {
				l = true
				break
			}
		}
		strict, loose = append(strict, s), append(loose, l)
	}
	return strict, loose
}

// disagreement identifies one instruction verdict that differs from an
// official expected file: "<set> <mode> <key> <instruction id>".
type disagreement struct{ set, mode, key, id string }

func (d disagreement) String() string { return d.set + " " + d.mode + " " + d.key + " " + d.id }

func readKnownDisagreements(t *testing.T) map[disagreement]string {
	f, err := os.Open(filepath.Join("testdata", "known_disagreements.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[disagreement]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 5 {
			t.Fatalf("known_disagreements.txt:%d: need set, mode, key, id and a reason", n)
		}
		d := disagreement{fs[0], fs[1], fs[2], fs[3]}
		if _, dup := known[d]; dup {
			t.Fatalf("known_disagreements.txt:%d: %s listed twice", n, d)
		}
		known[d] = strings.Join(fs[4:], " ")
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

type tally struct{ promptOK, prompts, instOK, insts int }

func (s *tally) add(follow []bool) {
	s.prompts++
	all := true
	for _, f := range follow {
		s.insts++
		if f {
			s.instOK++
		} else {
			all = false
		}
	}
	if all {
		s.promptOK++
	}
}

func (s tally) String() string {
	return fmt.Sprintf("prompt %d/%d = %.4f, instruction %d/%d = %.4f",
		s.promptOK, s.prompts, float64(s.promptOK)/float64(s.prompts),
		s.instOK, s.insts, float64(s.instOK)/float64(s.insts))
}

func TestConformanceWithOfficialResults(t *testing.T) {
	dir := sharedDir(t)
	known := readKnownDisagreements(t)
	sets := []struct{ name, input, expected string }{
		{"head", "IFBench_test.jsonl", "expected_head"},
		{"shipped", "IFBench_test.8a66c06.jsonl", "expected_shipped"},
	}
	found := map[disagreement]bool{}
	for _, set := range sets {
		rows := loadBench(t, dir, set.input)
		want := map[string][]expectedRow{
			"strict": readJSONL[expectedRow](t, filepath.Join(dir, set.expected, "eval_results_strict.jsonl")),
			"loose":  readJSONL[expectedRow](t, filepath.Join(dir, set.expected, "eval_results_loose.jsonl")),
		}
		for mode, exp := range want {
			if len(exp) != len(rows) {
				t.Fatalf("%s %s: %d expected rows for %d prompts", set.name, mode, len(exp), len(rows))
			}
		}
		var ours, theirs = map[string]*tally{"strict": {}, "loose": {}}, map[string]*tally{"strict": {}, "loose": {}}
		mismatches := map[string]int{}
		for i, r := range rows {
			strict, loose := evaluate(t, r)
			for mode, got := range map[string][]bool{"strict": strict, "loose": loose} {
				exp := want[mode][i]
				ours[mode].add(got)
				theirs[mode].add(exp.Follow)
				for j, id := range r.IDs {
					if got[j] == exp.Follow[j] {
						continue
					}
					mismatches[mode]++
					d := disagreement{set.name, mode, fmt.Sprint(r.Key), id}
					found[d] = true
					if _, ok := known[d]; !ok {
						t.Errorf("%s: got %v, official %v (unlisted disagreement)", d, got[j], exp.Follow[j])
					}
				}
			}
		}
		for _, mode := range []string{"strict", "loose"} {
			t.Logf("%s %-6s ours:     %s", set.name, mode, ours[mode])
			t.Logf("%s %-6s official: %s", set.name, mode, theirs[mode])
			t.Logf("%s %-6s %d instruction verdicts differ", set.name, mode, mismatches[mode])
		}
	}
	var stale []string
	for d := range known {
		if !found[d] {
			stale = append(stale, d.String())
		}
	}
	sort.Strings(stale)
	for _, s := range stale {
		t.Errorf("%s: listed in known_disagreements.txt but now agrees with the official result; remove the row", s)
	}
}
