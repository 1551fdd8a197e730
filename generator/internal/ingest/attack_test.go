package ingest

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A line of exactly MaxLine bytes is within the limit, whatever its line
// end: the line end is not part of the line (a line of 4 MiB and its
// "\n" was refused as "longer than 4 MiB"). One byte more is refused.
func TestLinesAcceptsALineOfExactlyMaxLine(t *testing.T) {
	full := strings.Repeat("x", MaxLine)
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"LF", full + "\n{}\n", true},
		{"CRLF", full + "\r\n{}\n", true},
		{"last line without a line end", "{}\n" + full, true},
		{"one byte over, LF", full + "x\n{}\n", false},
		{"one byte over, CRLF", full + "x\r\n{}\n", false},
		{"one byte over at the end", "{}\n" + full + "x", false},
	} {
		var lens []int
		err := Lines("f", strings.NewReader(tc.in), func(_ int, data []byte) { lens = append(lens, len(data)) })
		var le *LineError
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.ok && (len(lens) != 2 || lens[0] != MaxLine && lens[1] != MaxLine):
			t.Errorf("%s: lines of %v bytes, want one of %d", tc.name, lens, MaxLine)
		case !tc.ok && (!errors.As(err, &le) || !strings.Contains(le.Msg, "longer than")):
			t.Errorf("%s: got %v, want the line refused", tc.name, err)
		}
	}
}

// A size one byte over its limit is not said as equal to it ("file is
// 64 KiB, larger than the 64 KiB limit"): when rounding hides the
// difference, both are given in bytes.
func TestSizesOverALimitDiffer(t *testing.T) {
	for _, tc := range []struct {
		n, limit int64
		got, lim string
	}{
		{65537, 65536, "65,537 bytes", "64 KiB (65,536 bytes)"},
		{70 << 10, 64 << 10, "70 KiB", "64 KiB"},
		{MaxLine + 1, MaxLine, "4,194,305 bytes", "4.0 MiB (4,194,304 bytes)"},
		{2 << 30, 1 << 30, "2.0 GiB", "1.0 GiB"},
	} {
		if got, lim := Sizes(tc.n, tc.limit); got != tc.got || lim != tc.lim {
			t.Errorf("Sizes(%d, %d) = %q, %q; want %q, %q", tc.n, tc.limit, got, lim, tc.got, tc.lim)
		}
	}
	dir := t.TempDir()
	path := dir + "/metadata.yaml"
	if err := os.WriteFile(path, []byte(strings.Repeat("#", MaxSmall+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, probs := Metadata(path)
	if len(probs) != 1 || !strings.Contains(probs[0].Msg, "file is 65,537 bytes, larger than the 64 KiB (65,536 bytes) limit") {
		t.Errorf("metadata.yaml one byte over: %v", probs)
	}
}
