package ifbench

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"strings"
	_ "unsafe" // go:linkname, to read prose's embedded model

	// The model's bytes live in prose's internal model package, linked in
	// through its tagger.
	_ "github.com/jdkato/prose/tag"
)

// The tagger's model as github.com/jdkato/prose v1.2.1 embeds it: three
// gzipped gob streams (go-bindata). Its API decodes them into maps (28 MB,
// in 62 MB of allocations); loadTagger reads the streams itself and keeps
// only what firstTag needs. go.mod pins prose; in another version a
// renamed variable fails the build, a changed layout loadTagger and
// TestTaggerReadAsProseDecodes.
var (
	//go:linkname proseClasses github.com/jdkato/prose/internal/model._internalModelClassesGob
	proseClasses []byte
	//go:linkname proseTags github.com/jdkato/prose/internal/model._internalModelTagsGob
	proseTags []byte
	//go:linkname proseWeights github.com/jdkato/prose/internal/model._internalModelWeightsGob
	proseWeights []byte
)

// maxModelString bounds a string of the model (a feature, word or class).
const maxModelString = 1 << 16

// loadTagger decodes prose's model into a perceptron: the classes (a gob
// []string), the tag dictionary (map[string]string) and, streamed, the
// weights (map[string]map[string]float64) of the features tagFeature
// accepts, in the order of classes.
func loadTagger() (*perceptron, error) {
	p := &perceptron{tagdict: map[string]string{}, start: []int32{0}}
	err := readGob(proseClasses, func(g *gobReader) error {
		n, err := g.count()
		for i := 0; err == nil && i < n; i++ {
			var c string
			c, err = g.str()
			p.classes = append(p.classes, c)
		}
		return err
	})
	if err == nil {
		err = readGob(proseTags, func(g *gobReader) error {
			return g.strMap(func(k []byte, g *gobReader) error {
				w := string(k) // k is overwritten by the tag
				v, err := g.str()
				p.tagdict[w] = v
				return err
			})
		})
	}
	if err == nil {
		err = readGob(proseWeights, p.readWeights)
	}
	if err != nil {
		return nil, fmt.Errorf("the tagger's model: %w", err)
	}
	return p, nil
}

// readWeights reads the weights map, keeping the features tagFeature
// accepts: for each, its pairs of class and weight ordered by class.
func (p *perceptron) readWeights(g *gobReader) error {
	if len(p.classes) > 256 {
		return fmt.Errorf("%d classes, more than a byte numbers", len(p.classes))
	}
	classOf := map[string]uint8{}
	for i, c := range p.classes {
		classOf[c] = uint8(i)
	}
	type pair struct {
		class  uint8
		weight float64
	}
	var pairs []pair
	var names []byte
	err := g.strMap(func(f []byte, g *gobReader) error {
		keep := tagFeature(string(f))
		if keep {
			// f is overwritten by the names of classes.
			names = append(names, f...)
		}
		pairs = pairs[:0]
		err := g.strMap(func(c []byte, g *gobReader) error {
			w, err := g.float()
			if keep && err == nil {
				k, ok := classOf[string(c)]
				if !ok {
					return fmt.Errorf("feature %q: unknown class %q", f, c)
				}
				pairs = append(pairs, pair{k, w})
			}
			return err
		})
		if err != nil || !keep {
			return err
		}
		slices.SortFunc(pairs, func(a, b pair) int { return int(a.class) - int(b.class) })
		p.nameEnd = append(p.nameEnd, int32(len(names)))
		for _, q := range pairs {
			p.class = append(p.class, q.class)
			p.weight = append(p.weight, q.weight)
		}
		p.start = append(p.start, int32(len(p.class)))
		return nil
	})
	if err != nil {
		return err
	}
	p.names = string(names)
	return p.sortFeatures()
}

// sortFeatures puts the features in the order of their names, for
// feature's binary search.
func (p *perceptron) sortFeatures() error {
	n := len(p.nameEnd)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(p.name(a), p.name(b)) })
	var names strings.Builder
	names.Grow(len(p.names))
	q := &perceptron{nameEnd: make([]int32, 0, n), start: make([]int32, 1, n+1),
		class: make([]uint8, 0, len(p.class)), weight: make([]float64, 0, len(p.weight))}
	for j, i := range order {
		if j > 0 && p.name(i) == p.name(order[j-1]) {
			return fmt.Errorf("feature %q twice", p.name(i))
		}
		names.WriteString(p.name(i))
		q.nameEnd = append(q.nameEnd, int32(names.Len()))
		q.class = append(q.class, p.class[p.start[i]:p.start[i+1]]...)
		q.weight = append(q.weight, p.weight[p.start[i]:p.start[i+1]]...)
		q.start = append(q.start, int32(len(q.class)))
	}
	p.names, p.nameEnd, p.start, p.class, p.weight = names.String(), q.nameEnd, q.start, q.class, q.weight
	return nil
}

