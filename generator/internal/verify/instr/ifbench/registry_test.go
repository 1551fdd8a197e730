package ifbench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

var idPattern = regexp.MustCompile(`^[a-z]+:[a-z_-]+$`)

func TestCheckersAreUniqueWellFormedAndDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Checkers {
		if !idPattern.MatchString(c.ID) {
			t.Errorf("id %q is not of the form group:name", c.ID)
		}
		if seen[c.ID] {
			t.Errorf("id %q is listed twice", c.ID)
		}
		seen[c.ID] = true
		if len(c.Doc) < 10 {
			t.Errorf("%s: doc %q is missing or too short", c.ID, c.Doc)
		}
		if c.Check == nil {
			t.Errorf("%s: no check function", c.ID)
		}
	}
	if len(Checkers) != 58 {
		t.Errorf("got %d checkers, IFBench has 58", len(Checkers))
	}
}

func TestCheckersMatchOfficialInstructionIDs(t *testing.T) {
	dir := sharedDir(t)
	b, err := os.ReadFile(filepath.Join(dir, "instruction_ids.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		IDs []struct {
			ID string `json:"id"`
		} `json:"ifbench_ood_instruction_ids"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, x := range doc.IDs {
		want = append(want, x.ID)
	}
	for _, c := range Checkers {
		got = append(got, c.ID)
	}
	sort.Strings(want)
	sort.Strings(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("checker ids differ from instruction_ids.json (-want +got):\n%s", diff)
	}
}

// sharedDir returns the IFBench conformance folder beside the repository
// (package sharedtest).
func sharedDir(t testing.TB) string {
	t.Helper()
	return sharedtest.Conformance(t, "ifbench")
}
