package rubric

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// demoDir is the demo rubric benchmark, seen from this package's folder.
const demoDir = "../../../../benchmarks/complex-if-demo"

// TestReportedMatchesPaper checks every figure of the demo benchmark's
// reported.yaml against the paper's Tables 1 and 3 as printed
// (testdata/complex-if-tables.txt), and, when COMPLEX_IF_PAPER names the
// paper's text, that those lines are the paper's.
func TestReportedMatchesPaper(t *testing.T) {
	data, err := os.ReadFile("testdata/complex-if-tables.txt")
	if err != nil {
		t.Fatal(err)
	}
	if paper := os.Getenv("COMPLEX_IF_PAPER"); paper != "" {
		text, err := os.ReadFile(paper)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "== ") && !strings.Contains(string(text), "\n"+l+"\n") {
				t.Errorf("%q is not a line of the paper", l)
			}
		}
	}
	// want holds "table|model|setting" → value as printed.
	want := map[string]string{}
	table := ""
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "== "):
			table = strings.TrimPrefix(l, "== ")
		default:
			f := strings.Split(l, "\t")
			if table == "Table 1" {
				want[table+"|"+f[0]+"|"] = f[1]
			} else {
				want[table+"|"+f[0]+"|base"] = strings.TrimSuffix(f[1], "%")
				want[table+"|"+f[0]+"|trained"] = strings.TrimSuffix(f[2], "%")
			}
		}
	}
	rep, err := readReported(filepath.Join(demoDir, ReportedFile))
	if err != nil || rep == nil {
		t.Fatalf("reported.yaml: %v", err)
	}
	got := map[string]string{}
	metric := map[string]string{"Table 1": "perfect_task_rate", "Table 3": "mean_criterion_pass"}
	for _, tb := range rep.Tables {
		if metric[tb.Table] != tb.Metric {
			t.Errorf("%s: metric %q, want %q", tb.Table, tb.Metric, metric[tb.Table])
		}
		for _, r := range tb.Rows {
			key := tb.Table + "|" + r.Model + "|" + r.Setting
			if _, dup := got[key]; dup {
				t.Errorf("%s twice", key)
			}
			got[key] = strconv.FormatFloat(float64(r.Value), 'f', -1, 64)
		}
	}
	// The paper prints 57.9, 16.55 and 4.14: compare as numbers printed
	// without trailing zeros.
	for k, v := range want {
		f, _ := strconv.ParseFloat(v, 64)
		want[k] = strconv.FormatFloat(f, 'f', -1, 64)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reported.yaml differs from the paper (-paper +reported.yaml):\n%s", diff)
	}
}

func TestReportedRefusesBadFiles(t *testing.T) {
	for _, tt := range []struct{ name, reason, yaml string }{
		{"unknown field", "a misspelt field would be lost", "citation: {title: T, authors: A}\ntables: [{table: T1, metric: perfect_task_rate, rows: [{model: M, value: 1}]}]\nnotes: x\n"},
		{"unknown metric", "the board shows only its own metrics", "citation: {title: T, authors: A}\ntables: [{table: T1, metric: accuracy, rows: [{model: M, value: 1}]}]\n"},
		{"percent over 100", "values are percentages", "citation: {title: T, authors: A}\ntables: [{table: T1, metric: perfect_task_rate, rows: [{model: M, value: 101}]}]\n"},
		{"no citation", "figures need their source", "tables: [{table: T1, metric: perfect_task_rate, rows: [{model: M, value: 1}]}]\n"},
	} {
		if _, err := decodeReported("reported.yaml", []byte(tt.yaml)); err == nil {
			t.Errorf("%s: accepted (%s)", tt.name, tt.reason)
		}
	}
}
