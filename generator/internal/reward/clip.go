package reward

import (
	"strconv"
	"unicode/utf8"
)

// The longest texts an answer quotes from a request. An error names what
// is wrong with a bounded excerpt of the input, never the input itself: a
// 1 MiB unknown key would otherwise come back whole, in the message and
// again as the field.
const (
	// maxErrorText bounds an error message (the kinds' messages quote
	// item ids, instruction ids and keys of the record).
	maxErrorText = 1024
	// maxFieldText bounds the field an error names.
	maxFieldText = 160
	// maxNameText bounds a name (benchmark, preset) quoted in a message.
	maxNameText = 100
)

// clip returns s, or when it is longer than n bytes its start and end
// with the count of the bytes left out between them, cut at rune
// boundaries; the result is at most n bytes plus the count.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	h, t := n*2/3, len(s)-n/3
	for h > 0 && !utf8.RuneStart(s[h]) {
		h--
	}
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	return s[:h] + "…(" + strconv.Itoa(t-h) + " bytes)…" + s[t:]
}
