package difftest

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifevalg"
)

// suites are the three registries whose Checker.Takes are declared from
// the official build_description signatures.
var suites = map[string][]instr.Checker{
	"ifeval":  ifeval.Checkers,
	"ifbench": ifbench.WithClassic,
	"ifevalg": ifevalg.Checkers,
}

func suiteRegistry(t *testing.T, suite string) *instr.Registry {
	t.Helper()
	r, err := instr.NewRegistry(suites[suite])
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// argRecord is what a prompt record or a differential case says of its
// instructions.
type argRecord struct {
	IDs    []string         `json:"instruction_id_list"`
	Kwargs []map[string]any `json:"kwargs"`
}

// refusals runs every instruction of recs through reg.CheckArgs and returns
// the number of instructions and the refusals.
func refusals(reg *instr.Registry, recs []argRecord) (int, []string) {
	n := 0
	var out []string
	for _, r := range recs {
		for i, id := range r.IDs {
			if i >= len(r.Kwargs) {
				break
			}
			n++
			for _, e := range reg.CheckArgs(id, instr.Args(r.Kwargs[i])) {
				out = append(out, e.Error())
			}
		}
	}
	return n, out
}

func readArgRecords(t *testing.T, path string) []argRecord {
	t.Helper()
	if strings.HasSuffix(path, ".gz") {
		return readGz[argRecord](t, path)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []argRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var r argRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOfficialArgumentsAreTaken runs the arguments of every official prompt
// set the tests read through the check of Checker.Takes, which must refuse
// none of them: the shipped IFEval and IFBench prompts, the cases the
// official IFEval and IFBench code and open-instruct's IFEvalG code were
// run on (their verdicts are this package's test data, so that code took
// every argument), our demo benchmarks and, when present, the conformance
// data's input files (both IFBench versions).
func TestOfficialArgumentsAreTaken(t *testing.T) {
	const bench = "../../../../../benchmarks/"
	type source struct {
		suite, path string
		shared      bool
		only        string // the case suite to keep, for the mixed case files
	}
	sources := []source{
		{suite: "ifeval", path: bench + "ifeval/input_data.jsonl"},
		{suite: "ifbench", path: bench + "ifbench/IFBench_test.jsonl"},
		{suite: "ifeval", path: bench + "ifeval-demo/input_data.jsonl"},
		{suite: "ifbench", path: bench + "ifbench-demo/input_data.jsonl"},
		{suite: "ifevalg", path: bench + "ifevalg-demo/input_data.jsonl"},
		{suite: "ifeval", path: "testdata/cases.jsonl.gz", only: "ifeval"},
		{suite: "ifbench", path: "testdata/cases.jsonl.gz", only: "ifbench"},
		{suite: "ifbench", path: "testdata/syllables/cases.jsonl.gz"},
		{suite: "ifevalg", path: "testdata/ifevalg/cases.jsonl.gz"},
		{suite: "ifeval", path: "ifeval/input_data.jsonl", shared: true},
		{suite: "ifbench", path: "ifbench/IFBench_test.jsonl", shared: true},
		{suite: "ifbench", path: "ifbench/IFBench_test.8a66c06.jsonl", shared: true},
	}
	for _, s := range sources {
		name := s.suite + "/" + s.path
		t.Run(strings.ReplaceAll(name, "../", ""), func(t *testing.T) {
			path := s.path
			if s.shared {
				path = sharedtest.Conformance(t, s.path)
			}
			var recs []argRecord
			if s.only != "" {
				for _, c := range readGz[testCase](t, path) {
					if c.Suite == s.only {
						recs = append(recs, argRecord{IDs: c.IDs, Kwargs: c.Kwargs})
					}
				}
			} else {
				recs = readArgRecords(t, path)
			}
			n, bad := refusals(suiteRegistry(t, s.suite), recs)
			if n == 0 {
				t.Fatalf("%s: no instructions read", path)
			}
			if len(bad) > 0 {
				t.Errorf("%s: %d of %d official instructions refused, first: %s", path, len(bad), n, bad[0])
			}
			t.Logf("%s: %d instructions, none refused", path, n)
		})
	}
}

// TestArgumentNamesAreOfficial holds every Checker.Takes to the official
// code's build_description signatures, read by official_args.py (python3,
// nothing imported). The code is third-party and not in the repository: set
// SCIIF_IFEVAL_CODE to IFEval's instruction_following_eval folder (holding
// instructions.py and instructions_registry.py), SCIIF_IFBENCH_CODE to a
// checkout of allenai/IFBench and SCIIF_OPEN_INSTRUCT_CODE to one of
// allenai/open-instruct; a suite whose variable is unset is skipped.
func TestArgumentNamesAreOfficial(t *testing.T) {
	type code struct {
		env, registry string
		modules       []string // name=file, relative to the checkout
	}
	codes := map[string]code{
		"ifeval":  {"SCIIF_IFEVAL_CODE", "instructions_registry.py", []string{"instructions=instructions.py"}},
		"ifbench": {"SCIIF_IFBENCH_CODE", "ifbench/instructions_registry.py", []string{"instructions=ifbench/instructions.py", "classic_instructions=ifbench/classic_instructions.py"}},
		"ifevalg": {"SCIIF_OPEN_INSTRUCT_CODE", "open_instruct/IFEvalG/instructions_registry.py", []string{"instructions=open_instruct/IFEvalG/instructions.py"}},
	}
	for _, suite := range []string{"ifeval", "ifbench", "ifevalg"} {
		t.Run(suite, func(t *testing.T) {
			c := codes[suite]
			dir := os.Getenv(c.env)
			if dir == "" {
				t.Skipf("%s (the official code) is not set", c.env)
			}
			args := []string{"official_args.py", filepath.Join(dir, c.registry)}
			for _, m := range c.modules {
				name, file, _ := strings.Cut(m, "=")
				args = append(args, name+"="+filepath.Join(dir, file))
			}
			out, err := exec.Command("python3", args...).Output()
			if err != nil {
				t.Fatalf("official_args.py: %v", err)
			}
			var official map[string][]string
			if err := json.Unmarshal(out, &official); err != nil {
				t.Fatal(err)
			}
			compareTakes(t, suites[suite], official)
		})
	}
}

// compareTakes fails on an id of one side missing from the other and on a
// Takes that is not the official signature's names, in its order.
func compareTakes(t *testing.T, list []instr.Checker, official map[string][]string) {
	t.Helper()
	ours := map[string]bool{}
	for _, c := range list {
		ours[c.ID] = true
		want, ok := official[c.ID]
		if !ok {
			t.Errorf("%s: not in the official registry", c.ID)
			continue
		}
		if !slices.Equal(c.Takes, want) && !(len(c.Takes) == 0 && len(want) == 0) {
			t.Errorf("%s: Takes %q, the official build_description takes %q", c.ID, c.Takes, want)
		}
	}
	var missing []string
	for id := range official {
		if !ours[id] {
			missing = append(missing, id)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("official ids without a checker: %v", missing)
	}
	t.Logf("%d ids compared", len(list))
}
