package sciif

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/report"
)

// TestCountWords counts words as strings.Fields splits them, Unicode
// spaces and invalid UTF-8 included.
func TestCountWords(t *testing.T) {
	for _, s := range []string{
		"", " ", "one", " two  words ", "tab\tand\nnew\vlines\f\r",
		"no\u00a0break", "next\u0085line", "em\u2003space", "ideo\u3000graphic",
		"bad\xff \xfe\xfd utf-8", "中文 没有 空格", "$x^2$ = 4 \\text{ m}",
	} {
		if got, want := countWords(s), len(strings.Fields(s)); got != want {
			t.Errorf("countWords(%q) = %d, want %d", s, got, want)
		}
	}
}

// FuzzCountWords holds countWords, which reads ASCII eight bytes at a
// time, to strings.Fields.
func FuzzCountWords(f *testing.F) {
	for _, s := range []string{
		"", "eight ch", "eightchr", " 7 bytes", "\t\n\v\f\r \x08\x0e\x1f!",
		"sixteen bytes!!!", "a b c d e f g h i j k l", "ascii then é then ascii words",
		"\x00\x00\x00\x00\x00\x00\x00\x00 x", "        ", "12345678 12345678\u00a012345678",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countWords(s), len(strings.Fields(s)); got != want {
			t.Fatalf("countWords(%q) = %d, want %d", s, got, want)
		}
	})
}

// TestWritePointsAsGocsv wants writePoints to write what gocsv writes
// for the same rows: header from the csv tags, quoting, booleans and
// defused text.
func TestWritePointsAsGocsv(t *testing.T) {
	rows := []PointRow{
		{Item: "a", Point: "correctness", Main: true, Votes: "j1=yes j2=no", DecidedBy: "judges", Pass: true},
		{Item: "b,c", Constraint: "units", Point: "2", Votes: `say "x"`, Rule: "r\nnext", RuleOut: "'=1+1", DecidedBy: "rules"},
		{Item: " lead", Constraint: "ü", Point: "10", Main: true, Votes: "", Rule: "\r", RuleOut: "fail", DecidedBy: "", Pass: false},
		{Item: "=cmd", Constraint: "-1", Point: "+2", Votes: "@j=yes", Rule: "\t=x", RuleOut: "\r=y", DecidedBy: "-", Pass: true},
	}
	for _, rs := range [][]PointRow{nil, rows} {
		var want bytes.Buffer
		if err := report.CSV(&want, &rs); err != nil {
			t.Fatal(err)
		}
		got, err := writePoints(rs)
		if err != nil || string(got) != want.String() {
			t.Errorf("writePoints(%d rows) = %v:\n%s\nwant (gocsv):\n%s", len(rs), err, got, want.String())
		}
	}
}
