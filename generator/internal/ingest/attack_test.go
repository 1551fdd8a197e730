package ingest

import (
	"errors"
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
