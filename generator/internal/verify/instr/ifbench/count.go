package ifbench

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func checkWordCountRange(_, resp string, args instr.Args) instr.Result {
	lo, err := argNumber(args, "min_words")
	if err != nil {
		return badArgs(err)
	}
	hi, err := argNumber(args, "max_words")
	if err != nil {
		return badArgs(err)
	}
	n := text.CountWords(resp)
	return verdict(lo <= float64(n) && float64(n) <= hi, "found %s, need between %v and %v", plural(n, "word"), lo, hi)
}

// checkUniqueWordCount counts whitespace-separated words, lower-cased and
// stripped of ASCII punctuation. As in the reference, a word made only of
// punctuation counts once as the empty word.
func checkUniqueWordCount(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	seen := map[string]bool{}
	for _, w := range text.Fields(text.Lower(resp)) {
		seen[trimPunctSpace(w)] = true
	}
	return verdict(float64(len(seen)) >= n, "found %s, need at least %v", plural(len(seen), "unique word"), n)
}

var coordinatingConjunctions = setOf("and", "but", "for", "nor", "or", "so", "yet")

// checkConjunctions follows the reference, which collects the words as
// written: "and" and "and," count as two different conjunctions.
func checkConjunctions(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "small_n")
	if err != nil {
		return badArgs(err)
	}
	forms := map[string]bool{}
	for _, w := range text.Fields(resp) {
		if coordinatingConjunctions[text.Lower(trimPunctSpace(w))] {
			forms[w] = true
		}
	}
	return verdict(float64(len(forms)) >= n, "found %d different coordinating conjunction forms (%s), need at least %v",
		len(forms), strings.Join(sortedKeys(forms), ", "), n)
}

var personNames = []string{
	"Emma", "Liam", "Sophia", "Jackson", "Olivia", "Noah", "Ava", "Lucas", "Isabella", "Mason",
	"Mia", "Ethan", "Charlotte", "Alexander", "Amelia", "Benjamin", "Harper", "Leo", "Zoe", "Daniel",
	"Chloe", "Samuel", "Lily", "Matthew", "Grace", "Owen", "Abigail", "Gabriel", "Ella", "Jacob",
	"Scarlett", "Nathan", "Victoria", "Elijah", "Layla", "Nicholas", "Audrey", "David", "Hannah", "Christopher",
	"Penelope", "Thomas", "Nora", "Andrew", "Aria", "Joseph", "Claire", "Ryan", "Stella", "Jonathan",
}

func checkPersonNames(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	var found []string
	for _, name := range personNames {
		if containsWord(resp, name) {
			found = append(found, name)
		}
	}
	return verdict(float64(len(found)) >= n, "found %s from the list (%s), need at least %v",
		plural(len(found), "name"), strings.Join(found, ", "), n)
}

var digitRun = regexp.MustCompile(`[` + text.DigitClass + `]+`)

// checkNumbers removes ASCII punctuation first, so "3.14" and "1,000" are one
// number each.
func checkNumbers(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	got := len(digitRun.FindAllString(removePunct(resp), -1))
	return verdict(float64(got) == n, "found %s, need exactly %v", plural(got, "number"), n)
}

// checkPunctuation needs an interrobang ("?!", "!?" or "‽") and, outside one
// interrobang, each of . , ! ? ; :.
func checkPunctuation(_, resp string, _ instr.Args) instr.Result {
	if !strings.Contains(resp, "!?") && !strings.Contains(resp, "?!") && !strings.Contains(resp, "‽") {
		return verdict(false, "found no interrobang (?!, !? or ‽)")
	}
	rest := strings.Replace(resp, "?!", "", 1)
	if len(rest) == len(resp) {
		rest = strings.Replace(resp, "!?", "", 1)
	}
	var missing []string
	for _, p := range []string{".", ",", "!", "?", ";", ":"} {
		if !strings.Contains(rest, p) {
			missing = append(missing, p)
		}
	}
	if len(missing) > 0 {
		return verdict(false, "missing %s besides the interrobang", strings.Join(missing, " "))
	}
	return verdict(true, "found the interrobang and all of . , ! ? ; :")
}

