package sciif

// The first pass's verdicts, kept on disk for a model's answers pages.

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// spill holds every submission's full verdicts and responses from the
// build's only verification pass, in one temporary file, so that memory
// holds a few bits per model and item while the answers pages still show
// every reason. The file is removed as soon as it is created: it lives
// only as long as the open file, and nothing is left behind if the build
// dies.
type spill struct {
	mu  sync.Mutex
	f   *os.File
	off int64
	err error
}

// spilled is where one submission's record lies in the spill file.
type spilled struct {
	off, n int64
}

// spillRecord is what the answers pages need of a submission.
type spillRecord struct {
	Verdicts  []board.ItemVerdict
	Responses []string
}

// put writes verdicts and responses and says where they are.
func (s *spill) put(verdicts []board.ItemVerdict, responses []string) (spilled, error) {
	e := encoders.Get().(*encoder)
	defer func() {
		e.b = e.b[:0]
		encoders.Put(e)
	}()
	e.uint(uint64(len(verdicts)))
	for i := range verdicts {
		e.verdict(&verdicts[i])
	}
	e.uint(uint64(len(responses)))
	for _, r := range responses {
		e.str(r)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return spilled{}, s.err
	}
	if s.f == nil {
		f, err := os.CreateTemp("", "sciif-spill-*")
		if err != nil {
			s.err = fmt.Errorf("a temporary file for the answers pages' verdicts: %w", err)
			return spilled{}, s.err
		}
		os.Remove(f.Name())
		s.f = f
	}
	if _, err := s.f.WriteAt(e.b, s.off); err != nil {
		s.err = fmt.Errorf("writing the answers pages' verdicts to a temporary file: %w", err)
		return spilled{}, s.err
	}
	at := spilled{off: s.off, n: int64(len(e.b))}
	s.off += at.n
	return at, nil
}

// get reads back what put wrote at at.
func (s *spill) get(at spilled) (spillRecord, error) {
	s.mu.Lock()
	f := s.f
	s.mu.Unlock()
	if f == nil {
		return spillRecord{}, fmt.Errorf("spill: nothing written")
	}
	buf := make([]byte, at.n)
	if _, err := f.ReadAt(buf, at.off); err != nil {
		return spillRecord{}, fmt.Errorf("spill: read back: %w", err)
	}
	return decodeRecord(buf)
}

// decodeRecord reads what put encoded. The strings share one copy of
// buf.
func decodeRecord(buf []byte) (spillRecord, error) {
	d := decoder{s: string(buf)}
	var rec spillRecord
	if n := d.len(); n > 0 {
		rec.Verdicts = make([]board.ItemVerdict, n)
		for i := range rec.Verdicts {
			d.verdict(&rec.Verdicts[i])
		}
	}
	if n := d.len(); n > 0 {
		rec.Responses = make([]string, n)
		for i := range rec.Responses {
			rec.Responses[i] = d.str()
		}
	}
	if d.err != nil || d.i != len(d.s) {
		return spillRecord{}, fmt.Errorf("spill: read back: corrupt record")
	}
	return rec, nil
}

// encoders keeps the buffers of earlier puts.
var encoders = sync.Pool{New: func() any { return new(encoder) }}

// encoder writes verdicts in a compact form of their own: lengths and
// numbers as uvarints, strings as length and bytes, every field in
// declaration order (TestSpillRoundTrip fails when a field is added to
// the verdict types and not here).
type encoder struct{ b []byte }

func (e *encoder) uint(n uint64) { e.b = binary.AppendUvarint(e.b, n) }
func (e *encoder) int(n int)     { e.b = binary.AppendVarint(e.b, int64(n)) }
func (e *encoder) str(s string)  { e.uint(uint64(len(s))); e.b = append(e.b, s...) }

func (e *encoder) bools(bs ...bool) {
	var x uint64
	for i, b := range bs {
		if b {
			x |= 1 << i
		}
	}
	e.uint(x)
}

func (e *encoder) votes(vs []board.Vote) {
	e.uint(uint64(len(vs)))
	for _, v := range vs {
		e.str(v.Judge)
		e.bools(v.Yes, v.Missing)
		e.str(v.Reason)
	}
}

func (e *encoder) rule(r *board.RuleVerdict) {
	if r == nil {
		e.uint(0)
		return
	}
	e.uint(1)
	e.int(int(r.Outcome))
	e.str(r.Rule)
	e.str(r.Reason)
	e.str(r.Evidence)
}

