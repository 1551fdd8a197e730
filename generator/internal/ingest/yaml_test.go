package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func TestReadOptional(t *testing.T) {
	dir := t.TempDir()
	present := filepath.Join(dir, "reported.yaml")
	if err := os.WriteFile(present, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 11)), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason string
		path         string
		wantData     string
		wantFound    bool
		wantErr      bool
	}{
		{"missing", "an optional file left out is no problem", filepath.Join(dir, "none.yaml"), "", false, false},
		{"present", "the file's bytes", present, "a: 1\n", true, false},
		{"too large", "a file over the limit is a fatal problem, not a missing file", big, "", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, found, err := ReadOptional(tt.path, 10, "x.reported")
			if string(data) != tt.wantData || found != tt.wantFound || (err != nil) != tt.wantErr {
				t.Fatalf("ReadOptional = %q, %v, %v; want %q, %v, error %v (%s)", data, found, err, tt.wantData, tt.wantFound, tt.wantErr, tt.reason)
			}
			if p, ok := err.(board.Problems); err != nil && (!ok || p[0].Code != "x.reported" || !p[0].Fatal) {
				t.Errorf("error %#v: want one fatal problem coded x.reported", err)
			}
		})
	}
}

func TestDecodeYAML(t *testing.T) {
	type doc struct {
		A int `yaml:"a"`
	}
	tests := []struct {
		name, reason string
		data         string
		want         board.Problems
	}{
		{"good", "a known field decodes", "a: 1\n", nil},
		{"unknown field", "decoding is strict", "a: 1\nb: 2\n", board.Problems{{File: "f.yaml", Code: "c", Fatal: true}}},
		{"too deep", "the line where the nesting is refused", "a: 1\nb:\n" + strings.Repeat(" ", 1) + strings.Repeat("- ", 20) + "x\n", board.Problems{{File: "f.yaml", Line: 3, Code: "c", Fatal: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d doc
			err := DecodeYAML("f.yaml", []byte(tt.data), "c", &d)
			var got board.Problems
			if err != nil {
				got = err.(board.Problems)
				for i := range got {
					if got[i].Msg == "" || strings.Contains(got[i].Msg, "\n") {
						t.Errorf("message %q: want one line", got[i].Msg)
					}
					got[i].Msg = ""
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}
