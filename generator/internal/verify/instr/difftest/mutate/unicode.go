package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The operators of this file vary how a response is written rather than
// what it says: letters in other blocks (full-width, mathematical
// alphanumerics, homoglyphs), combining marks, the Unicode spaces and line
// ends, zero-width and bidirectional marks, bullet and section-header
// shapes, JSON variants, digits of other scripts and emoji sequences. Where
// a class has many members (16 spaces, 10 line ends, 10 digit scripts…),
// each record gets a few of them in turn by its index, so that every member
// is met on hundreds of records without multiplying the cases by the size
// of the class.

// zsSpaces are the characters of Unicode's Zs category but the ASCII space:
// what Python's str.split and re's \s take as white space and Go's
// strings.Fields does too (the Unicode 14.0 set, unchanged in 15.0).
var zsSpaces = []rune{0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000}

// lineEnds are the line boundaries of Python's str.splitlines; only "\n"
// ends a line for re's ^ and $ and for split("\n").
var lineEnds = []struct{ name, s string }{
	{"crlf", "\r\n"}, {"cr", "\r"}, {"u2028", "\u2028"}, {"u2029", "\u2029"}, {"vt", "\x0b"},
	{"ff", "\x0c"}, {"fs", "\x1c"}, {"gs", "\x1d"}, {"rs", "\x1e"}, {"nel", "\u0085"},
}

// zeroWidth are format and joiner characters that Python counts neither as
// word characters nor as white space (U+180E was a space before Unicode 6.3).
var zeroWidth = []rune{0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E, 0x00AD}

// bidiMarks are pairs that open and close a directional run (the marks LRM
// and RLM close nothing).
var bidiMarks = []struct{ name, open, close string }{
	{"lrm", "\u200e", ""}, {"rlm", "\u200f", ""}, {"alm", "\u061c", ""},
	{"rle_pdf", "\u202b", "\u202c"}, {"lro_pdf", "\u202d", "\u202c"},
	{"rli_pdi", "\u2067", "\u2069"}, {"fsi_pdi", "\u2068", "\u2069"},
}

// digitScripts give the zero of a run of ten decimal digits (category Nd,
// which Python's \d and int() take), and two look-alikes that are not
// decimal digits. Kawi (U+11F50) is new in Unicode 15.0: unassigned in the
// reference Python 3.11.
var digitScripts = []struct {
	name string
	zero rune
}{
	{"arabic_indic", 0x0660}, {"extended_arabic_indic", 0x06F0}, {"devanagari", 0x0966},
	{"bengali", 0x09E6}, {"thai", 0x0E50}, {"fullwidth", 0xFF10}, {"math_bold", 0x1D7CE},
	{"math_monospace", 0x1D7F6}, {"kawi", 0x11F50}, {"mongolian", 0x1810},
}

// superscripts and circled digits are digits (No), not decimal digits (Nd).
var superscripts = []rune{'⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'}

