package equiv

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sharedtest"
)

// mathVerifyRow is one labelled pair of the Math-Verify conformance file.
type mathVerifyRow struct {
	Gold                 string `json:"gold"`
	Pred                 string `json:"pred"`
	Equal                bool   `json:"equal"`
	SourceTest           string `json:"source_test"`
	Precision            *int   `json:"precision"`
	Strict               *bool  `json:"strict"`
	AllowSetRelationComp *bool  `json:"allow_set_relation_comp"`
	Disputed             string `json:"disputed"`
}

func readMathVerify(t testing.TB) []mathVerifyRow {
	path := sharedtest.Conformance(t, "math-verify/triples.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []mathVerifyRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r mathVerifyRow
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("triples.jsonl:%d: %v", len(rows)+1, err)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// mathVerifyOptions maps the upstream arguments of a row to Options.
func mathVerifyOptions(r mathVerifyRow) Options {
	var opt Options
	if r.Precision != nil {
		opt.Tolerance = &Tolerance{Kind: Decimals, Value: float64(*r.Precision)}
	}
	return opt
}

// answerSpan is what the scoring engine does with a response: extract the
// final answer, or keep the whole text when nothing is found.
func answerSpan(s string) string {
	if span, ok := Extract(s); ok {
		return span
	}
	return s
}

// goldSpan is the reference answer of a row: upstream also extracts from
// the gold side, which in a few rows is a whole worked solution.
func goldSpan(s string) string {
	if strings.Contains(s, `\boxed`) || len(s) > 100 {
		return answerSpan(s)
	}
	return s
}

// readKnown reads testdata/mathverify_known.txt: "line<TAB>verdict<TAB>reason".
func readKnown(t *testing.T) map[int]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "mathverify_known.txt"))
	if err != nil {
		t.Fatal(err)
	}
	known := map[int]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.SplitN(line, "\t", 3)
		n, err := strconv.Atoi(f[0])
		if len(f) != 3 || err != nil || strings.TrimSpace(f[2]) == "" {
			t.Fatalf("mathverify_known.txt:%d: want line<TAB>our verdict<TAB>reason", i+1)
		}
		known[n] = f[1]
	}
	return known
}

// TestMathVerifyConformance compares the verifier with the labelled pairs
// of Math-Verify's test suite. Every disagreement must be listed, with a
// reason, in testdata/mathverify_known.txt, and every listed row must still
// disagree.
func TestMathVerifyConformance(t *testing.T) {
	rows := readMathVerify(t)
	known := readKnown(t)
	ctx := context.Background()
	agree, undec, wrong := 0, 0, 0
	var unlisted []string
	for i, r := range rows {
		line := i + 1
		got := Compare(ctx, goldSpan(r.Gold), answerSpan(r.Pred), mathVerifyOptions(r))
		want := NotEqual
		if r.Equal {
			want = Equal
		}
		if got.Verdict == want {
			agree++
			if _, ok := known[line]; ok {
				t.Errorf("line %d is listed as a disagreement but now agrees (%s); remove it from the list", line, got.Verdict)
			}
			continue
		}
		if got.Verdict == Undecided {
			undec++
		} else {
			wrong++
		}
		listed, ok := known[line]
		if !ok || listed != got.Verdict.String() {
			unlisted = append(unlisted, line2str(line, r, got))
		}
	}
	for n := range known {
		if n < 1 || n > len(rows) {
			t.Errorf("listed line %d is not in the file", n)
		}
	}
	sort.Strings(unlisted)
	for _, u := range unlisted {
		t.Errorf("unlisted disagreement: %s", u)
	}
	t.Logf("Math-Verify: %d pairs, %d agree (%.1f%%), %d undecided, %d decided otherwise", len(rows), agree, 100*float64(agree)/float64(len(rows)), undec, wrong)
}

func line2str(line int, r mathVerifyRow, got Result) string {
	return strconv.Itoa(line) + "\t" + got.Verdict.String() + "\tupstream equal=" + strconv.FormatBool(r.Equal) +
		" gold=" + strconv.Quote(clip(r.Gold)) + " pred=" + strconv.Quote(clip(r.Pred)) + " [" + got.Rule + ": " + got.Reason + " | " + got.Gold + " vs " + got.Pred + "]"
}
