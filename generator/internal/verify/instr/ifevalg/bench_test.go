package ifevalg

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// BenchmarkTrainingLongResponses runs every training constraint on 1 MiB
// responses of the shapes that cost its toolkit most (a phrase's frame
// repeated, dividers, titles and initials, dots, hyphens, blank lines,
// separators): the time per response of all 29 checkers, and its rate.
//
//	go test -run '^$' -bench TrainingLongResponses -cpu 1 ./generator/internal/verify/instr/ifevalg
func BenchmarkTrainingLongResponses(b *testing.B) {
	args := instr.Args{"phrase": "The early bird catches the worm", "small_n": 2.0, "prompt_to_repeat": "x", "n_start": 1.0, "n_end": 3.0,
		"keyword": "the", "frequency": 2.0, "relation": "at least", "first_word": "The", "last_word": "worm", "N": 3.0,
		"n_sent": 2.0, "n_words": 3.0, "keyword1": "a", "keyword2": "b", "n": 2.0, "m": 2.0, "letter": "a", "let_frequency": 2.0, "let_relation": "at least"}
	const size = 1 << 20
	for _, shape := range []struct{ name, unit string }{
		{"frame", "The early bird "}, {"dividers", "*** "}, {"titles", "Mr. A. "}, {"dots", "a."},
		{"hyphens", "-"}, {"blank-lines", "\n\n"}, {"separators", "******"}, {"prose", "The cat, Dr. Who said, sat on 3.5 mats! Did it? "},
	} {
		resp := strings.Repeat(shape.unit, size/len(shape.unit))
		b.Run(shape.name, func(b *testing.B) {
			b.SetBytes(int64(len(resp)))
			for b.Loop() {
				for _, c := range Training {
					c.Check("", resp, args)
				}
			}
		})
	}
}
