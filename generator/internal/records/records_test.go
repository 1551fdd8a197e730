package records

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
)

type rec struct {
	ID       string  `json:"id"`
	Response *string `json:"response"`
}

var ids = []string{"a", "b", "c"}

func spec() *Spec[rec] {
	return &Spec[rec]{
		Benchmark: "bench", N: len(ids),
		Lookup: func(k string) (int, bool) {
			for i, id := range ids {
				if id == k {
					return i, true
				}
			}
			return 0, false
		},
		KeyField: "id", KeyName: "item id", ItemKey: true, Key: func(r *rec) string { return r.ID },
		ResponseField: "response", Response: func(r *rec) string {
			if r.Response == nil {
				return ""
			}
			return *r.Response
		},
		Items: "items", Name: func(i int) string { return ids[i] }, Unanswered: "scored as nothing",
		WarnEmpty: true, Codes: CodesOf("test"),
	}
}

// read writes body to a file, reads it with s and returns the problems
// as "line code field: message" and the items accepted, by index.
func read(t *testing.T, s *Spec[rec], body string) (probs []string, got map[int]string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	got = map[int]string{}
	res := Read(context.Background(), path, s, func(i, line int, r *rec) board.Problems {
		got[i] = *r.Response
		return nil
	})
	for _, p := range res.Problems {
		s := p.Code + " " + p.Field + ": " + p.Msg
		if p.Line > 0 {
			s = strconv.Itoa(p.Line) + " " + s
		}
		probs = append(probs, s)
	}
	return probs, got
}

func TestRead(t *testing.T) {
	tests := []struct {
		name, reason string
		lastWins     bool
		body         string
		want         []string
		accepted     map[int]string
	}{
		{name: "complete", reason: "every item answered once: nothing to say", body: `{"id":"a","response":"x"}` + "\n" + `{"id":"b","response":"y"}` + "\n" + `{"id":"c","response":"z"}` + "\n",
			accepted: map[int]string{0: "x", 1: "y", 2: "z"}},
		{name: "every check", reason: "each problem once, with its code, in line order; the incomplete warning last",
			body: `{"id":"a","response":"x"}` + "\n" + // 1 accepted
				`{"id":"a","response":"y"}` + "\n" + // 2 duplicate
				`{"id":"z","response":"y"}` + "\n" + // 3 unknown
				`{"response":"y"}` + "\n" + // 4 missing key
				`{"id":"b","respons":"y"}` + "\n" + // 5 not a record
				`{"id":"b"}` + "\n" + // 6 missing response
				`{"id":"c","response":"  "}` + "\n", // 7 empty: a warning, accepted
			want: []string{
				`2 test.key.duplicate id: duplicate item id "a" (first on line 1)`,
				`3 test.key.unknown id: unknown item id "z" (not in bench)`,
				`4 test.key.missing id: missing item id`,
				`5 test.line respons: unknown field`,
				`6 test.response response: missing field; want the model's answer as a JSON string ("" for an empty answer)`,
				`7 test.response.empty response: empty response`,
			},
			accepted: map[int]string{0: "x", 2: "  "}},
		{name: "null response", reason: "null is not an empty answer", body: `{"id":"a","response":null}` + "\n" + `{"id":"b","response":""}` + "\n" + `{"id":"c","response":"z"}` + "\n",
			want: []string{
				`1 test.response response: null; want the model's answer as a JSON string ("" for an empty answer)`,
				`2 test.response.empty response: empty response`,
			},
			accepted: map[int]string{1: "", 2: "z"}},
		{name: "incomplete", reason: "the kind's words for an unanswered item", body: `{"id":"b","response":"y"}` + "\n",
			want:     []string{`test.incomplete id: incomplete: 2 of 3 items have no record (scored as nothing): [a c]`},
			accepted: map[int]string{1: "y"}},
		{name: "last wins", reason: "the option the official IFEval code needs: the later record replaces the earlier", lastWins: true,
			body:     `{"id":"a","response":"x"}` + "\n" + `{"id":"a","response":"y"}` + "\n" + `{"id":"b","response":"y"}` + "\n" + `{"id":"c","response":"z"}` + "\n",
			accepted: map[int]string{0: "y", 1: "y", 2: "z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := spec()
			s.LastWins = tt.lastWins
			probs, got := read(t, s, tt.body)
			if diff := cmp.Diff(tt.want, probs); diff != "" {
				t.Errorf("%s: problems (-want +got):\n%s", tt.reason, diff)
			}
			if diff := cmp.Diff(tt.accepted, got); diff != "" {
				t.Errorf("%s: accepted (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

func TestReadFileProblems(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "t.jsonl")
	if err := os.WriteFile(target, []byte(`{"id":"a","response":"x"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "l.jsonl")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	each := func(int, int, *rec) board.Problems { return nil }
	for _, c := range []struct{ name, path, want string }{
		{"missing", filepath.Join(dir, "none.jsonl"), "no such file"},
		{"link", link, "is a symbolic link"},
	} {
		res := Read(context.Background(), c.path, spec(), each)
		if len(res.Problems) != 1 || res.Problems[0].Code != "test.file" || !strings.HasPrefix(res.Problems[0].Msg, c.want) || !res.Fatal() {
			t.Errorf("%s: got %v, want one fatal test.file problem %q", c.name, res.Problems, c.want)
		}
	}
	s := spec()
	s.Links = ingest.FollowLinks // a file named on the command line
	if res := Read(context.Background(), link, s, each); res.Fatal() {
		t.Errorf("a followed link is read: %v", res.Problems)
	}
}

func TestReadCapsProblems(t *testing.T) {
	body := strings.Repeat(`{"id":"z","response":"y"}`+"\n", board.MaxPerFile+50)
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	res := Read(context.Background(), path, spec(), func(int, int, *rec) board.Problems { return nil })
	if n := res.Problems.Count(); n != board.MaxPerFile+50+1 {
		t.Errorf("problems stand for %d, want %d (every unknown line and the incomplete warning)", n, board.MaxPerFile+51)
	}
	if len(res.Problems) != board.MaxPerFile+2 {
		t.Errorf("kept %d problems, want %d kept, a summary and the incomplete warning", len(res.Problems), board.MaxPerFile+2)
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("c-1"); got != `"c-1"` {
		t.Errorf("Quote(c-1) = %s", got)
	}
	if got := Quote(strings.Repeat("é", 40)); got != `"`+strings.Repeat("é", 30)+`"…` {
		t.Errorf("a long key is cut at a character boundary: %s", got)
	}
}
