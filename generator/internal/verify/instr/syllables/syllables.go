// Package syllables reads a syllable dictionary: words with their number
// of syllables, in the format of the data file of syllapy (the Python
// package IFBench's words:odd_even_syllables counts with), one
// "word,count" line a word. syllapy looks a word up in that dictionary
// before it falls back to its vowel-group rule; a checker given a
// Dictionary does the same, and without one uses the rule alone.
//
// The package ships no dictionary: syllapy's is third-party data. A user
// writes it from an installed syllapy with tools/scripts/syllapy_dictionary.py
// and passes the file with --syllable-dictionary. It performs no I/O other
// than Load, and a Dictionary is read-only, safe for concurrent use.
package syllables

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// MaxFile bounds a dictionary file. syllapy 0.7.2's holds 6,392 words in
// 61 KB; a dictionary of every CMUdict word (about 134,000) fits about
// twenty times over.
const MaxFile = 4 << 20

// MaxCount bounds a word's number of syllables (syllapy's largest is 7).
const MaxCount = 99

// A Dictionary maps words, lower-cased as syllapy looks them up, to their
// number of syllables. The zero value and nil hold no word.
type Dictionary struct {
	words  map[string]uint8
	digest [sha256.Size]byte
}

// Load reads the dictionary file at path, through ingest's bounded reader
// (at most MaxFile bytes). Every problem names the file and its line.
func Load(path string) (*Dictionary, error) {
	data, err := ingest.ReadFile(path, MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a dictionary from data, named name in messages: one
// "word,count" line a word (a final newline optional, CRLF line ends
// accepted), the word neither empty nor holding a comma, a double quote,
// white space or invalid UTF-8, the count a whole number 0 to MaxCount in
// ASCII digits. A word given twice is refused, as is a file with no
// word. The first problem found is returned, as name:line: field: message.
func Parse(name string, data []byte) (*Dictionary, error) {
	if len(data) > MaxFile {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a syllable dictionary may hold", name, len(data), MaxFile)
	}
	d := &Dictionary{words: make(map[string]uint8, bytes.Count(data, []byte{'\n'})+1), digest: sha256.Sum256(data)}
	first := make(map[string]int, len(d.words))
	rest := data
	for line := 1; len(rest) > 0; line++ {
		var l []byte
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			l, rest = rest[:i], rest[i+1:]
		} else {
			l, rest = rest, nil
		}
		l = bytes.TrimSuffix(l, []byte{'\r'})
		word, n, field, msg := parseLine(l)
		if msg == "" {
			if at, dup := first[word]; dup {
				field, msg = "word", fmt.Sprintf("%q is also on line %d", word, at)
			}
		}
		if msg != "" {
			return nil, fmt.Errorf("%s:%d: %s: %s", name, line, field, msg)
		}
		first[word] = line
		d.words[word] = n
	}
	if len(d.words) == 0 {
		return nil, fmt.Errorf("%s: no word: want one \"word,count\" line a word", name)
	}
	return d, nil
}

// parseLine reads one "word,count" line; msg says what is wrong with
// field, or is empty.
func parseLine(l []byte) (word string, n uint8, field, msg string) {
	w, c, ok := bytes.Cut(l, []byte{','})
	switch {
	case len(l) == 0:
		return "", 0, "line", `empty: want "word,count"`
	case !ok:
		return "", 0, "line", `no comma: want "word,count"`
	case len(w) == 0:
		return "", 0, "word", "empty"
	case !utf8.Valid(w):
		return "", 0, "word", "not valid UTF-8"
	case bytes.ContainsAny(w, "\"") || bytes.IndexFunc(w, isSpace) >= 0:
		return "", 0, "word", "holds a double quote or white space"
	case len(c) == 0 || len(c) > 2 || bytes.IndexFunc(c, notDigit) >= 0:
		return "", 0, "count", fmt.Sprintf("%q is not a whole number 0 to %d", shorten(c), MaxCount)
	}
	v := 0
	for _, b := range c {
		v = v*10 + int(b-'0')
	}
	return string(w), uint8(v), "", ""
}

// isSpace is what Python's str.split splits on (Unicode white space and
// the separators U+001C to U+001F): a word holding one is never looked up.
func isSpace(r rune) bool  { return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) }
func notDigit(r rune) bool { return r < '0' || r > '9' }

// shorten keeps a message short whatever a line holds.
func shorten(b []byte) string {
	if len(b) > 20 {
		return string(b[:20]) + "…"
	}
	return string(b)
}

// Count returns the number of syllables of word, looked up as given
// (syllapy lower-cases and strips the word first; so must the caller),
// and whether the dictionary holds it.
func (d *Dictionary) Count(word string) (int, bool) {
	if d == nil {
		return 0, false
	}
	n, ok := d.words[word]
	return int(n), ok
}

// Len is the number of words.
func (d *Dictionary) Len() int {
	if d == nil {
		return 0
	}
	return len(d.words)
}

// Digest is the SHA-256 of the file read, in hex: what names the
// dictionary on the site and in the build cache's keys.
func (d *Dictionary) Digest() string { return hex.EncodeToString(d.digest[:]) }

// MarshalText encodes the dictionary as its name, "sha256:<hex>", so that
// options holding it record which dictionary they were given (and a
// build cache keyed by them tells two dictionaries apart).
func (d *Dictionary) MarshalText() ([]byte, error) {
	return []byte("sha256:" + d.Digest()), nil
}
