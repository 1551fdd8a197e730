package board

import (
	"strings"
	"testing"
)

// The parts of a diagnostic's location that come from a submission (an
// item id read from a bad line, an unknown JSON key, a judge's name) are
// shown as written when short and printable, and otherwise quoted and
// cut: a message never quotes megabytes of a key, nor sends a terminal
// escape sequence (a 300 KB unknown key was printed whole, ESC included),
// and a collector keeps no more of them than it shows.
func TestLocationFromSubmissionsIsQuotedAndCut(t *testing.T) {
	huge := "\x1b[2J" + strings.Repeat("k", 1<<20)
	d := Diagnostic{File: "r/m/x.jsonl", Line: 3, Item: huge, Field: huge, Constraint: huge, Criterion: huge, Judge: huge, Msg: "unknown field", Fatal: true}
	got := d.String()
	if len(got) > 5*MaxPart+100 || strings.ContainsRune(got, '\x1b') {
		t.Errorf("String() is %d bytes, escape %v: %.300q", len(got), strings.ContainsRune(got, '\x1b'), got)
	}
	if want := `r/m/x.jsonl:3: item "\x1b[2Jkkkkk`; !strings.HasPrefix(got, want) {
		t.Errorf("String() = %.120q, want it to start %q", got, want)
	}
	c := FileCollector("r/m/x.jsonl")
	c.Add(d)
	kept := c.Problems()[0]
	for _, s := range []string{kept.Item, kept.Field, kept.Constraint, kept.Criterion, kept.Judge} {
		if len(s) > MaxPart {
			t.Errorf("the collector keeps a part of %d bytes", len(s))
		}
	}
	plain := Diagnostic{File: "f", Line: 1, Item: "c-2", Field: "judges.gpt-5.1.correctness", Judge: "Gemini 3 (Flash)", Msg: "m"}
	if got, want := plain.String(), "f:1: item c-2: judges.gpt-5.1.correctness: judge Gemini 3 (Flash): m"; got != want {
		t.Errorf("a plain location changed: %q, want %q", got, want)
	}
}

// A path with a control character (a folder named so) is shown quoted.
func TestPathWithControlCharacterIsQuoted(t *testing.T) {
	d := Diagnostic{File: "results/a\x1b]0;x\ab", Msg: "folder name is not a safe slug", Fatal: true}
	if got, want := d.String(), `"results/a\x1b]0;x\ab": folder name is not a safe slug`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