var japaneseRune = regexp.MustCompile(`[\x{3040}-\x{30ff}\x{4e00}-\x{9fff}]`)

func checkWordsJapanese(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	if n <= 0 {
		return verdict(false, "cannot check: N is %v, need more than 0", n)
	}
	words := text.Fields(resp)
	checked := 0
	for i, w := range words {
		w = trimPunctSpace(w)
		// Python's (i + 1) % N == 0, also for a fractional N.
		if math.Mod(float64(i+1), n) != 0 || w == "" || isAllDigits(w) {
			continue
		}
		checked++
		if !japaneseRune.MatchString(w) {
			return verdict(false, "word %d %s is not Japanese", i+1, quote(w))
		}
	}
	return verdict(true, "all %s at every %v-th position are Japanese", plural(checked, "word"), n)
}

var pronouns = setOf(
	"i", "me", "we", "us", "you", "he", "him", "she", "her", "it", "they", "them",
	"my", "mine", "our", "ours", "your", "yours", "his", "hers", "its", "their", "theirs",
	"myself", "ourselves", "yourself", "yourselves", "himself", "herself", "itself", "themselves",
	"this", "that", "these", "those",
	"who", "whom", "whose", "which", "what",
	"whoever", "whomever", "whatever", "whichever",
	"anybody", "anyone", "anything", "everybody", "everyone", "everything",
	"nobody", "nothing", "somebody", "someone", "something",
	"each", "either", "neither", "both", "all", "some", "any", "none",
)

// checkPronouns counts NLTK word tokens of the lower-cased response, with "/"
// read as a space so that "she/her" counts twice.
func checkPronouns(_, resp string, args instr.Args) instr.Result {
	n, err := argNumber(args, "N")
	if err != nil {
		return badArgs(err)
	}
	got := 0
	for _, t := range text.WordTokenize(text.Lower(strings.ReplaceAll(resp, "/", " "))) {
		if pronouns[t] {
			got++
		}
	}
	return verdict(float64(got) >= n, "found %s, need at least %v", plural(got, "pronoun"), n)
}

// checkKeywordsMultiple counts case-insensitive substrings, as the reference
// does: "cascade" inside "cascades" counts.
func checkKeywordsMultiple(_, resp string, args instr.Args) instr.Result {
	lower := text.Lower(resp)
	for i, want := range []int{1, 2, 3, 5, 7} {
		key := "keyword" + string(rune('1'+i))
		kw, err := argString(args, key)
		if err != nil {
			return badArgs(err)
		}
		kw = text.Strip(kw)
		if got := strings.Count(lower, text.Lower(kw)); got != want {
			return verdict(false, "found %q %s, need exactly %d", kw, plural(got, "time"), want)
		}
	}
	return verdict(true, "all five keywords appear 1, 2, 3, 5 and 7 times")
}

// containsWord reports whether word occurs in s between Python \b word
// boundaries, case-sensitively.
func containsWord(s, word string) bool {
	if word == "" {
		return false
	}
	for off := 0; ; {
		i := strings.Index(s[off:], word)
		if i < 0 {
			return false
		}
		start := off + i
		end := start + len(word)
		if pyBoundary(s, start) && pyBoundary(s, end) {
			return true
		}
		off = start + 1
		for off < len(s) && !utf8RuneStart(s[off]) {
			off++
		}
	}
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

// pyBoundary is Python's \b at byte offset i of s.
func pyBoundary(s string, i int) bool {
	before, after := false, false
	if i > 0 {
		r := lastRuneBefore(s, i)
		before = text.IsWord(r)
	}
	if i < len(s) {
		after = text.IsWord(firstRune(s[i:]))
	}
	return before != after
}

func sortedKeys(m map[string]bool) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
