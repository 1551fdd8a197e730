package demo

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// items.txt holds the hand-written building blocks of every demo item: the
// question, the reference, and the solution split into segments that a demo
// model may keep, drop or replace by a flawed variant.
//
// Format: a block starts with "=== <id>", then header lines "key: value"
// (subject, constraints, type, tolerance, answer), then tagged fields; an
// untagged line continues the previous field:
//
//	Q:  question (Markdown)
//	S:  short plan
//	T:  text that every answer contains
//	E <constraint> <n>:  evidence for point n of an enabled constraint
//	X <constraint> <n>:  flawed variant of that evidence || judge's reason
//	C:  a step whose arithmetic is right; W: the same step done wrong
//	P:  paragraph break
//	F:  final answer "text | unit"; FW: wrong final "text | unit || reason"
//
//go:embed items.txt
var itemsText string

// segKind says how a segment takes part in an answer.
type segKind int

const (
	segText  segKind = iota // always present
	segEv                   // evidence for one point
	segCalc                 // right or wrong arithmetic
	segBreak                // paragraph break
)

type segment struct {
	kind  segKind
	c     string // constraint id, for segEv
	n     int    // point number, for segEv
	text  string
	wrong string // segCalc: the wrong variant
	bad   string // segEv: flawed variant
	why   string // segEv: judge's reason against the flawed variant
}

type final struct {
	text, unit string
}

func (f final) String() string {
	if f.unit == "" {
		return f.text
	}
	return f.text + " " + f.unit
}

type item struct {
	id, subject  string
	constraints  []string
	typ          string
	tolKind      string
	tolValue     float64
	answer       string
	question     string
	plan         string
	segs         []segment
	right, wrong final
	wrongWhy     string
	line         int
}

func (it *item) has(c string) bool {
	for _, x := range it.constraints {
		if x == c {
			return true
		}
	}
	return false
}

