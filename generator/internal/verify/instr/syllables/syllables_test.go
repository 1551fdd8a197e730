package syllables

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseReadsSyllapyFormat(t *testing.T) {
	d, err := Parse("words.csv", []byte("poem,2\r\nidea,3\nand\\/or,1\nmr.,1\n0,2"))
	if err != nil {
		t.Fatal(err)
	}
	for w, want := range map[string]int{"poem": 2, "idea": 3, `and\/or`: 1, "mr.": 1, "0": 2} {
		if n, ok := d.Count(w); !ok || n != want {
			t.Errorf("Count(%q) = %d, %v; want %d, true", w, n, ok, want)
		}
	}
	if _, ok := d.Count("Poem"); ok {
		t.Error("Count looks words up as given: Poem is not poem")
	}
	if d.Len() != 5 {
		t.Errorf("Len = %d, want 5", d.Len())
	}
	var none *Dictionary
	if _, ok := none.Count("poem"); ok || none.Len() != 0 {
		t.Error("a nil dictionary holds no word")
	}
}

func TestParseNamesFileLineAndField(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"poem,2\n\nidea,3\n", "d.csv:2: line: empty"},
		{"poem 2\n", "d.csv:1: line: no comma"},
		{"poem,2\n,3\n", "d.csv:2: word: empty"},
		{"poem,2\nidea,three\n", `d.csv:2: count: "three" is not a whole number`},
		{"poem,2\nidea,-3\n", `d.csv:2: count: "-3"`},
		{"poem,2\nidea,100\n", `d.csv:2: count: "100"`},
		{"poem,2\nidea,\n", `d.csv:2: count: "" is not`},
		{"poem,2\nidea,3,4\n", `d.csv:2: count: "3,4"`},
		{"poem,2\n\"idea\",3\n", "d.csv:2: word: holds a double quote"},
		{"poem,2\nice cream,3\n", "d.csv:2: word: holds a double quote or white space"},
		{"poem,2\nid\xffea,3\n", "d.csv:2: word: not valid UTF-8"},
		{"poem,2\nidea,3\npoem,1\n", `d.csv:3: word: "poem" is also on line 1`},
		{"", "d.csv: no word"},
	} {
		_, err := Parse("d.csv", []byte(c.data))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want an error starting %q", c.data, err, c.want)
		}
	}
}

func TestLoadIsBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.csv")
	line := "poem,2\n"
	if err := os.WriteFile(big, []byte(strings.Repeat(line, MaxFile/len(line)+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(big)
	if err == nil || !strings.Contains(err.Error(), big) {
		t.Errorf("Load of %d bytes: %v, want an error naming the file", MaxFile+len(line), err)
	}
	if _, err := Parse("big.csv", make([]byte, MaxFile+1)); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("Parse of MaxFile+1 bytes: %v", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.csv")); err == nil || !strings.Contains(err.Error(), "missing.csv") {
		t.Errorf("Load of a missing file: %v", err)
	}
}

func TestDigestNamesTheBytes(t *testing.T) {
	a, _ := Parse("a", []byte("poem,2\n"))
	b, _ := Parse("b", []byte("poem,1\n"))
	c, _ := Parse("c", []byte("poem,2\n"))
	if a.Digest() == b.Digest() || a.Digest() != c.Digest() {
		t.Errorf("digests %s %s %s: want the first and last equal, the middle apart", a.Digest(), b.Digest(), c.Digest())
	}
	// printf 'poem,2\n' | sha256sum
	const want = "sha256:62e1962437f5ddd410f4f15f69fd68c81dbc46559083f9ba7cbba7c2847d0523"
	if text, _ := a.MarshalText(); string(text) != want {
		t.Errorf("MarshalText = %s, want %s", text, want)
	}
}
