package render

import (
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// streamSink takes files whole (WriteFile) and, when streams is set, as
// streams (Create).
type streamSink struct {
	mu       sync.Mutex
	whole    map[string]string
	streamed map[string]*strings.Builder
}

func (k *streamSink) WriteFile(p string, data []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.whole[p] = string(data)
	return nil
}

type creatorSink struct{ *streamSink }

func (k creatorSink) Create(p string) (io.WriteCloser, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	b := new(strings.Builder)
	k.streamed[p] = b
	return nopWriteCloser{b}, nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// TestAddStream: a file added as a stream goes to a sink that takes
// streams as one, to any other whole, with the same bytes; a second file
// at its path and an error of the writer are errors, of the site too.
func TestAddStream(t *testing.T) {
	for _, streams := range []bool{false, true} {
		k := &streamSink{whole: map[string]string{}, streamed: map[string]*strings.Builder{}}
		var sink Sink = k
		if streams {
			sink = creatorSink{k}
		}
		s, err := Start(Input{Boards: []Board{&fakeBoard{name: "bench"}}, Templates: testTemplates(t), Assets: fstest.MapFS{}, Version: "v", Sink: sink})
		if err != nil {
			t.Fatal(err)
		}
		write := func(w io.Writer) error {
			for _, part := range []string{"a,b\n", "1,2\n"} {
				if _, err := io.WriteString(w, part); err != nil {
					return err
				}
			}
			return nil
		}
		if err := s.AddStream("x.csv", write); err != nil {
			t.Fatal(err)
		}
		got, ok := k.whole["x.csv"]
		if streams {
			var b *strings.Builder
			b, ok = k.streamed["x.csv"]
			if ok {
				got = b.String()
			}
			if _, whole := k.whole["x.csv"]; whole {
				t.Error("a sink that takes streams was given the file whole")
			}
		}
		if !ok || got != "a,b\n1,2\n" {
			t.Errorf("streams %v: x.csv = %q (%v), want the bytes written", streams, got, ok)
		}
		if err := s.AddStream("x.csv", write); err == nil || !strings.Contains(err.Error(), "two files") {
			t.Errorf("streams %v: a second x.csv: %v, want two files at one path", streams, err)
		}
		bad := errors.New("no more rows")
		if err := s.AddStream("y.csv", func(w io.Writer) error { return bad }); !errors.Is(err, bad) {
			t.Errorf("streams %v: the writer's error: %v", streams, err)
		}
		if s.Err() == nil {
			t.Errorf("streams %v: the site has no error", streams)
		}
	}
}
