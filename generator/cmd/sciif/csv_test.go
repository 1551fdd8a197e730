package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kinds/rubric"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifier"
	"github.com/sciif/leaderboard/generator/internal/report"
)

// csvRows lists the row type of every CSV file the project writes: the
// site's downloads and `sciif score --format csv`. A new CSV file adds its
// row type here; TestDemoDownloadsAreDefused fails on a download whose
// header is no listed row type's.
var csvRows = []any{
	sciif.LeaderboardRow{}, // leaderboard.csv, score --format csv (SciIF)
	sciif.VerdictRow{},     // verdicts.csv
	sciif.PointRow{},       // points/<model>.csv
	verifiable.LeaderboardRow{},
	verifiable.VerdictRow{}, // <board>/verdicts/<model>.csv
	rubric.LeaderboardRow{},
	rubric.VerdictRow{},
	rubric.PointRow{}, // leaderboard.csv of a point-weighted rubric board (scoring: points)
	verifier.LeaderboardRow{},
	verifier.GroupRow{},
	verifier.StyleRow{},
	verifier.ReportedCSVRow{},
	verifier.VerdictRow{}, // <board>/verdicts/<verifier>.csv
}

// TestCSVRowsDefuseText wants every text column of every CSV row type to
// be a report.Text, whose encoding defuses spreadsheet formulas: a plain
// string column (or one of a type of its own, which gocsv writes with its
// String method) fails here, and report.CSV refuses it in a build.
func TestCSVRowsDefuseText(t *testing.T) {
	text := reflect.TypeFor[report.Text]()
	for _, row := range csvRows {
		rt := reflect.TypeOf(row)
		texts := 0
		for i := range rt.NumField() {
			f := rt.Field(i)
			if !f.IsExported() || f.Tag.Get("csv") == "-" {
				continue
			}
			switch ft := f.Type; {
			case ft == text:
				texts++
			case ft.PkgPath() == "" && slices.Contains([]reflect.Kind{reflect.Bool, reflect.Int, reflect.Int64, reflect.Float64}, ft.Kind()):
			default:
				t.Errorf("%v.%s is a %v: a text column is a report.Text; numbers and booleans are int, int64, float64 or bool", rt, f.Name, ft)
			}
		}
		if texts == 0 {
			t.Errorf("%v has no text column: is it a CSV row?", rt)
		}
		if err := report.CheckRow(row); err != nil {
			t.Error(err)
		}
	}
}

// number is how gocsv writes a negative int or float: a number column may
// start with a minus, a text column is defused.
var number = regexp.MustCompile(`^-[0-9]+(\.[0-9]+)?$`)

// TestDemoDownloadsAreDefused builds the repository's demo site and runs
// `sciif score --format csv` on each of its benchmarks, and wants no cell
// of any CSV file to start with '=', '+', '-', '@', a tab or a carriage
// return (defused text starts with an apostrophe), except negative
// numbers; and every file's header to be a listed row type's.
func TestDemoDownloadsAreDefused(t *testing.T) {
	headers := map[string]bool{}
	for _, row := range csvRows {
		h, err := report.Header(row)
		if err != nil {
			t.Fatal(err)
		}
		headers[strings.Join(h, ",")] = true
	}
	files := map[string][]byte{}
	out := filepath.Join(t.TempDir(), "site")
	results := demoResults(t)
	if code, stderr := build(t, results, out); code != 0 {
		t.Fatalf("build exited %d: %s", code, stderr)
	}
	for name, data := range readTree(t, out) {
		if strings.HasSuffix(name, ".csv") {
			files[name] = data
		}
	}
	benches, err := filepath.Glob("../../../benchmarks/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range benches {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"score", "--benchmarks", "../../../benchmarks", "--benchmark", b, "--results", results, "--format", "csv"}, &stdout, &stderr)
		if code != 0 {
			t.Fatalf("score --benchmark %s exited %d: %s", b, code, stderr.String())
		}
		files["score "+filepath.Base(b)] = stdout.Bytes()
	}
	for _, want := range []string{"leaderboard.csv", "verdicts.csv", "points/demo-atlas-70b.csv", "ifeval-demo/verdicts/demo-atlas-70b.csv", "complex-if-demo/verdicts.csv", "score sciif"} {
		if _, ok := files[want]; !ok {
			t.Errorf("no %s among the demo's CSV files", want)
		}
	}
	for name, data := range files {
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(recs) == 0 {
			t.Errorf("%s: empty, want a header at least", name)
			continue
		}
		if !headers[strings.Join(recs[0], ",")] {
			t.Errorf("%s: header %q is no row type's in csvRows", name, recs[0])
		}
		for i, rec := range recs[1:] {
			for j, cell := range rec {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) && !number.MatchString(cell) {
					t.Errorf("%s line %d, %s: %q would be a formula", name, i+2, recs[0][j], cell)
				}
			}
		}
	}
}
