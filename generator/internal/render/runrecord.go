package render

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// TokenLine is what a submission spent on one benchmark, as a model card
// shows it: the counts and where they come from.
type TokenLine struct {
	Benchmark string
	// Text is the counts: "1,234 prompt + 567 completion tokens in 3
	// requests; judging 2,345 + 678 in 6".
	Text string
	// Recorded is true for counts from a run.json that matches the
	// submission's files (recorded by sciif run), false for counts the
	// submitter declares.
	Recorded bool
	// Total is the answers' prompt and completion tokens together (the
	// judges' left out).
	Total int64
}

// BenchTokens is sub's TokenLine of the benchmark named bench, if it has
// one.
func BenchTokens(sub *board.Submission, bench string) (TokenLine, bool) {
	for _, l := range TokenLines(sub) {
		if l.Benchmark == bench {
			return l, true
		}
	}
	return TokenLine{}, false
}

// TokenLines lists what sub spent per benchmark: first the counts its
// run.json records, in its order, of the benchmarks whose file and
// prompts it matches; then, by benchmark name, the counts its
// metadata.yaml declares of the others.
func TokenLines(sub *board.Submission) []TokenLine {
	var out []TokenLine
	recorded := map[string]bool{}
	if sub.Run != nil {
		for _, b := range sub.Run.Record.Benchmarks {
			if _, ok := sub.Run.Bench(b.Name); !ok {
				continue
			}
			text := usageText(b.Answers, true)
			if b.Judging != nil {
				text += "; judging " + usageText(*b.Judging, false)
			}
			out = append(out, TokenLine{Benchmark: b.Name, Text: text, Recorded: true, Total: b.Answers.PromptTokens + b.Answers.CompletionTokens})
			recorded[b.Name] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(sub.Meta.Tokens)) {
		d := sub.Meta.Tokens[name]
		if recorded[name] || d.Prompt == nil && d.Completion == nil {
			continue
		}
		var parts []string
		var total int64
		if d.Prompt != nil {
			parts = append(parts, Count(*d.Prompt)+" prompt")
			total += *d.Prompt
		}
		if d.Completion != nil {
			parts = append(parts, Count(*d.Completion)+" completion")
			total += *d.Completion
		}
		out = append(out, TokenLine{Benchmark: name, Text: strings.Join(parts, " + ") + " tokens", Total: total})
	}
	return out
}

func usageText(u board.Usage, long bool) string {
	if long {
		return Count(u.PromptTokens) + " prompt + " + Count(u.CompletionTokens) + " completion tokens in " + Count(int64(u.Requests)) + " requests"
	}
	return Count(u.PromptTokens) + " + " + Count(u.CompletionTokens) + " in " + Count(int64(u.Requests))
}

// TokensCell is a model's cell in a board's Tokens column, and whether
// its name carries the "sciif run" badge.
type TokensCell struct {
	// Text is the answers' tokens on the board, "" when neither recorded
	// nor declared; Title says what they are and where they come from;
	// Sort orders the column (-1 without tokens).
	Text, Title string
	Sort        int64
	Reproduced  bool
}

// BoardTokens is sub's cell on the board of the benchmark named bench.
func BoardTokens(sub *board.Submission, bench string) TokensCell {
	c := TokensCell{Sort: -1, Reproduced: Reproduced(sub)}
	if t, ok := BenchTokens(sub, bench); ok {
		c.Text, c.Sort, c.Title = Count(t.Total), t.Total, t.Text
		if t.Recorded {
			c.Title += ", recorded by sciif run"
		} else {
			c.Title += ", as the submitter declares them"
		}
	}
	return c
}

// TokensCol is a board's Tokens column, shown when some model has tokens.
var TokensCol = SortCol{Key: "tokens", Label: "Tokens", Class: "num opt",
	Title: "Prompt and completion tokens of the answers on this board, recorded by sciif run or as the submitter declares them (the cell's title says which)"}

// ShowTokens gives each of names its badge and, when some of cells (one
// per name) has tokens, adds the Tokens column to head right after the
// model's column and gives each name its cell, which the "board-name"
// partial draws after the name.
func ShowTokens(head *SortHead, names []*BoardName, cells []TokensCell) {
	show := false
	for i, n := range names {
		n.Reproduced = cells[i].Reproduced
		show = show || cells[i].Text != ""
	}
	if !show {
		return
	}
	for i := range names {
		names[i].Tokens = &cells[i]
	}
	for i, c := range head.Cols {
		if c.Key == "model" {
			head.Cols = slices.Insert(head.Cols, i+1, TokensCol)
			return
		}
	}
}

// Reproduced reports whether every result file of sub on the site is
// one its run.json matches: the "reproduced with sciif run" badge.
func Reproduced(sub *board.Submission) bool { return sub.Run != nil && sub.Run.Reproduced }

// Count writes n with a comma between groups of three digits: 1,234,567.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}
