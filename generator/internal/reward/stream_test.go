package reward

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestStreamGoesOnAfterTooLongLine checks that a line longer than
// ingest.MaxLine is reported as an error record of its own line and that
// the lines after it are rewarded: it used to stop the stream, rewarding
// nothing after it.
func TestStreamGoesOnAfterTooLongLine(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Lookup("complex-if")
	good := `{"pi":[true]}` + "\n"
	long := `{"pi":[true],"x":"` + strings.Repeat("a", ingest.MaxLine) + `"}` + "\n"
	tests := []struct {
		name, reason, in string
		want             []string
		stats            Stats
	}{
		{"middle", "the long line is an error and the next lines are rewarded", good + long + good + good,
			[]string{
				`{"line":1,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
				`{"line":2,"error":"line longer than 4 MiB; not rewarded"}`,
				`{"line":3,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
				`{"line":4,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
			}, Stats{Lines: 4, Rewards: 3, Errors: 1, TooLong: []int{2}}},
		{"last-without-newline", "a long last line without its line end is reported too", good + strings.TrimSuffix(long, "\n"),
			[]string{
				`{"line":1,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
				`{"line":2,"error":"line longer than 4 MiB; not rewarded"}`,
			}, Stats{Lines: 2, Rewards: 1, Errors: 1, TooLong: []int{2}}},
		{"two-in-a-row", "each long line is its own error", long + long + good,
			[]string{
				`{"line":1,"error":"line longer than 4 MiB; not rewarded"}`,
				`{"line":2,"error":"line longer than 4 MiB; not rewarded"}`,
				`{"line":3,"reward":1,"parts":{"PI":1,"EC":0,"DB":0}}`,
			}, Stats{Lines: 3, Rewards: 1, Errors: 2, TooLong: []int{1, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			st, err := Stream(context.Background(), strings.NewReader(tc.in), &out, f.Rewards, "jsonl")
			if err != nil {
				t.Fatalf("Stream: %v (%s)", err, tc.reason)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("output (-want +got):\n%s(%s)", diff, tc.reason)
			}
			if diff := cmp.Diff(tc.stats, st); diff != "" {
				t.Errorf("stats (-want +got):\n%s(%s)", diff, tc.reason)
			}
		})
	}
}

// TestStreamAnswersEachLineAsItComes drives Stream as a co-process does
// (a trainer writes a record, then waits for its reward): each line's
// result must come out before the next line is written. The stream used
// to wait for 64 lines, or the end of the input, before rewarding any,
// and kept results in a 64 KiB buffer until it was full, so such a
// caller waited forever.
func TestStreamAnswersEachLineAsItComes(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Lookup("complex-if")
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		_, err := Stream(context.Background(), inR, outW, f.Rewards, "jsonl")
		outW.CloseWithError(err)
		done <- err
	}()
	results := bufio.NewReader(outR)
	for i, rec := range []string{`{"pi":[true]}`, `{"pi":[false]}`, `{"pi":`, `{"pi":[true,false]}`} {
		if _, err := io.WriteString(inW, rec+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() { l, _ := results.ReadString('\n'); got <- l }()
		select {
		case l := <-got:
			if !strings.HasPrefix(l, fmt.Sprintf(`{"line":%d,`, i+1)) {
				t.Fatalf("line %d: got %q", i+1, l)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("line %d: no result 10 s after it was written", i+1)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestStreamLineAtTheLimit checks the bound of a line as ingest.Lines,
// the board's reader, has it: a line of exactly ingest.MaxLine bytes is
// rewarded whatever its line end, one byte more is too long. A line of
// exactly 4 MiB was refused when a line end followed it (and one of
// 4 MiB − 1 before "\r\n"), so that a record the board reads could not
// be rewarded.
func TestStreamLineAtTheLimit(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Lookup("complex-if")
	line := func(n int) string { // a record of n bytes
		const head, tail = `{"pi":[true]`, `}`
		return head + strings.Repeat(" ", n-len(head)-len(tail)) + tail
	}
	const rewarded, tooLong = `{"line":1,"reward":1,`, `{"line":1,"error":"line longer than 4 MiB`
	tests := []struct{ name, in, want string }{
		{"limit-lf", line(ingest.MaxLine) + "\n", rewarded},
		{"limit-crlf", line(ingest.MaxLine) + "\r\n", rewarded},
		{"limit-last", line(ingest.MaxLine), rewarded},
		{"over-lf", line(ingest.MaxLine+1) + "\n", tooLong},
		{"over-crlf", line(ingest.MaxLine+1) + "\r\n", tooLong},
		{"over-last", line(ingest.MaxLine + 1), tooLong},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		if _, err := Stream(context.Background(), strings.NewReader(tc.in), &out, f.Rewards, "jsonl"); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), tc.want) {
			t.Errorf("%s: %.80s, want %s", tc.name, out.String(), tc.want)
		}
	}
}

// genLines is an input of n copies of line, made as it is read; at each
// read it notes how far it has been read beyond the lines rewarded.
type genLines struct {
	n        int
	line     []byte
	off      int // into the current line
	read     int64
	rewarded *atomic.Int64
	maxAhead int64
}

func (g *genLines) Read(p []byte) (int, error) {
	if g.n == 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && g.n > 0 { // across line ends, as a file is read
		c := copy(p[k:], g.line[g.off:])
		k, g.off = k+c, g.off+c
		if g.off == len(g.line) {
			g.n, g.off = g.n-1, 0
		}
	}
	g.read += int64(k)
	g.maxAhead = max(g.maxAhead, g.read-g.rewarded.Load()*int64(len(g.line)))
	return k, nil
}

// countedRewards counts the records it has rewarded.
type countedRewards struct {
	kind.Rewards
	n *atomic.Int64
}

func (c countedRewards) Record(ctx context.Context, rec []byte) (kind.Reward, error) {
	defer c.n.Add(1)
	return c.Rewards.Record(ctx, rec)
}

// TestStreamHoldsBoundedBytes checks that the stream reads a bounded
// number of bytes ahead of the lines it has rewarded, however long its
// lines: batches were bounded by lines only (64, two per processor read
// ahead), so that lines of a few MiB each took memory by the GiB (a
// 1.2 GB file of 3.9 MiB lines peaked at 900 MB on two processors).
func TestStreamHoldsBoundedBytes(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Lookup("complex-if")
	const size, n = 3<<20 + 12345, 40 // lines that do not end where a read does
	line := []byte(`{"pi":[true]` + strings.Repeat(" ", size-len(`{"pi":[true]}`)-1) + "}\n")
	var rewarded atomic.Int64
	in := &genLines{n: n, line: line, rewarded: &rewarded}
	st, err := Stream(context.Background(), in, io.Discard, countedRewards{f.Rewards, &rewarded}, "jsonl")
	if err != nil || st.Rewards != n {
		t.Fatalf("%+v, %v; want %d rewards", st, err, n)
	}
	bound := int64(2*runtime.GOMAXPROCS(0)+3) * int64(len(line))
	if in.maxAhead > bound {
		t.Errorf("read %d MiB ahead of the lines rewarded, over %d MiB (%d lines of 3 MiB)", in.maxAhead>>20, bound>>20, bound/int64(len(line)))
	}
}
