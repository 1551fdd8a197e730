package ifeval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var lengthNumberSentences = instr.Checker{
	ID:    "length_constraints:number_sentences",
	Doc:   "Write less than or at least a number of sentences (NLTK's English Punkt splitter).",
	Takes: []string{"num_sentences", "relation"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_sentences")
		if err != nil {
			return instr.Undecided(err)
		}
		rel, err := args.Relation("relation")
		if err != nil {
			return instr.Undecided(err)
		}
		n := text.CountSentences(response)
		ok := compare(n, want, rel)
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %s, %s", plural(n, "sentence", "sentences"), need(rel, want))}
	},
}

// splitParagraphs splits s around the paragraph dividers, as
// regexp.MustCompile(pyS + `?\*\*\*` + pyS + `?`).Split(s, -1) does:
// leftmost "***" with a whitespace character before it if there is one,
// and after it if there is one.
func splitParagraphs(s string) []string {
	var out []string
	beg := 0
	for i := strings.Index(s, "***"); i >= 0; i = strings.Index(s[beg:], "***") {
		start := beg + i
		end := start + 3
		// The match starts one character earlier when that is whitespace
		// not taken by the previous divider.
		if r, size := utf8.DecodeLastRuneInString(s[beg:start]); size > 0 && text.IsSpace(r) {
			start -= size
		}
		if r, size := utf8.DecodeRuneInString(s[end:]); size > 0 && text.IsSpace(r) {
			end += size
		}
		out = append(out, s[beg:start])
		beg = end
	}
	return append(out, s[beg:])
}

var lengthNumberParagraphs = instr.Checker{
	ID:    "length_constraints:number_paragraphs",
	Doc:   "Write exactly a number of paragraphs separated by the markdown divider ***.",
	Takes: []string{"num_paragraphs"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_paragraphs")
		if err != nil {
			return instr.Undecided(err)
		}
		paras := splitParagraphs(response)
		n := len(paras)
		for i, p := range paras {
			if text.Strip(p) != "" {
				continue
			}
			if i == 0 || i == len(paras)-1 {
				n--
				continue
			}
			return instr.Result{Reason: fmt.Sprintf("paragraph %d between *** dividers is empty", i+1)}
		}
		return instr.Result{Followed: float64(n) == want, Reason: fmt.Sprintf("found %s, need exactly %v", plural(n, "paragraph", "paragraphs"), want)}
	},
}

var lengthNumberWords = instr.Checker{
	ID:    "length_constraints:number_words",
	Doc:   "Write less than or at least a number of words (runs of letters, digits and underscores).",
	Takes: []string{"num_words", "relation"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_words")
		if err != nil {
			return instr.Undecided(err)
		}
		rel, err := args.Relation("relation")
		if err != nil {
			return instr.Undecided(err)
		}
		n := text.CountWords(response)
		ok := compare(n, want, rel)
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %s, %s", plural(n, "word", "words"), need(rel, want))}
	},
}

var lengthNthParagraphFirstWord = instr.Checker{
	ID:    "length_constraints:nth_paragraph_first_word",
	Doc:   "Write exactly a number of paragraphs separated by blank lines (\\n\\n), the nth starting with a given word.",
	Takes: []string{"num_paragraphs", "nth_paragraph", "first_word"},
	Check: func(_, response string, args instr.Args) instr.Result {
		want, err := args.Number("num_paragraphs")
		if err != nil {
			return instr.Undecided(err)
		}
		nth, err := args.Int("nth_paragraph")
		if err != nil {
			return instr.Undecided(err)
		}
		first, err := args.String("first_word")
		if err != nil {
			return instr.Undecided(err)
		}
		if nth <= 0 || float64(nth) > want {
			return instr.Undecided(fmt.Errorf("nth_paragraph %d is not between 1 and num_paragraphs %v", nth, want))
		}
		first = text.Lower(first)
		paras := strings.Split(response, "\n\n")
		n := len(paras)
		for _, p := range paras {
			if text.Strip(p) == "" {
				n--
			}
		}
		// As in the official code, the nth piece of the split is read even
		// when empty pieces came before it.
		if nth > n {
			return instr.Result{Reason: fmt.Sprintf("found %s, no paragraph %d", plural(n, "paragraph", "paragraphs"), nth)}
		}
		p := text.Strip(paras[nth-1])
		if p == "" {
			return instr.Result{Reason: fmt.Sprintf("paragraph %d is empty", nth)}
		}
		got := firstWord(p)
		ok := float64(n) == want && got == first
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %s, need exactly %v; paragraph %d starts with %q, need %q",
			plural(n, "paragraph", "paragraphs"), want, nth, got, first)}
	},
}

// firstWord is the official reading of a paragraph's first word: the first
// whitespace-separated token, without leading quotes, up to the first
// punctuation mark, lower-cased.
func firstWord(p string) string {
	w := text.Fields(p)[0]
	w = strings.TrimLeft(w, "'")
	w = strings.TrimLeft(w, `"`)
	var b strings.Builder
	for _, r := range w {
		if strings.ContainsRune(`.,?!'"`, r) {
			break
		}
		b.WriteString(text.Lower(string(r)))
	}
	return b.String()
}
