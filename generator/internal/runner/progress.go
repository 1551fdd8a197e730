package runner

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// Terminal reports whether w is a terminal, where a progress line belongs.
// Give Run a nil progress writer otherwise.
func Terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressEvery is the least time between two redraws.
const progressEvery = 500 * time.Millisecond

// progress redraws one status line: tasks done, rate, time left, retries
// and tokens. A nil *progress does nothing.
type progress struct {
	w     io.Writer
	clock Clock
	label string

	mu                    sync.Mutex
	total, resumed        int
	done, failed, retries int
	promptTok, complTok   int64
	start, last           time.Time
	drawn                 bool
}

func newProgress(w io.Writer, clock Clock, label string, total, resumed int) *progress {
	if w == nil {
		return nil
	}
	now := clock.Now()
	p := &progress{w: w, clock: clock, label: label, total: total, resumed: resumed, start: now}
	p.mu.Lock()
	p.draw(now, false)
	p.mu.Unlock()
	return p
}

func (p *progress) finish(ok bool) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if ok {
		p.done++
	} else {
		p.failed++
	}
	p.maybeDraw()
}

func (p *progress) retry() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.retries++
	p.maybeDraw()
}

func (p *progress) tokens(in, out int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.promptTok += in
	p.complTok += out
}

// end draws the last state and ends the line.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.draw(p.clock.Now(), true)
}

func (p *progress) maybeDraw() {
	now := p.clock.Now()
	if p.drawn && now.Sub(p.last) < progressEvery {
		return
	}
	p.draw(now, false)
}

func (p *progress) draw(now time.Time, final bool) {
	p.last, p.drawn = now, true
	var b strings.Builder
	b.WriteString("\r")
	if p.label != "" {
		b.WriteString(p.label + ": ")
	}
	fmt.Fprintf(&b, "%d/%d done", p.resumed+p.done, p.total)
	if p.resumed > 0 {
		fmt.Fprintf(&b, " (%d from journal)", p.resumed)
	}
	if p.failed > 0 {
		fmt.Fprintf(&b, ", %d failed", p.failed)
	}
	elapsed := now.Sub(p.start)
	if p.done > 0 && elapsed > 0 {
		perMin := float64(p.done) / elapsed.Minutes()
		fmt.Fprintf(&b, " · %.1f/min", perMin)
		if left := p.total - p.resumed - p.done - p.failed; left > 0 && !final {
			fmt.Fprintf(&b, " · ETA %s", roughDuration(time.Duration(float64(left)/perMin*float64(time.Minute))))
		}
	}
	fmt.Fprintf(&b, " · %d retries · tokens %s in, %s out\x1b[K", p.retries, roughCount(p.promptTok), roughCount(p.complTok))
	if final {
		b.WriteString("\n")
	}
	io.WriteString(p.w, b.String())
}

// roughDuration prints d to the second, or to the minute past an hour.
func roughDuration(d time.Duration) string {
	if d >= time.Hour {
		d = d.Round(time.Minute)
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return d.Round(time.Second).String()
}

// roughCount prints n with k or M, three significant figures at most.
func roughCount(n int64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
