package difftest

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

type testCase struct {
	CaseHead
	Response string `json:"response"`
}

// instrPrompt is the case's prompt as the checkers take it.
func (c testCase) instrPrompt() instr.Prompt {
	key, _ := strconv.ParseInt(c.Key, 10, 64)
	p := instr.Prompt{Key: key, Prompt: c.Prompt, InstructionIDs: c.IDs}
	for _, kw := range c.Kwargs {
		p.Kwargs = append(p.Kwargs, instr.Args(kw))
	}
	return p
}

// modeVerdicts is a mode with the reference's verdicts in it.
type modeVerdicts struct {
	mode instr.Mode
	want []bool
}

// modes pairs Strict and Loose with the reference's verdicts.
func (w verdict) modes() []modeVerdicts {
	return []modeVerdicts{{instr.Strict, w.Strict}, {instr.Loose, w.Loose}}
}

type verdict struct {
	Suite    string `json:"suite"`
	Key      string `json:"key"`
	Mutation string `json:"mutation"`
	Strict   []bool `json:"strict"`
	Loose    []bool `json:"loose"`
}

// readGz reads a whole gzipped JSONL file.
func readGz[T any](t *testing.T, path string) []T {
	t.Helper()
	s := openGz(t, path)
	defer s.close()
	var out []T
	for {
		var v T
		if !s.next(t, &v) {
			return out
		}
		out = append(out, v)
	}
}

// gzStream reads a gzipped JSONL file a line at a time.
type gzStream struct {
	path string
	f    *os.File
	sc   *bufio.Scanner
	n    int // lines read
}

func openGz(t *testing.T, path string) *gzStream {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	return &gzStream{path: path, f: f, sc: sc}
}

// next decodes the next line into v and reports whether there was one.
func (s *gzStream) next(t *testing.T, v any) bool {
	t.Helper()
	if !s.sc.Scan() {
		if err := s.sc.Err(); err != nil {
			t.Fatalf("%s: %v", s.path, err)
		}
		return false
	}
	s.n++
	if err := json.Unmarshal(s.sc.Bytes(), v); err != nil {
		t.Fatalf("%s:%d: %v", s.path, s.n, err)
	}
	return true
}

func (s *gzStream) close() { s.f.Close() }

// knownDifference is one line of testdata/known_differences.tsv: an
// instruction of one prompt whose verdicts are left out of the comparison.
type knownDifference struct{ suite, key, id string }

// readKnownDifferences reads testdata/known_differences.tsv; each line must
// give a reason.
func readKnownDifferences(t *testing.T) map[knownDifference]string {
	t.Helper()
	out := map[knownDifference]string{}
	for _, f := range readReasons(t, "testdata/known_differences.tsv", "suite, key, instruction id") {
		out[knownDifference{f[0], f[1], f[2]}] = f[3]
	}
	return out
}

// readReasons reads a file of known differences: lines of three
// tab-separated fields (what names them) and a reason, which must not be
// empty; blank lines and lines starting with # are passed over.
func readReasons(t *testing.T, path, what string) [][4]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][4]string
	for n, line := range strings.Split(string(b), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || strings.TrimSpace(f[3]) == "" {
			t.Fatalf("%s:%d: want %s and a reason, tab-separated", path, n+1, what)
		}
		out = append(out, [4]string(f))
	}
	return out
}

// TestAgreesWithOfficialCode requires every Strict and Loose verdict on
// every case to be the official code's, but for the instructions listed in
// testdata/known_differences.tsv.
func TestAgreesWithOfficialCode(t *testing.T) {
	known := readKnownDifferences(t)
	skipped := map[knownDifference]int{}
	undecided := 0
	// Both files are read a line at a time, side by side, so that memory
	// does not grow with the number of cases.
	cs, ws := openGz(t, "testdata/cases.jsonl.gz"), openGz(t, "testdata/verdicts.jsonl.gz")
	defer cs.close()
	defer ws.close()
	regs := map[string]*instr.Registry{}
	for suite, list := range map[string][]instr.Checker{"ifeval": ifeval.Checkers, "ifbench": ifbench.Checkers} {
		r, err := instr.NewRegistry(list)
		if err != nil {
			t.Fatal(err)
		}
		regs[suite] = r
	}
	type stat struct{ total, agree int }
	stats := map[string]*stat{}
	diffs := map[string][]string{}
	n := 0
	for i := 0; ; i++ {
		var c testCase
		var w verdict
		okc, okw := cs.next(t, &c), ws.next(t, &w)
		if okc != okw {
			t.Fatalf("%d cases but %d verdicts", cs.n, ws.n)
		}
		if !okc {
			break
		}
		n++
		if w.Suite != c.Suite || w.Key != c.Key || w.Mutation != c.Mutation {
			t.Fatalf("case %d is %s/%s/%s but verdict %d is %s/%s/%s", i+1, c.Suite, c.Key, c.Mutation, i+1, w.Suite, w.Key, w.Mutation)
		}
		if w.Strict == nil || w.Loose == nil {
			t.Fatalf("case %d (%s %s %s): the official code raised an error", i+1, c.Suite, c.Key, c.Mutation)
		}
		p := c.instrPrompt()
		for _, m := range w.modes() {
			got := regs[c.Suite].Evaluate(m.mode, p, c.Response)
			for j, ir := range got.Instructions {
				if k := (knownDifference{c.Suite, c.Key, ir.ID}); known[k] != "" {
					skipped[k]++
					continue
				}
				if ir.Undecided {
					undecided++
				}
				name := c.Suite + " " + string(m.mode) + " " + ir.ID
				s := stats[name]
				if s == nil {
					s = &stat{}
					stats[name] = s
				}
				s.total++
				if ir.Followed == m.want[j] {
					s.agree++
					continue
				}
				diffs[name] = append(diffs[name], fmt.Sprintf("key %s, mutation %s: official %v, ours %v (%s)", c.Key, c.Mutation, m.want[j], ir.Followed, ir.Reason))
			}
		}
	}
	names := make([]string, 0, len(stats))
	total, agree := 0, 0
	for n, s := range stats {
		names = append(names, n)
		total += s.total
		agree += s.agree
	}
	sort.Strings(names)
	t.Logf("%d cases, %d of %d verdicts agree (%d of ours undecided, where the official code says not followed); %d left out as known differences", n, agree, total, undecided, sumValues(skipped))
	for k := range known {
		if skipped[k] == 0 {
			t.Errorf("known_differences.tsv: %s %s %s matches no verdict", k.suite, k.key, k.id)
		}
	}
	for _, n := range names {
		d := diffs[n]
		if len(d) == 0 {
			continue
		}
		t.Errorf("%s: %d of %d verdicts differ, e.g.\n  %s", n, len(d), stats[n].total, strings.Join(d[:min(len(d), 3)], "\n  "))
	}
}

func sumValues(m map[knownDifference]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