// parseItems reads items.txt (its format is above). It collects every
// problem of the file, one per line, and returns none of the items if
// there is any.
func parseItems(src string) ([]*item, error) {
	var (
		items []*item
		cur   *item
		field *string // where continuation lines go
		errs  []string
	)
	fail := func(line int, format string, args ...any) {
		errs = append(errs, fmt.Sprintf("items.txt:%d: %s", line, fmt.Sprintf(format, args...)))
	}
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	ln := 0
	for sc.Scan() {
		ln++
		line := sc.Text()
		if strings.HasPrefix(line, "#") && cur == nil {
			continue
		}
		if id, ok := strings.CutPrefix(line, "=== "); ok {
			cur = &item{id: strings.TrimSpace(id), line: ln}
			items = append(items, cur)
			field = nil
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) != "" {
				fail(ln, "text before the first item")
			}
			continue
		}
		tag, rest, ok := splitTag(line)
		if !ok {
			if field == nil {
				if strings.TrimSpace(line) != "" {
					fail(ln, "continuation line without a field")
				}
				continue
			}
			*field += "\n" + line
			continue
		}
		var err error
		field, err = cur.set(tag, strings.TrimSpace(rest))
		if err != nil {
			fail(ln, "%v", err)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	for _, it := range items {
		it.trimSpace()
	}
	return items, nil
}

// set applies the tagged line "tag: rest" to it and returns the field
// that the untagged lines after it continue, or nil. A line it refuses
// may still have set part of the item: the items are not used then.
func (it *item) set(tag, rest string) (field *string, err error) {
	switch {
	case tag == "subject":
		it.subject = rest
	case tag == "constraints":
		it.constraints = strings.Fields(rest)
	case tag == "type":
		it.typ = rest
	case tag == "tolerance":
		f := strings.Fields(rest)
		if len(f) != 2 {
			return nil, errors.New("tolerance wants kind and value")
		}
		v, perr := strconv.ParseFloat(f[1], 64)
		if perr != nil {
			err = fmt.Errorf("tolerance: %v", perr)
		}
		it.tolKind, it.tolValue = f[0], v
		return nil, err
	case tag == "answer":
		it.answer = rest
	case tag == "Q":
		it.question = rest
		return &it.question, nil
	case tag == "S":
		it.plan = rest
		return &it.plan, nil
	case tag == "T":
		it.segs = append(it.segs, segment{kind: segText, text: rest})
		return &it.segs[len(it.segs)-1].text, nil
	case tag == "P":
		it.segs = append(it.segs, segment{kind: segBreak})
	case tag == "C":
		it.segs = append(it.segs, segment{kind: segCalc, text: rest})
		return &it.segs[len(it.segs)-1].text, nil
	case tag == "W":
		i := lastCalc(it.segs)
		if i < 0 || it.segs[i].wrong != "" {
			return nil, errors.New("W without a preceding C")
		}
		it.segs[i].wrong = rest
		return &it.segs[i].wrong, nil
	case tag == "F":
		it.right = parseFinal(rest)
	case tag == "FW":
		text, why, _ := strings.Cut(rest, "||")
		it.wrong = parseFinal(text)
		it.wrongWhy = strings.TrimSpace(why)
	case strings.HasPrefix(tag, "E ") || strings.HasPrefix(tag, "X "):
		return it.setEvidence(tag, rest)
	default:
		return nil, fmt.Errorf("unknown tag %q", tag)
	}
	return nil, nil
}

// setEvidence applies an "E <constraint> <n>" line (evidence for a point,
// continued by the lines after it) or an "X <constraint> <n>" line (the
// flawed variant of that evidence, "text || reason") to it.
func (it *item) setEvidence(tag, rest string) (field *string, err error) {
	f := strings.Fields(tag)
	if len(f) != 3 {
		return nil, fmt.Errorf("bad tag %q", tag)
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, fmt.Errorf("bad point in %q", tag)
	}
	if f[0] == "E" {
		it.segs = append(it.segs, segment{kind: segEv, c: f[1], n: n, text: rest})
		return &it.segs[len(it.segs)-1].text, nil
	}
	i := findEv(it.segs, f[1], n)
	if i < 0 {
		return nil, fmt.Errorf("X %s %d without its E", f[1], n)
	}
	bad, why, ok := strings.Cut(rest, "||")
	if !ok {
		err = errors.New("X wants 'text || reason'")
	}
	it.segs[i].bad = strings.TrimSpace(bad)
	it.segs[i].why = strings.TrimSpace(why)
	return nil, err
}

// trimSpace trims the white space around its multi-line fields, which
// continuation lines leave.
func (it *item) trimSpace() {
	it.question = strings.TrimSpace(it.question)
	it.plan = strings.TrimSpace(it.plan)
	for i := range it.segs {
		it.segs[i].text = strings.TrimSpace(it.segs[i].text)
		it.segs[i].wrong = strings.TrimSpace(it.segs[i].wrong)
	}
}

var headerTags = map[string]bool{"subject": true, "constraints": true, "type": true, "tolerance": true, "answer": true}
var bodyTags = map[string]bool{"Q": true, "S": true, "T": true, "P": true, "C": true, "W": true, "F": true, "FW": true}

// splitTag recognises "Tag: rest" lines.
func splitTag(line string) (tag, rest string, ok bool) {
	tag, rest, ok = strings.Cut(line, ":")
	if !ok {
		return "", "", false
	}
	if headerTags[tag] || bodyTags[tag] {
		return tag, rest, true
	}
	if f := strings.Fields(tag); len(f) == 3 && (f[0] == "E" || f[0] == "X") && tag == strings.Join(f, " ") {
		return tag, rest, true
	}
	return "", "", false
}

func lastCalc(segs []segment) int {
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i].kind == segCalc {
			return i
		}
	}
	return -1
}

func findEv(segs []segment, c string, n int) int {
	for i := range segs {
		if segs[i].kind == segEv && segs[i].c == c && segs[i].n == n {
			return i
		}
	}
	return -1
}

func parseFinal(s string) final {
	text, unit, _ := strings.Cut(s, " | ")
	return final{text: strings.TrimSpace(text), unit: strings.TrimSpace(unit)}
}
