package langdetect

import (
	"strings"
	"unicode/utf8"
)

// prepare mirrors Detector.append and cleaning_text: URLs and e-mail
// addresses removed, Vietnamese diacritics composed (NGram.normalize_vi),
// runs of spaces squeezed, at most 10000 characters, and Latin letters
// dropped from texts that are mostly non-Latin.
func (m *model) prepare(text string, out []rune) []rune {
	// Every URL has "://", which is rarer than "http" is an "h".
	if strings.Contains(text, "://") {
		text = removeURLs(text)
	}
	if strings.Contains(text, "@") {
		text = removeMails(text)
	}
	var pre rune = -1
	// latin and nonLatin count the letters of out as appended.
	latin, nonLatin := 0, 0
	for i, n := 0, 0; i < len(text) && n < maxTextLength; n++ {
		ch, size := rune(text[i]), 1
		if ch >= utf8.RuneSelf {
			ch, size = utf8.DecodeRuneInString(text[i:])
		}
		i += size
		// The combining marks are U+0300 to U+0323, 0xCC 0x80 to 0xCC 0xA3.
		if i+1 < len(text) && text[i] == 0xcc {
			if b, d := runeIndex(viBase, ch), runeIndex(viMarks, rune(text[i+1])-0x80+0x300); b >= 0 && d >= 0 {
				ch = viTable[d][b]
				i += 2
			}
		}
		if ch != ' ' || pre != ' ' {
			out = append(out, ch)
			if 'A' <= ch && ch <= 'z' {
				latin++
			} else if ch >= 0x300 {
				// Python compares the block number with a block name here,
				// so Latin Extended Additional is counted as non-Latin too.
				nonLatin++
			}
		}
		pre = ch
	}
	if latin*2 < nonLatin {
		kept := out[:0]
		for _, ch := range out {
			if ch < 'A' || 'z' < ch {
				kept = append(kept, ch)
			}
		}
		out = kept
	}
	return out
}

// removeURLs replaces what https?://[-_.?&~;+=/#0-9A-Za-z]{1,2076} matches
// with a space, as Detector.append does with re.sub.
func removeURLs(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.Index(s[i:], "http")
		if j < 0 {
			break
		}
		j += i
		k := j + 4
		if k < len(s) && s[k] == 's' {
			// Backing off the "s" cannot help: "://" would have to start
			// with it.
			k++
		}
		if !strings.HasPrefix(s[k:], "://") {
			i = j + 1
			continue
		}
		k += 3
		e := k
		for e < len(s) && e-k < 2076 && isURLChar(s[e]) {
			e++
		}
		if e == k {
			i = j + 1
			continue
		}
		b.WriteString(s[last:j])
		b.WriteByte(' ')
		last, i = e, e
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isURLChar(c byte) bool {
	return isMailChar(c) || strings.IndexByte("?&~;+=/#", c) >= 0
}

// isMailChar reports whether c is in [-_.0-9A-Za-z].
func isMailChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.'
}

// removeMails replaces what
// [-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255} matches
// with a space, as Detector.append does with re.sub. "@" is not in the
// classes, so every match holds one "@", the first non-class character
// after its start; the leftmost match is found by trying each "@" in turn.
func removeMails(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '@')
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		start := at
		for start > last && at-start < 64 && isMailChar(s[start-1]) {
			start--
		}
		if start == at {
			continue
		}
		// The domain: greedy non-dot run (at most 255), then a greedy
		// class run (at most 255), backing off one character of the
		// first when the second would be empty.
		d := at + 1
		f := 0
		for d+f < len(s) && f < 255 && isMailChar(s[d+f]) && s[d+f] != '.' {
			f++
		}
		if f == 0 {
			continue
		}
		g := 0
		for d+f+g < len(s) && g < 255 && isMailChar(s[d+f+g]) {
			g++
		}
		if g == 0 {
			if f < 2 {
				continue
			}
			f, g = f-1, 1
		}
		b.WriteString(s[last:start])
		b.WriteByte(' ')
		last, i = d+f+g, d+f+g
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}
