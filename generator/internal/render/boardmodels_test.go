package render

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBoardModels(t *testing.T) {
	b := &fakeBoard{name: "bench", models: []ModelInfo{{ID: "m/a", Name: "A"}, {ID: "m-b", Name: "B"}}}
	s, err := Start(Input{Boards: []Board{b}, Version: "v"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, reason string
		ids          []string
		taken        []string
		wantSlugs    []string
		wantErr      string
	}{
		{"in order", "names, slugs and colours follow the board's order", []string{"m-b", "m/a"}, nil, []string{"m-b", Slug("m/a")}, ""},
		{"shared slug", "two ids with one slug would share anchors and files", []string{"x/y", Slug("x/y")}, nil, nil, `models "x/y" and "` + Slug("x/y") + `" share the slug`},
		{"taken", "a board's own name is not a model's", []string{"m-b", "builtin"}, []string{"builtin"}, nil, `models "builtin" and "builtin" share the slug`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := s.BoardModels(len(tt.ids), func(i int) (string, string) { return tt.ids[i], strings.ToUpper(tt.ids[i]) }, tt.taken...)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q (%s)", err, tt.wantErr, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantSlugs, ms.Slugs); diff != "" {
				t.Errorf("%s: slugs (-want +got):\n%s", tt.reason, diff)
			}
			if len(ms.Names) != len(tt.ids) || len(ms.Colors) != len(tt.ids) || ms.Names[0].Text != "M-B" {
				t.Errorf("%s: names %v, colours %v", tt.reason, ms.Names, ms.Colors)
			}
		})
	}
}
