package ifeval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

var keywordsExistence = instr.Checker{
	ID:    "keywords:existence",
	Doc:   "Include every keyword of the list (matched case-insensitively anywhere, as a regular expression, as in the official code).",
	Takes: []string{"keywords"},
	Check: func(_, response string, args instr.Args) instr.Result {
		kws, err := args.Strings("keywords")
		if err != nil {
			return instr.Undecided(err)
		}
		var missing []string
		folded := text.FoldASCII(response)
		for _, kw := range kws {
			found, err := findAny(folded, response, kw)
			if err != nil {
				return instr.Undecided(fmt.Errorf("keyword %q: %w", kw, err))
			}
			if !found {
				missing = append(missing, fmt.Sprintf("%q", kw))
			}
		}
		if len(missing) > 0 {
			return instr.Result{Reason: "missing keyword " + strings.Join(missing, ", ")}
		}
		return instr.Result{Followed: true, Reason: fmt.Sprintf("found all %s", plural(len(kws), "keyword", "keywords"))}
	},
}

var keywordsFrequency = instr.Checker{
	ID:    "keywords:frequency",
	Doc:   "Use a keyword less than or at least a number of times (case-insensitive matches, also inside longer words, as in the official code).",
	Takes: []string{"keyword", "frequency", "relation"},
	Check: func(_, response string, args instr.Args) instr.Result {
		kw, err := args.String("keyword")
		if err != nil {
			return instr.Undecided(err)
		}
		freq, err := args.Number("frequency")
		if err != nil {
			return instr.Undecided(err)
		}
		rel, err := args.Relation("relation")
		if err != nil {
			return instr.Undecided(err)
		}
		kw = text.Strip(kw)
		n, err := countMatches(response, kw)
		if err != nil {
			return instr.Undecided(fmt.Errorf("keyword %q: %w", kw, err))
		}
		ok := compare(n, freq, rel)
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %q %s, %s", kw, plural(n, "time", "times"), need(rel, freq))}
	},
}

var keywordsForbiddenWords = instr.Checker{
	ID:    "keywords:forbidden_words",
	Doc:   "Do not use any of the listed words (whole words, case-insensitive).",
	Takes: []string{"forbidden_words"},
	Check: func(_, response string, args instr.Args) instr.Result {
		words, err := args.Strings("forbidden_words")
		if err != nil {
			return instr.Undecided(err)
		}
		var found []string
		folded := text.FoldASCII(response)
		for _, w := range words {
			hit, err := containsWholeWord(folded, response, w)
			if err != nil {
				return instr.Undecided(fmt.Errorf("forbidden word %q: %w", w, err))
			}
			if hit {
				found = append(found, fmt.Sprintf("%q", w))
			}
		}
		if len(found) > 0 {
			return instr.Result{Reason: "found forbidden word " + strings.Join(found, ", ")}
		}
		return instr.Result{Followed: true, Reason: fmt.Sprintf("none of the %s appears", plural(len(words), "forbidden word", "forbidden words"))}
	},
}

// containsWholeWord reports whether re.search(r"\b" + word + r"\b", s,
// re.IGNORECASE) finds a match, as the official code asks (word is a
// Python expression, joined to the boundaries without a group); folded is
// text.FoldASCII(s). The error wraps text.ErrPyUnsupported.
func containsWholeWord(folded, s, word string) (bool, error) {
	if plainASCII(word) {
		w := text.Lower(word)
		for start := 0; ; {
			i := strings.Index(folded[start:], w)
			if i < 0 {
				return false, nil
			}
			a := start + i
			if boundary(folded, a) && boundary(folded, a+len(w)) {
				return true, nil
			}
			start = a + 1
		}
	}
	if !pyLiteral(word) {
		re, err := text.CompilePython(`\b`+word+`\b`, text.PyFlags{IgnoreCase: true})
		if err != nil {
			return false, err
		}
		return re.Search(s)
	}
	// A literal matches the same length wherever it starts, so testing
	// the boundaries at each match is exact, next to any character.
	re := compileFold(word)
	for start := 0; start <= len(s); {
		loc := re.FindStringIndex(s[start:])
		if loc == nil {
			return false, nil
		}
		a, b := start+loc[0], start+loc[1]
		if boundary(s, a) && boundary(s, b) {
			return true, nil
		}
		// Try the next start position, as a backtracking engine would.
		_, size := utf8.DecodeRuneInString(s[a:])
		start = a + max(size, 1)
	}
	return false, nil
}

// pyLiteral reports whether kw has none of Python's regular-expression
// metacharacters, so that it matches itself.
func pyLiteral(kw string) bool {
	return !strings.ContainsAny(kw, `.^$*+?{}[]\|()`)
}

// boundary reports whether Python's \b holds at byte offset i of s.
func boundary(s string, i int) bool {
	before, after := false, false
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		before = text.IsWord(r)
	}
	if i < len(s) {
		r, _ := utf8.DecodeRuneInString(s[i:])
		after = text.IsWord(r)
	}
	return before != after
}

var keywordsLetterFrequency = instr.Checker{
	ID:    "keywords:letter_frequency",
	Doc:   "Use a letter less than or at least a number of times (case-insensitive; a non-letter character is counted as given).",
	Takes: []string{"letter", "let_frequency", "let_relation"},
	Check: func(_, response string, args instr.Args) instr.Result {
		letter, err := args.String("letter")
		if err != nil {
			return instr.Undecided(err)
		}
		freq, err := args.Number("let_frequency")
		if err != nil {
			return instr.Undecided(err)
		}
		rel, err := args.Relation("let_relation")
		if err != nil {
			return instr.Undecided(err)
		}
		letter = text.Lower(text.Strip(letter))
		if utf8.RuneCountInString(letter) != 1 {
			return instr.Undecided(fmt.Errorf("argument \"letter\" is %q, not one character", letter))
		}
		want, _ := utf8.DecodeRuneInString(letter)
		n := countLowered(response, want)
		ok := compare(n, freq, rel)
		return instr.Result{Followed: ok, Reason: fmt.Sprintf("found %q %s, %s", letter, plural(n, "time", "times"), need(rel, freq))}
	},
}

// plainASCII reports whether a keyword has no regular-expression syntax, so
// that a case-insensitive search for it can skip the regexp engine.
func plainASCII(kw string) bool {
	if kw == "" {
		return false
	}
	for i := 0; i < len(kw); i++ {
		c := kw[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == ' ' || c == '\'' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// findAny reports whether re.search(kw, s, re.IGNORECASE) finds a match
// (folded is text.FoldASCII(s)). The error wraps text.ErrPyUnsupported.
func findAny(folded, s, kw string) (bool, error) {
	if plainASCII(kw) {
		return strings.Contains(folded, text.Lower(kw)), nil
	}
	if pyLiteral(kw) {
		return compileFold(kw).MatchString(s), nil
	}
	re, err := text.CompilePython(kw, text.PyFlags{IgnoreCase: true})
	if err != nil {
		return false, err
	}
	return re.Search(s)
}

// countMatches returns len(re.findall(kw, s, re.IGNORECASE)). The error
// wraps text.ErrPyUnsupported.
func countMatches(s, kw string) (int, error) {
	if plainASCII(kw) {
		return strings.Count(text.FoldASCII(s), text.Lower(kw)), nil
	}
	if pyLiteral(kw) && kw != "" {
		return len(compileFold(kw).FindAllStringIndex(s, -1)), nil
	}
	re, err := text.CompilePython(kw, text.PyFlags{IgnoreCase: true})
	if err != nil {
		return 0, err
	}
	return re.Count(s)
}
