package ifbench

import (
	"testing"
)

// FuzzTrigramSetMatchesMap checks the overlap count of trigramSet against
// the plain computation with a map: distinct trigrams of the response, and
// how many of them the reference has.
func FuzzTrigramSetMatchesMap(f *testing.F) {
	for _, s := range [][2]string{{"abcdef", "abcdef"}, {"aaaa", "aaa"}, {"", "xyz"}, {"\x00\x00\x00\x00", "\x00\x00\x00"}, {"日本語です。日本", "日本語"}, {"\xff\xfe\xfd", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, resp, ref string) {
		want := map[uint64]bool{}
		rs := []rune(resp)
		for i := 0; i+3 <= len(rs); i++ {
			want[trigramKey(rs[i], rs[i+1], rs[i+2])] = false
		}
		wantCommon := 0
		fs := []rune(ref)
		for i := 0; i+3 <= len(fs); i++ {
			k := trigramKey(fs[i], fs[i+1], fs[i+2])
			if seen, ok := want[k]; ok && !seen {
				want[k] = true
				wantCommon++
			}
		}
		set := newTrigramSet(max(0, len(rs)-2))
		eachTrigram(resp, set.add)
		common := 0
		eachTrigram(ref, func(k uint64) {
			if set.mark(k) {
				common++
			}
		})
		if set.len != len(want) || common != wantCommon {
			t.Errorf("resp %q ref %q: %d distinct, %d common; want %d, %d", resp, ref, set.len, common, len(want), wantCommon)
		}
	})
}
