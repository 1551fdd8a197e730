package equiv

import (
	"regexp"
	"sort"
	"strings"
)

var (
	reChoiceGold = regexp.MustCompile(`^(?i:option|choice|answer)?\s*[(\[]?\s*([A-J])\s*[)\]]?\s*[.:]?$`)
	reChoicePred = []*regexp.Regexp{
		regexp.MustCompile(`^[(\[]?\s*([A-J])\s*[)\]]?\s*(?:[.:)]|$)`),
		regexp.MustCompile(`^[(\[]\s*([A-J])\s*[)\]]`),
		regexp.MustCompile(`(?i)(?:answer|option|choice)\s*(?:is|:)?\s*(?:option\s*)?[(\[]?\s*([A-J])\b`),
		regexp.MustCompile(`^(?i:option|choice)\s*[(\[]?\s*([A-J])\b`),
		regexp.MustCompile(`(?i:\bis)\s*[(\[]?\s*([A-J])\s*[)\]]?\s*\.?\s*$`),
	}
)

// reLetters* read answers that pick several options: "ACD", "A, C",
// "A and C", "(A) & (C)". A key is written in alphabetical order without
// repeats, as keys are; an answer may list its letters in any order.
var (
	reLettersKey  = regexp.MustCompile(`^[A-J]{2,10}$`)
	reLettersList = regexp.MustCompile(`^[(\[]?[A-J][)\]]?(?:\s*(?:,\s*and\b|,|;|&|\band\b|\s)\s*[(\[]?[A-J][)\]]?)+$`)
	// reBoth is "both" before a list of letters: "Both A and B".
	reBoth = regexp.MustCompile(`^(?i:both)\s+`)
	// reLettersSaid is a list of letters with what is said of them as a
	// group: "(B) and (C) are both wrong", "A and C are correct".
	reLettersSaid = regexp.MustCompile(`^([(\[]?[A-J][)\]]?(?:\s*(?:,\s*and\b|,|&|\band\b)\s*[(\[]?[A-J][)\]]?)+)\s+(?i:are|were)\s+(?i:both\s+|all\s+)?(?i:wrong|incorrect|false|correct|right|true)\s*\.?$`)
	reLetter      = regexp.MustCompile(`[A-J]`)
)

// choiceLetters reads an answer that picks two or more option letters, as
// a sorted string of distinct letters. A run of letters is read so only
// when it is in alphabetical order without repeats (a key's form; "CA" may
// be a segment), a list of letters in any order.
func choiceLetters(s string, key bool) (string, bool) {
	s = strings.TrimSpace(s)
	if m := reBoth.FindString(s); m != "" && !key {
		s = s[len(m):]
	}
	var ls []string
	switch {
	case reLettersKey.MatchString(s):
		ls = strings.Split(s, "")
		for i := 1; i < len(ls); i++ {
			if ls[i] <= ls[i-1] && (key || ls[i] == ls[i-1]) {
				return "", false
			}
		}
	case reLettersList.MatchString(s):
		ls = reLetter.FindAllString(s, -1)
	default:
		return "", false
	}
	seen := map[string]bool{}
	for _, l := range ls {
		if seen[l] {
			return "", false
		}
		seen[l] = true
	}
	sort.Strings(ls)
	return strings.Join(ls, ""), len(ls) >= 2
}

func (c *cmpr) compareChoices(gl, p string) Result {
	pl, ok := choiceLetters(p, false)
	if !ok {
		if l, ok1 := predChoice(p); ok1 && len(strings.TrimSpace(p)) <= 3 {
			pl, ok = l, true
		}
	}
	if !ok {
		return undecided("choice", "the answer is not a list of option letters")
	}
	r := decided(gl == pl, "choice", "options %s vs options %s", gl, pl)
	r.Gold, r.Pred = gl, pl
	return r
}

// choiceLetter reads a reference that is a single option letter.
func choiceLetter(s string) (string, bool) {
	m := reChoiceGold.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	return m[1], true
}

// predChoice finds the option letter an answer picks.
func predChoice(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) == 1 && (s[0] >= 'a' && s[0] <= 'j' || s[0] >= 'A' && s[0] <= 'J') {
		return strings.ToUpper(s), true
	}
	if m := reLetterNotOther.FindStringSubmatch(s); m != nil {
		return m[1], true // "C, not B"
	}
	if m := reSmallLetter.FindStringSubmatch(s); m != nil {
		return strings.ToUpper(m[1]), true // "b)", "(c)": an option of a list in small letters
	}
	for _, re := range reChoicePred {
		// The last mention wins: "Option A is wrong; the answer is C".
		if ms := re.FindAllStringSubmatchIndex(s, -1); len(ms) > 0 {
			m := ms[len(ms)-1]
			if reNotOther.MatchString(s[m[1]:]) {
				// "The answer is C, not B": C, another letter rejected.
				return s[m[2]:m[3]], true
			}
			if reChoiceRest.MatchString(s[m[1]:]) {
				// "(B) is wrong", "(B) and (C)": the letter is rejected
				// or not alone.
				return "", false
			}
			return s[m[2]:m[3]], true
		}
	}
	return "", false
}

