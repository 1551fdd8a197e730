package kindtest

import (
	"bytes"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/render"
)

// runCoder checks a kind.RunCoder whose runs have no pages of their own
// (a render.RunPager's are encoded once its pages are rendered, which the
// build's own tests cover): each valid submission's run, encoded and
// decoded (from bytes overwritten once it returns), encodes to the same
// bytes again, has the same summary, and
// the board of the decoded runs writes and renders byte-identical to the
// board of the runs as checked; damaged bytes are an error, not a panic.
func (h *harness) runCoder(t *testing.T) {
	rc, ok := h.bench.(kind.RunCoder)
	if !ok {
		return
	}
	var fresh, decoded []kind.Run
	for i := range h.subs {
		sub := &h.subs[i]
		r, _ := h.check(t, "valid submission "+sub.ID, sub)
		if _, paged := r.(render.RunPager); paged {
			return
		}
		data, err := rc.EncodeRun(r)
		if err != nil {
			t.Fatalf("EncodeRun(%s): %v", sub.ID, err)
		}
		// Decoded from a copy that is then overwritten, as the build
		// reads the next entry into the same buffer: the run must hold
		// nothing of it.
		buf := bytes.Clone(data)
		d, err := rc.DecodeRun(sub, buf)
		if err != nil {
			t.Fatalf("DecodeRun(%s) of what EncodeRun wrote: %v", sub.ID, err)
		}
		for j := range buf {
			buf[j] = '#'
		}
		if again, err := rc.EncodeRun(d); err != nil || !bytes.Equal(again, data) {
			t.Errorf("EncodeRun(%s) of the decoded run differs from the first encoding (%v)", sub.ID, err)
		}
		if d.ID() != r.ID() || d.Summary() != r.Summary() {
			t.Errorf("DecodeRun(%s): %q %q, want %q %q", sub.ID, d.ID(), d.Summary(), r.ID(), r.Summary())
		}
		for _, bad := range [][]byte{nil, data[:len(data)/2], append(bytes.Clone(data), '}')} {
			if _, err := decodeSafely(t, rc, sub, bad); err == nil {
				t.Errorf("DecodeRun(%s) of %d damaged bytes: no error", sub.ID, len(bad))
			}
		}
		fresh, decoded = append(fresh, r), append(decoded, d)
	}
	a, b := h.rank(t, fresh), h.rank(t, decoded)
	opt := kind.Options{Policies: board.Policies}
	for _, format := range []string{"table", "csv", "json"} {
		var wa, wb bytes.Buffer
		if err := a.Write(&wa, format, opt); err != nil {
			t.Fatal(err)
		}
		if err := b.Write(&wb, format, opt); err != nil || !bytes.Equal(wa.Bytes(), wb.Bytes()) {
			t.Errorf("Write(%q) of the decoded runs' board differs from the checked runs' (%v)", format, err)
		}
	}
	sa, sb := &sink{files: map[string][]byte{}}, &sink{files: map[string][]byte{}}
	for _, c := range []struct {
		bd   kind.Board
		into *sink
	}{{a, sa}, {b, sb}} {
		if _, err := render.Build(render.Input{Boards: []render.Board{siteBoard(t, c.bd)}, Version: "kindtest", Sink: c.into, Templates: h.templates}); err != nil {
			t.Fatalf("rendering: %v", err)
		}
	}
	if diff := diffSites(sa.files, sb.files); diff != "" {
		t.Errorf("the site of the decoded runs differs from the site of the runs as checked:\n%s", diff)
	}
}

// decodeSafely is DecodeRun, a panic a test failure.
func decodeSafely(t *testing.T, rc kind.RunCoder, sub *board.Submission, data []byte) (r kind.Run, err error) {
	t.Helper()
	defer func() {
		if e := recover(); e != nil {
			t.Errorf("DecodeRun(%s) of damaged bytes panicked: %v", sub.ID, e)
			err = nil
		}
	}()
	return rc.DecodeRun(sub, data)
}
