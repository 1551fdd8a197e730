package render

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func TestTokenLinesRecordedThenDeclared(t *testing.T) {
	n := func(v int64) *int64 { return &v }
	sub := board.Submission{
		Meta: board.Metadata{Tokens: map[string]board.DeclaredTokens{
			"zeta":   {Completion: n(5)},
			"alpha":  {Prompt: n(1), Completion: n(2)}, // recorded too: the record wins
			"beta":   {Prompt: n(1234567)},
			"edited": {Prompt: n(9)}, // its record does not match: the declaration shows
		}},
		Run: &board.RunCheck{
			Record: board.RunRecord{Benchmarks: []board.RunBenchmark{
				{Name: "alpha", Answers: board.Usage{Requests: 3, PromptTokens: 1200, CompletionTokens: 45}, Judging: &board.Usage{Requests: 6, PromptTokens: 7000, CompletionTokens: 300}},
				{Name: "edited", Answers: board.Usage{Requests: 1, PromptTokens: 1, CompletionTokens: 1}},
			}},
			Matches: map[string]bool{"alpha": true},
		},
	}
	want := []TokenLine{
		{Benchmark: "alpha", Text: "1,200 prompt + 45 completion tokens in 3 requests; judging 7,000 + 300 in 6", Recorded: true, Total: 1245},
		{Benchmark: "beta", Text: "1,234,567 prompt tokens", Total: 1234567},
		{Benchmark: "edited", Text: "9 prompt tokens", Total: 9},
		{Benchmark: "zeta", Text: "5 completion tokens", Total: 5},
	}
	if diff := cmp.Diff(want, TokenLines(&sub)); diff != "" {
		t.Errorf("token lines (-want +got):\n%s", diff)
	}
	if Reproduced(&sub) {
		t.Error("a record that does not match every file is no reproduction")
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 123456789: "123,456,789", -1234: "-1,234"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestShowTokensAddsTheColumnOnlyWhenSomeModelHasTokens(t *testing.T) {
	head := func() SortHead {
		return SortHead{Cols: []SortCol{{Key: "rank"}, {Key: "model"}, {Key: "score"}}}
	}
	names := []*BoardName{{}, {}}
	h := head()
	ShowTokens(&h, names, []TokensCell{{Sort: -1, Reproduced: true}, {Sort: -1}})
	if len(h.Cols) != 3 || names[0].Tokens != nil || !names[0].Reproduced || names[1].Reproduced {
		t.Errorf("no model with tokens: head %v, names %+v %+v; want the head as it was, no cells, the first model's badge", h.Cols, *names[0], *names[1])
	}
	names = []*BoardName{{}, {}}
	h = head()
	ShowTokens(&h, names, []TokensCell{{Sort: -1}, {Text: "12", Sort: 12}})
	var keys []string
	for _, c := range h.Cols {
		keys = append(keys, c.Key)
	}
	if diff := cmp.Diff([]string{"rank", "model", "tokens", "score"}, keys); diff != "" {
		t.Errorf("columns (-want +got):\n%s", diff)
	}
	if names[0].Tokens == nil || names[0].Tokens.Sort != -1 || names[1].Tokens == nil || names[1].Tokens.Text != "12" {
		t.Errorf("cells %+v %+v: want every model its own, the one without tokens sorting first", names[0].Tokens, names[1].Tokens)
	}
}