// reChoiceRest finds, in the clause after an option letter, a word that
// rejects it or another letter joined to it.
var reChoiceRest = regexp.MustCompile(`(?i)^[^.;]*?(?:\b(?:wrong|incorrect|false|not|isn't|aren't|never)\b|(?:,|\band\b|&|\bor\b|/)\s*[(\[]?[A-J]\b)`)

var (
	// reSmallLetter is one small option letter in brackets: "b)", "(c)".
	reSmallLetter = regexp.MustCompile(`^[(\[]?([a-j])[)\]]$`)
	// reNotOther is the end of a clause that rejects another letter after
	// the one picked: ", not B.", " and not (B)".
	reLetterNotOther = regexp.MustCompile(`^[(\[]?([A-J])[)\]]?\s*(?:,|;)?\s*(?i:not|but not)\s+[(\[]?[A-J][)\]]?\s*\.?$`)
	reNotOther       = regexp.MustCompile(`(?i)^\s*[)\]]?\s*(?:,|;|\band\b)?\s*not\s+[(\[]?[A-J][)\]]?\s*\.?\s*$`)
)

// saidOfLetters reads "(B) and (C) are both wrong": the letters named as a
// group. Picked or rejected together, they differ from any one of them.
func saidOfLetters(s string) (string, bool) {
	m := reLettersSaid.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	return choiceLetters(m[1], false)
}

func (c *cmpr) compareChoice(g, p string) Result {
	gl, ok := choiceLetter(g)
	if !ok {
		if len(strings.TrimSpace(g)) == 1 {
			gl = strings.ToUpper(strings.TrimSpace(g))
		} else {
			return undecided("choice", "the reference %q is not an option letter", g)
		}
	}
	pl, ok := predChoice(p)
	if !ok {
		if ls, ok := choiceLetters(p, false); ok {
			r := decided(false, "choice", "option %s vs options %s", strings.ToUpper(gl), ls)
			r.Gold, r.Pred = strings.ToUpper(gl), ls
			return r
		}
		if ls, ok := saidOfLetters(p); ok && strings.Contains(ls, strings.ToUpper(gl)) {
			// Picked together, they are more than one; rejected together,
			// the key is rejected.
			r := decided(false, "choice", "option %s against options %s named as a group, picked or rejected together", strings.ToUpper(gl), ls)
			r.Gold, r.Pred = strings.ToUpper(gl), ls
			return r
		}
		return undecided("choice", "no option letter found in the answer")
	}
	gl = strings.ToUpper(gl)
	r := decided(gl == pl, "choice", "option %s vs option %s", gl, pl)
	r.Gold, r.Pred = gl, pl
	return r
}

var boolWords = map[string]bool{
	"true": true, "yes": true, "correct": true, "right": true, "t": true, "y": true,
	"false": false, "no": false, "incorrect": false, "wrong": false, "f": false, "n": false,
}

// boolWord reads a whole answer that is a truth value.
func boolWord(s string) (bool, bool) {
	w := strings.ToLower(strings.Trim(strings.TrimSpace(s), ".!*() "))
	if len(w) <= 1 {
		return false, false // single letters are option letters
	}
	v, ok := boolWords[w]
	return v, ok
}

var reLeadWord = regexp.MustCompile(`^[\s*(]*([A-Za-z]+)`)

// predBool reads the truth value an answer leads with ("Yes, because…").
func predBool(s string) (bool, bool) {
	if v, ok := boolWord(s); ok {
		return v, true
	}
	m := reLeadWord.FindStringSubmatch(s)
	if m == nil {
		return false, false
	}
	w := strings.ToLower(m[1])
	if w == "t" || w == "f" || w == "y" || w == "n" {
		if len(strings.TrimSpace(s)) > 1 {
			return false, false
		}
	}
	v, ok := boolWords[w]
	if !ok {
		return false, false
	}
	// "No, it is true" and similar contradictions are left to the judges.
	rest := strings.FieldsFunc(strings.ToLower(s[len(m[0]):]), func(r rune) bool { return !(r >= 'a' && r <= 'z') })
	for _, word := range rest {
		if wv, ok := boolWords[word]; ok && len(word) > 2 && wv != v {
			return false, false
		}
	}
	return v, true
}

func (c *cmpr) compareBool(g, p string) Result {
	gv, ok := boolWord(g)
	if !ok {
		return undecided("boolean", "the reference %q is not a truth value", g)
	}
	pv, ok := predBool(p)
	if !ok {
		return undecided("boolean", "no clear truth value in the answer")
	}
	r := decided(gv == pv, "boolean", "%v vs %v", gv, pv)
	r.Gold, r.Pred = boolText(gv), boolText(pv)
	return r
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