// gobReader reads the values of one gob message (encoding/gob's wire
// format: unsigned integers, byte-counted strings, maps as a count and
// their pairs, floats as byte-reversed bits).
type gobReader struct {
	r    *bufio.Reader
	left uint64 // bytes left in the message
	buf  []byte
}

var errGobShort = errors.New("gob message ends early")

func (g *gobReader) byte() (byte, error) {
	if g.left == 0 {
		return 0, errGobShort
	}
	b, err := g.r.ReadByte()
	if err != nil {
		return 0, err
	}
	g.left--
	return b, nil
}

// uint is gob's unsigned integer: a byte below 128, or the negated count
// of big-endian bytes that follow.
func (g *gobReader) uint() (uint64, error) {
	b, err := g.byte()
	if err != nil || b < 0x80 {
		return uint64(b), err
	}
	n := -int(int8(b))
	if n > 8 {
		return 0, fmt.Errorf("gob integer of %d bytes", n)
	}
	var u uint64
	for range n {
		if b, err = g.byte(); err != nil {
			return 0, err
		}
		u = u<<8 | uint64(b)
	}
	return u, nil
}

// int is gob's signed integer: the complement flag in bit 0.
func (g *gobReader) int() (int64, error) {
	u, err := g.uint()
	if u&1 != 0 {
		return ^int64(u >> 1), err
	}
	return int64(u >> 1), err
}

func (g *gobReader) float() (float64, error) {
	u, err := g.uint()
	return math.Float64frombits(bits.ReverseBytes64(u)), err
}

// count reads the length of a slice or map, bounded by the bytes left.
func (g *gobReader) count() (int, error) {
	n, err := g.uint()
	if err == nil && n > g.left {
		err = fmt.Errorf("gob count %d past the message's end", n)
	}
	return int(n), err
}

// bytes reads a string into g.buf, valid until the next read.
func (g *gobReader) bytes() ([]byte, error) {
	n, err := g.count()
	if err != nil {
		return nil, err
	}
	if n > maxModelString {
		return nil, fmt.Errorf("gob string of %d bytes", n)
	}
	g.buf = slices.Grow(g.buf[:0], n)[:n]
	if _, err := io.ReadFull(g.r, g.buf); err != nil {
		return nil, err
	}
	g.left -= uint64(n)
	return g.buf, nil
}

func (g *gobReader) str() (string, error) {
	b, err := g.bytes()
	return string(b), err
}

// strMap reads a map keyed by strings, calling elem with each key (valid
// during the call) to read its value.
func (g *gobReader) strMap(elem func(key []byte, g *gobReader) error) error {
	n, err := g.count()
	for i := 0; err == nil && i < n; i++ {
		var k []byte
		if k, err = g.bytes(); err == nil {
			err = elem(k, g)
		}
	}
	return err
}

// readGob reads a gzipped gob stream of one top-level value: type
// definitions (negative ids, skipped: the caller knows the type), then
// the value's message, a singleton (field delta 0, then the value) that
// value must read to its last byte.
func readGob(gz []byte, value func(*gobReader) error) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	g := &gobReader{r: bufio.NewReader(zr)}
	for {
		g.left = math.MaxUint64
		n, err := g.uint()
		if err != nil {
			return err
		}
		g.left = n
		id, err := g.int()
		if err != nil {
			return err
		}
		if id < 0 {
			if _, err := g.r.Discard(int(g.left)); err != nil {
				return err
			}
			continue
		}
		if d, err := g.uint(); err != nil || d != 0 {
			return fmt.Errorf("gob value of type %d: field delta %d, %v", id, d, err)
		}
		if err := value(g); err != nil {
			return err
		}
		if g.left != 0 {
			return fmt.Errorf("gob value of type %d: %d bytes left", id, g.left)
		}
		if _, err := g.r.ReadByte(); err != io.EOF {
			return errors.New("gob stream goes on after its value")
		}
		return zr.Close()
	}
}
