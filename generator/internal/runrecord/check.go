package runrecord

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// Checker checks submissions' run.json against a set of benchmarks. It
// digests each benchmark's prompts once, when a record first needs them,
// and is safe for concurrent use.
type Checker struct {
	benches []kind.Benchmark
	mu      sync.Mutex
	prompts map[string]string // digests by benchmark name; "" when not Runnable
}

// NewChecker returns a Checker for benches, the benchmarks built.
func NewChecker(benches []kind.Benchmark) *Checker {
	return &Checker{benches: benches, prompts: map[string]string{}}
}

// promptsDigest is b's PromptsDigest, or "" when `sciif run` cannot
// answer b.
func (c *Checker) promptsDigest(b kind.Benchmark) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	name := b.Spec().Name
	if d, ok := c.prompts[name]; ok {
		return d
	}
	d := ""
	if r, ok := b.(kind.Runnable); ok {
		d = PromptsDigest(r.AnswerTasks())
	}
	c.prompts[name] = d
	return d
}

// Check reads sub's run.json, if its folder holds one, and checks each
// benchmark it records that is among the Checker's: the submission's file
// of that benchmark must be the one the record digests, and the
// benchmark's current prompts the ones it digests. It sets sub.Run and
// adds a warning to sub.Warnings for every problem; a record that cannot
// be read leaves sub.Run nil. Benchmarks the record names that are not
// built are left unchecked.
func (c *Checker) Check(sub *board.Submission) {
	path := filepath.Join(sub.Dir, board.RunFile)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return
	}
	rec, probs := Read(path)
	if len(probs) > 0 {
		sub.Warnings = append(sub.Warnings, probs...)
		return
	}
	rc := &board.RunCheck{Record: rec, Matches: map[string]bool{}}
	warn := func(field, format string, args ...any) {
		sub.Warnings = append(sub.Warnings, board.Diagnostic{File: path, Field: field, Code: CodeMismatch, Msg: fmt.Sprintf(format, args...)})
	}
	for i, rb := range rec.Benchmarks {
		b := c.bench(rb.Name)
		if b == nil {
			continue
		}
		at := fmt.Sprintf("benchmarks[%d].", i)
		spec := b.Spec()
		if rb.File != spec.File {
			warn(at+"file", "benchmark %s's file is %s, not %s", rb.Name, spec.File, rb.File)
			continue
		}
		if d := c.promptsDigest(b); d == "" {
			warn(at+"name", "benchmark %s is not one sciif run answers", rb.Name)
			continue
		} else if d != rb.PromptsSHA256 {
			warn(at+"prompts_sha256", "benchmark %s's prompts are not the ones the run asked (they changed since, or the record is not of this benchmark)", rb.Name)
			continue
		}
		d, err := FileDigest(filepath.Join(sub.Dir, rb.File))
		if err != nil {
			warn(at+"file_sha256", "%s", err)
			continue
		}
		if d != rb.FileSHA256 {
			warn(at+"file_sha256", "%s is not the file sciif run wrote (its sha256 differs: edited since?)", rb.File)
			continue
		}
		rc.Matches[rb.Name] = true
	}
	rc.Reproduced = c.reproduced(sub.Dir, rc)
	sub.Run = rc
}

// reproduced reports whether every result file in dir of the Checker's
// benchmarks (and at least one) is one rc matches.
func (c *Checker) reproduced(dir string, rc *board.RunCheck) bool {
	n := 0
	for _, b := range c.benches {
		fi, err := os.Lstat(filepath.Join(dir, b.Spec().File))
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if !rc.Matches[b.Spec().Name] {
			return false
		}
		n++
	}
	return n > 0
}

func (c *Checker) bench(name string) kind.Benchmark {
	for _, b := range c.benches {
		if b.Spec().Name == name {
			return b
		}
	}
	return nil
}

// CheckAll checks the run.json of each of subs against benches (see
// Checker.Check).
func CheckAll(benches []kind.Benchmark, subs []board.Submission) {
	c := NewChecker(benches)
	for i := range subs {
		c.Check(&subs[i])
	}
}
