package records

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func TestItems(t *testing.T) {
	type item struct {
		ID string `json:"id"`
	}
	tests := []struct {
		name, reason string
		file         string // "" leaves the file out
		want         board.Problems
		wantIDs      []string
	}{
		{"good", "each decoded line reaches add with its line", `{"id":"a"}` + "\n\n" + `{"id":"b"}` + "\n", nil, []string{"a@1", "b@3"}},
		{"missing file", "the file's own problem, fatal and coded", "", board.Problems{{File: "items.jsonl", Code: "k.items", Fatal: true}}, nil},
		{"empty", "a file without a line has no items", "\n", board.Problems{{File: "items.jsonl", Code: "k.items", Fatal: true, Msg: "no things"}}, nil},
		{"bad and reported", "strictjson's problems and add's reports are collected together",
			`{"id":"a","x":1}` + "\n" + `{"id":""}` + "\n",
			board.Problems{
				{File: "items.jsonl", Line: 1, Field: "x", Code: "k.items", Fatal: true},
				{File: "items.jsonl", Line: 2, Field: "id", Code: "k.items", Fatal: true, Msg: "missing id"},
			}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "items.jsonl")
			if tt.file != "" {
				if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var ids []string
			err := Items(path, "k.items", "things", func(line int, it *item, report Report) {
				if it.ID == "" {
					report("", "id", "missing %s", "id")
					return
				}
				ids = append(ids, it.ID+"@"+strconv.Itoa(line))
			})
			var got board.Problems
			if err != nil {
				got = err.(board.Problems)
				for i := range got {
					got[i].File = filepath.Base(got[i].File)
					if tt.want != nil && i < len(tt.want) && tt.want[i].Msg == "" {
						got[i].Msg = ""
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s: problems (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(tt.wantIDs, ids); diff != "" {
				t.Errorf("%s: items (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}
