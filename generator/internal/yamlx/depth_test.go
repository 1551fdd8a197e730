package yamlx

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestCheckDepth(t *testing.T) {
	deep := func(open string, n int) string { return strings.Repeat(open, n) + "x" }
	indented := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(" ", i) + "k:\n")
		}
		b.WriteString(strings.Repeat(" ", n) + "k: x\n")
		return b.String()
	}
	tests := []struct {
		name, reason string
		doc          string
		wantLine     int // 0: accepted
		wantDepth    int
	}{
		{name: "metadata", reason: "the schemas nest a few levels",
			doc: "name: A\njudges: [a, b]\nclaimed:\n  strict:\n    correct: 0.5\n"},
		{name: "sequence of mappings", reason: "a block sequence of mappings is two levels",
			doc: "tables:\n  - metric: x\n    rows:\n      - {model: a, value: 1}\n"},
		{name: "dashes", reason: "each `- ` on a line opens a level",
			doc: "a: 1\n" + deep("- ", 30000), wantLine: 2, wantDepth: 17},
		{name: "brackets", reason: "each `[` opens a level",
			doc: deep("[", 30000), wantLine: 1, wantDepth: 17},
		{name: "braces across lines", reason: "flow collections go on over lines",
			doc: strings.Repeat("{a:\n", 40), wantLine: 16, wantDepth: 17},
		{name: "indentation", reason: "indentation opens levels",
			doc: indented(40), wantLine: 17, wantDepth: 17},
		{name: "sixteen", reason: "the limit itself is accepted: the document's own level and 15 brackets",
			doc: deep("[", 15) + strings.Repeat("]", 15)},
		{name: "quoted", reason: "brackets in quoted scalars are text",
			doc: `name: "` + deep("[", 100) + `"` + "\nx: '" + deep("{", 100) + "'\n"},
		{name: "plain", reason: "brackets inside a plain scalar are text",
			doc: "name: a" + deep("[", 100) + "\n"},
		{name: "comment", reason: "comments are text",
			doc: "a: 1 # " + deep("[", 100) + "\n# " + deep("- ", 100) + "\n"},
		{name: "block scalar", reason: "a block scalar's lines are text",
			doc: "notes: |\n  " + deep("- ", 100) + "\n  " + deep("[", 100) + "\nname: x\n"},
		{name: "block scalar ends", reason: "a less indented line ends it",
			doc: "notes: |\n  text\n" + deep("[", 20), wantLine: 3, wantDepth: 17},
		{name: "lone CR", reason: "a lone CR breaks lines for YAML, so for the scan",
			doc: "a: 1\r" + deep("[", 20), wantLine: 2, wantDepth: 17},
		{name: "after a flow key", reason: "what follows a flow collection on its line is read",
			doc: "[a]: " + deep("[", 20), wantLine: 1, wantDepth: 17},
		{name: "after a quoted key", reason: "what follows a quoted scalar on its line is read",
			doc: `"a": ` + deep("- ", 20), wantLine: 1, wantDepth: 17},
		{name: "quote inside a plain flow scalar", reason: "a quote opens a string only at a token's start",
			doc: "[it's, " + deep("[", 20), wantLine: 1, wantDepth: 17},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckDepth([]byte(tt.doc), MaxDepth)
			if tt.wantLine == 0 {
				if err != nil {
					t.Fatalf("%s: %v, want accepted", tt.reason, err)
				}
				return
			}
			de, ok := ErrDepth(err)
			if !ok {
				t.Fatalf("%s: %v, want a DepthError", tt.reason, err)
			}
			if de.Line != tt.wantLine || de.Depth != tt.wantDepth {
				t.Errorf("%s: line %d depth %d, want line %d depth %d", tt.reason, de.Line, de.Depth, tt.wantLine, tt.wantDepth)
			}
		})
	}
}

func TestBombsAreRefusedFast(t *testing.T) {
	// Each of these took go-yaml over a minute or all memory: 60 KB of
	// `- ` or `[`, 241 KB of `[`.
	for _, doc := range [][]byte{
		bytes.Repeat([]byte("- "), 30000),
		bytes.Repeat([]byte("["), 30000),
		bytes.Repeat([]byte("["), 120000),
	} {
		start := time.Now()
		var v any
		err := Unmarshal(doc, &v)
		if _, ok := ErrDepth(err); !ok {
			t.Errorf("Unmarshal(%.10q…) = %v, want a DepthError", doc, err)
		}
		if _, err := Parse(doc); err == nil {
			t.Errorf("Parse(%.10q…) accepted it", doc)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("refusing %.10q… took %v", doc, d)
		}
	}
}

func TestDepthErrorMessage(t *testing.T) {
	err := CheckDepth([]byte("a:\n  b: "+strings.Repeat("[", 40)), MaxDepth)
	want := "line 2: YAML nested 17 levels deep, deeper than the 16 allowed; refused without parsing"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

func TestClip(t *testing.T) {
	long := strings.Repeat("é", 100)
	if got := Clip(long, 81); len(got) > 81+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("Clip = %q", got)
	}
	if got := Clip("a\nb", 80); got != "a" {
		t.Errorf("Clip keeps the first line: %q", got)
	}
}
