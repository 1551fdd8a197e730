package verifiable_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// A multi-turn record naming no conversation of the benchmark, or one
// already answered, is refused with the key or the messages as the
// submitter wrote them, never the reader's own form of them ("k:7",
// "m:[…]", a NUL byte between the two).
func TestMultiTurnKeyProblemsSayWhatWasWritten(t *testing.T) {
	dir := t.TempDir()
	b := openMT(t, dir, mtInput)
	conv2 := `[{"role": "user", "content": "Describe Lisbon."}, {"role": "assistant", "content": "A hilly city by the Tagus."}, {"role": "user", "content": "Again, in 5 to 60 words."}]`
	for i, tt := range []struct{ name, file, want string }{
		{"unknown key", `{"key": 7, "response": "x"}`, `mt.jsonl:1: key: unknown conversation key 7 (not in mt)`},
		{"negative zero", `{"key": -0, "response": "x"}`, `mt.jsonl:1: key: unknown conversation key 0 (not in mt)`},
		{"unknown messages", `{"messages": [{"role": "user", "content": "Describe Lisbon."}], "response": "x"}`, `mt.jsonl:1: key: unknown conversation messages "Describe Lisbon." (not in mt)`},
		{"key with another conversation", `{"key": 1, "messages": ` + conv2 + `, "response": "x"}`, `mt.jsonl:1: key: unknown conversation key 1 with messages that are not its conversation (not in mt)`},
		{"twice by key", `{"key": 2, "response": "x"}` + "\n" + `{"key": 2, "response": "y"}`, `mt.jsonl:2: key: duplicate conversation key 2 (first on line 1)`},
		{"twice by messages", `{"messages": ` + conv2 + `, "response": "x"}` + "\n" + `{"messages": ` + conv2 + `, "response": "y"}`, `mt.jsonl:2: key: duplicate conversation messages "[{\"role\":\"user\",\"content\":\"Describe Lisbon.\"},{\"role\":\"assis"… (first on line 1)`},
	} {
		id := fmt.Sprintf("m%d", i)
		root := filepath.Join(dir, "results-"+id)
		write(t, filepath.Join(root, id, "metadata.yaml"), "name: M\norganization: Acme\ndate: 2026-11-02\nopen_weights: false\n")
		write(t, filepath.Join(root, id, "mt.jsonl"), tt.file+"\n")
		subs, err := ingest.Submissions(root, []string{"mt.jsonl"})
		if err != nil {
			t.Fatal(err)
		}
		k := slices.IndexFunc(subs, func(s board.Submission) bool { return s.ID == id })
		_, probs := b.Check(context.Background(), &subs[k], kind.Options{Policies: board.Policies})
		var got []string
		for _, p := range probs {
			if p.Fatal {
				got = append(got, p.String())
			}
		}
		if len(got) != 1 || !strings.HasSuffix(got[0], tt.want) {
			t.Errorf("%s: problems %q, want one ending %q", tt.name, got, tt.want)
		}
	}
}

// An empty or blank response is a warning, as SUBMITTING.md says of every
// kind (and the instruction kinds' fixes explain): it is checked as
// written, and the submitter is told. The instruction kinds said nothing.
func TestEmptyResponseIsAWarning(t *testing.T) {
	dir := t.TempDir()
	b := openMT(t, dir, mtInput)
	root := filepath.Join(dir, "results-empty")
	write(t, filepath.Join(root, "m", "metadata.yaml"), "name: M\norganization: Acme\ndate: 2026-11-02\nopen_weights: false\n")
	write(t, filepath.Join(root, "m", "mt.jsonl"), `{"key": 1, "response": " \n "}`+"\n"+`{"key": 2, "response": "a b c d e f"}`+"\n")
	subs, err := ingest.Submissions(root, []string{"mt.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	_, probs := b.Check(context.Background(), &subs[0], kind.Options{Policies: board.Policies})
	var got []string
	for _, p := range probs {
		got = append(got, p.String())
	}
	if len(got) != 1 || !strings.HasSuffix(got[0], "mt.jsonl:1: response: empty response") || probs[0].Fatal {
		t.Errorf("problems %q, want one warning of an empty response on line 1", got)
	}
}