func (e *encoder) boolList(bs []bool) {
	e.uint(uint64(len(bs)))
	for _, b := range bs {
		e.bools(b)
	}
}

func (e *encoder) verdict(v *board.ItemVerdict) {
	e.str(v.Item)
	e.bools(v.Answered, v.Correct)
	e.str(string(v.CorrectBy))
	e.votes(v.CorrectVotes)
	e.rule(v.CorrectRule)
	e.str(v.Extracted)
	e.uint(uint64(len(v.Constraints)))
	for ci := range v.Constraints {
		c := &v.Constraints[ci]
		e.str(c.ID)
		e.uint(uint64(len(c.Points)))
		for pi := range c.Points {
			p := &c.Points[pi]
			e.int(p.N)
			e.bools(p.Main, p.Pass)
			e.votes(p.Votes)
			e.rule(p.Rule)
			e.str(string(p.DecidedBy))
		}
		e.bools(c.Strict, c.Loose)
		e.boolList(c.JudgeStrict)
		e.boolList(c.JudgeLoose)
		e.int(c.Overridden)
	}
}

// decoder reads what encoder wrote; the first error sticks and every
// later read returns zero values.
type decoder struct {
	s   string
	i   int
	err error
}

func (d *decoder) uint() uint64 {
	var x uint64
	for shift := uint(0); d.err == nil; shift += 7 {
		if d.i >= len(d.s) || shift > 63 {
			d.err = io.ErrUnexpectedEOF
			break
		}
		b := d.s[d.i]
		d.i++
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return x
		}
	}
	return 0
}

func (d *decoder) int() int {
	u := d.uint()
	// Zig-zag, as binary.AppendVarint wrote it.
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return int(x)
}

// len reads a length, no larger than what is left to read.
func (d *decoder) len() int {
	n := d.uint()
	if n > uint64(len(d.s)-d.i) {
		d.err = io.ErrUnexpectedEOF
		return 0
	}
	return int(n)
}

func (d *decoder) str() string {
	n := d.len()
	if d.err != nil {
		return ""
	}
	s := d.s[d.i : d.i+n]
	d.i += n
	return s
}

func (d *decoder) bools(bs ...*bool) {
	x := d.uint()
	for i, b := range bs {
		*b = x&(1<<i) != 0
	}
}

func (d *decoder) votes() []board.Vote {
	n := d.len()
	if n == 0 {
		return nil
	}
	vs := make([]board.Vote, n)
	for i := range vs {
		v := &vs[i]
		v.Judge = d.str()
		d.bools(&v.Yes, &v.Missing)
		v.Reason = d.str()
	}
	return vs
}

func (d *decoder) rule() *board.RuleVerdict {
	if d.uint() == 0 {
		return nil
	}
	r := &board.RuleVerdict{Outcome: board.Outcome(d.int())}
	r.Rule, r.Reason, r.Evidence = d.str(), d.str(), d.str()
	return r
}

func (d *decoder) boolList() []bool {
	n := d.len()
	if n == 0 {
		return nil
	}
	bs := make([]bool, n)
	for i := range bs {
		d.bools(&bs[i])
	}
	return bs
}

func (d *decoder) verdict(v *board.ItemVerdict) {
	v.Item = d.str()
	d.bools(&v.Answered, &v.Correct)
	v.CorrectBy = board.Decider(d.str())
	v.CorrectVotes = d.votes()
	v.CorrectRule = d.rule()
	v.Extracted = d.str()
	if n := d.len(); n > 0 {
		v.Constraints = make([]board.ConstraintVerdict, n)
		for ci := range v.Constraints {
			c := &v.Constraints[ci]
			c.ID = d.str()
			if n := d.len(); n > 0 {
				c.Points = make([]board.PointVerdict, n)
				for pi := range c.Points {
					p := &c.Points[pi]
					p.N = d.int()
					d.bools(&p.Main, &p.Pass)
					p.Votes = d.votes()
					p.Rule = d.rule()
					p.DecidedBy = board.Decider(d.str())
				}
			}
			d.bools(&c.Strict, &c.Loose)
			c.JudgeStrict = d.boolList()
			c.JudgeLoose = d.boolList()
			c.Overridden = d.int()
		}
	}
}

// close removes the spill file's last trace, its open handle.
func (s *spill) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f != nil {
		s.f.Close()
		s.f = nil
	}
}