// emojiSeqs are multi-code-point emoji: a ZWJ sequence, skin tones, a keycap,
// a flag, a subdivision flag (tag sequence), presentation selectors and a
// ZWJ sequence with a skin tone.
var emojiSeqs = []struct{ name, s string }{
	{"zwj_family", "👨\u200d👩\u200d👧\u200d👦"}, {"skin_tone", "👍🏽"}, {"keycap", "1\ufe0f\u20e3"},
	{"flag", "🇯🇵"}, {"tag_flag", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"},
	{"vs16", "\u263a\ufe0f"}, {"vs15", "\u263a\ufe0e"}, {"zwj_skin", "🧑🏿\u200d💻"},
	{"rainbow_flag", "🏳\ufe0f\u200d🌈"}, {"bare_vs16_digit", "#\ufe0f\u20e3"},
}

// homoglyphs are Cyrillic and Greek letters drawn like Latin ones.
var homoglyphs = strings.NewReplacer(
	"a", "а", "e", "е", "o", "о", "p", "р", "c", "с", "x", "х", "y", "у",
	"A", "А", "E", "Е", "O", "О", "P", "Р", "C", "С", "T", "Т", "H", "Н", "B", "В", "M", "М",
)

var greekHomoglyphs = strings.NewReplacer("o", "ο", "v", "ν", "i", "ι", "A", "Α", "B", "Β", "E", "Ε", "K", "Κ", "N", "Ν", "O", "Ο", "T", "Τ")

// variant is one way of writing a response.
type variant struct {
	name string
	f    func(string) string
}

// takeTurns adds n of the variants to the record of index idx, the next n
// to the next record, and so on.
func takeTurns(idx, n int, resp string, vs []variant, add func(name, s string)) {
	for k := 0; k < n; k++ {
		v := vs[(n*idx+k)%len(vs)]
		add(v.name, v.f(resp))
	}
}

// unicodeMutations adds the writing-system variants of resp; idx, the
// record's index, picks each record's members of each class.
func unicodeMutations(idx int, r record, resp string, add func(name, s string)) {
	takeTurns(idx, 1, resp, letterVariants, add)
	takeTurns(idx, 1, resp, markVariants, add)
	var spaces []variant
	for _, sp := range append(zsSpaces, '\t') {
		spaces = append(spaces, variant{fmt.Sprintf("space_u%04x", sp), func(s string) string { return strings.ReplaceAll(s, " ", string(sp)) }})
	}
	takeTurns(idx, 1, resp, spaces, add)
	add("space_mixed", replaceEach(resp, " ", func(i int) string { return string(zsSpaces[(i+idx)%len(zsSpaces)]) }))
	var invisible []variant
	for _, zw := range zeroWidth {
		invisible = append(invisible,
			variant{fmt.Sprintf("zero_width_between_u%04x", zw), func(s string) string { return strings.ReplaceAll(s, " ", " "+string(zw)) }},
			variant{fmt.Sprintf("zero_width_inside_u%04x", zw), func(s string) string { return insideWords(s, string(zw)) }})
	}
	for _, m := range bidiMarks {
		invisible = append(invisible, variant{"bidi_lines_" + m.name, func(s string) string { return wrapLines(s, m.open, m.close) }})
	}
	invisible = append(invisible, variant{"bom_prefix", func(s string) string { return "\ufeff" + s }},
		variant{"bidi_words_rlm", func(s string) string { return strings.ReplaceAll(s, " ", "\u200f ") }})
	takeTurns(idx, 2, resp, invisible, add)

	if strings.Contains(resp, "\n") {
		var ends []variant
		for _, le := range lineEnds {
			ends = append(ends, variant{"line_end_" + le.name, func(s string) string { return strings.ReplaceAll(s, "\n", le.s) }},
				variant{"paragraph_end_" + le.name, func(s string) string { return strings.ReplaceAll(s, "\n\n", le.s+le.s) }})
		}
		ends = append(ends, variant{"trailing_spaces", func(s string) string { return strings.ReplaceAll(s, "\n", " \t\n") }})
		takeTurns(idx, 2, resp, ends, add)
		add("line_end_mixed", replaceEach(resp, "\n", func(i int) string { return lineEnds[(i+idx)%len(lineEnds)].s }))
	}

	bulletShapes(resp, add)
	sectionShapes(r, resp, add)
	jsonVariants(idx, r, resp, add)
	digitVariants(idx, resp, add)
	var emoji []variant
	for _, e := range emojiSeqs {
		emoji = append(emoji, variant{"emoji_sentences_" + e.name, func(s string) string { return strings.ReplaceAll(s, ". ", " "+e.s+". ") }},
			variant{"emoji_end_" + e.name, func(s string) string { return strings.TrimRight(s, " \n") + " " + e.s }})
	}
	emoji = append(emoji, variant{"emoji_line_ends", func(s string) string {
		return replaceEach(s, "\n", func(i int) string { return " " + emojiSeqs[(i+idx)%len(emojiSeqs)].s + "\n" })
	}})
	takeTurns(idx, 2, resp, emoji, add)
}

// letterVariants write letters in other blocks: full-width, mathematical
// alphanumerics, Cyrillic and Greek homoglyphs.
var letterVariants = []variant{
	{"fullwidth_letters", func(s string) string { return mapLetters(s, 0xFF21, 0xFF41, -1) }},
	{"fullwidth_ascii", func(s string) string {
		return strings.Map(func(c rune) rune {
			switch {
			case c == ' ':
				return 0x3000
			case c > ' ' && c < 0x7F:
				return c - 0x21 + 0xFF01
			}
			return c
		}, s)
	}},
	{"math_bold", func(s string) string { return mapLetters(s, 0x1D400, 0x1D41A, 0x1D7CE) }},
	{"homoglyph_cyrillic", homoglyphs.Replace},
	{"math_monospace", func(s string) string { return mapLetters(s, 0x1D670, 0x1D68A, 0x1D7F6) }},
	{"homoglyph_greek", greekHomoglyphs.Replace},
	// U+1D455 is reserved: the italic h is U+210E.
	{"math_italic", func(s string) string {
		return strings.ReplaceAll(mapLetters(s, 0x1D434, 0x1D44E, -1), string(rune(0x1D44E+7)), "ℎ")
	}},
}

// markVariants add combining marks.
var markVariants = []variant{
	{"combining_acute_vowels", func(s string) string {
		return insertAfter(s, func(c rune) bool { return strings.ContainsRune("aeiouAEIOU", c) }, "\u0301")
	}},
	{"combining_word_start", func(s string) string { return strings.ReplaceAll(s, " ", " \u0300") }},
	{"combining_enclosing_digits", func(s string) string { return insertAfter(s, unicode.IsDigit, "\u20dd") }},
	{"combining_below_every_letter", func(s string) string { return insertAfter(s, unicode.IsLetter, "\u0323") }},
}

// mapLetters maps ASCII letters (and digits when digit0 >= 0) to the block
// whose A, a and 0 are given.
func mapLetters(s string, upperA, lowerA, digit0 rune) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'A' && c <= 'Z':
			return upperA + c - 'A'
		case c >= 'a' && c <= 'z':
			return lowerA + c - 'a'
		case digit0 >= 0 && c >= '0' && c <= '9':
			return digit0 + c - '0'
		}
		return c
	}, s)
}

func insertAfter(s string, match func(rune) bool, mark string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(c)
		if match(c) {
			b.WriteString(mark)
		}
	}
	return b.String()
}

// replaceEach replaces the i-th occurrence of old with with(i).
func replaceEach(s, old string, with func(i int) string) string {
	parts := strings.Split(s, old)
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(with(i - 1))
		}
		b.WriteString(p)
	}
	return b.String()
}

// insideWords puts mark after the first letter of every word of three
// letters or more.
func insideWords(s, mark string) string {
	var b strings.Builder
	run := 0
	for i, c := range s {
		b.WriteRune(c)
		if unicode.IsLetter(c) {
			run++
			if run == 1 {
				next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(c):])
				if unicode.IsLetter(next) {
					b.WriteString(mark)
				}
			}
			continue
		}
		run = 0
	}
	return b.String()
}

func wrapLines(s, open, close string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = open + l + close
		}
	}
	return strings.Join(lines, "\n")
}
