package ingest

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLines(t *testing.T) {
	type line struct {
		N    int
		Data string
	}
	tests := []struct {
		name, reason string
		in           string
		want         []line
	}{
		{name: "plain", reason: "numbered from 1", in: "{}\n{\"a\":1}\n", want: []line{{1, "{}"}, {2, `{"a":1}`}}},
		{name: "no final newline", reason: "the last line counts", in: "{}\n{}", want: []line{{1, "{}"}, {2, "{}"}}},
		{name: "BOM and CRLF", reason: "a byte-order mark and Windows line ends are accepted", in: "\ufeff{}\r\n{}\r\n", want: []line{{1, "{}"}, {2, "{}"}}},
		{name: "blank lines", reason: "blank lines are skipped but still counted", in: "{}\n\n  \n{}\n", want: []line{{1, "{}"}, {4, "{}"}}},
		{name: "invalid UTF-8", reason: "reported as nil data so the caller can name the line", in: "{}\n{\"a\":\"\xff\"}\n", want: []line{{1, "{}"}, {2, "<nil>"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []line
			err := Lines("f", strings.NewReader(tt.in), func(n int, data []byte) {
				s := string(data)
				if data == nil {
					s = "<nil>"
				}
				got = append(got, line{n, s})
			})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// endless yields an endless line of 'x' without holding it in memory.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

func TestLinesRefusesHugeLine(t *testing.T) {
	r := io.MultiReader(strings.NewReader("{}\n"), io.LimitReader(endless{}, MaxLine+10))
	err := Lines("f", r, func(int, []byte) {})
	var le *LineError
	if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(le.Msg, fmt.Sprintf("line longer than %d MiB", MaxLine>>20)) {
		t.Fatalf("got %v, want a LineError on line 2 about the MaxLine limit", err)
	}
}
