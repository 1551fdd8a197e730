package records

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

type styled struct {
	ID       string  `json:"id"`
	Response *string `json:"response"`
	Style    *string `json:"style"`
}

// TestReadVariants keys records on an id and a second field: one record
// per item and variant, the primary variant when the field is absent.
func TestReadVariants(t *testing.T) {
	s := &Spec[styled]{
		Benchmark: "bench", N: len(ids),
		Lookup: func(k string) (int, bool) {
			for i, id := range ids {
				if id == k {
					return i, true
				}
			}
			return 0, false
		},
		KeyField: "id", KeyName: "item id", ItemKey: true, Key: func(r *styled) string { return r.ID },
		ResponseField: "response", Response: func(r *styled) string { return *r.Response },
		Items: "items", Name: func(i int) string { return ids[i] }, Unanswered: "scored as nothing", Codes: CodesOf("test"),
		Variants: []string{"default", "terse"}, VariantField: "style", VariantName: "style",
		Variant: func(r *styled) string {
			if r.Style == nil {
				return ""
			}
			return *r.Style
		},
	}
	body := `{"id":"a","response":"x"}` + "\n" + // 1 a, default
		`{"id":"a","response":"y","style":"terse"}` + "\n" + // 2 a, terse: not a duplicate
		`{"id":"a","response":"z","style":"default"}` + "\n" + // 3 a, default again: duplicate
		`{"id":"b","response":"y","style":"chatty"}` + "\n" + // 4 unknown style
		`{"id":"c","response":"w","style":"terse"}` + "\n" // 5 c, terse only
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	res := Read(context.Background(), path, s, func(i, line int, r *styled) board.Problems {
		v, _ := s.VariantOf(r)
		got[ids[i]+"/"+s.Variants[v]] = *r.Response
		return nil
	})
	var probs []string
	for _, p := range res.Problems {
		msg := p.Code + " " + p.Field + ": " + p.Msg
		if p.Line > 0 {
			msg = strconv.Itoa(p.Line) + " " + msg
		}
		probs = append(probs, msg)
	}
	want := []string{
		`3 test.key.duplicate id: duplicate item id "a" in style "default" (first on line 1)`,
		`4 test.variant style: unknown style "chatty" (bench has default, terse)`,
		`test.incomplete id: incomplete: 2 of 3 items have no record (scored as nothing): [b c]`,
	}
	if diff := cmp.Diff(want, probs); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]string{"a/default": "x", "a/terse": "y", "c/terse": "w"}, got); diff != "" {
		t.Errorf("accepted (-want +got):\n%s", diff)
	}
	if l := res.Lines[s.Slot(2, 1)]; l != 5 {
		t.Errorf("c's terse record on line %d, want 5", l)
	}
}
