package demo

import (
	"bufio"
	_ "embed"
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
		rest = strings.TrimSpace(rest)
		field = nil
		switch {
		case tag == "subject":
			cur.subject = rest
		case tag == "constraints":
			cur.constraints = strings.Fields(rest)
		case tag == "type":
			cur.typ = rest
		case tag == "tolerance":
			f := strings.Fields(rest)
			if len(f) != 2 {
				fail(ln, "tolerance wants kind and value")
				continue
			}
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				fail(ln, "tolerance: %v", err)
			}
			cur.tolKind, cur.tolValue = f[0], v
		case tag == "answer":
			cur.answer = rest
		case tag == "Q":
			cur.question = rest
			field = &cur.question
		case tag == "S":
			cur.plan = rest
			field = &cur.plan
		case tag == "T":
			cur.segs = append(cur.segs, segment{kind: segText, text: rest})
			field = &cur.segs[len(cur.segs)-1].text
		case tag == "P":
			cur.segs = append(cur.segs, segment{kind: segBreak})
		case tag == "C":
			cur.segs = append(cur.segs, segment{kind: segCalc, text: rest})
			field = &cur.segs[len(cur.segs)-1].text
		case tag == "W":
			i := lastCalc(cur.segs)
			if i < 0 || cur.segs[i].wrong != "" {
				fail(ln, "W without a preceding C")
				continue
			}
			cur.segs[i].wrong = rest
			field = &cur.segs[i].wrong
		case tag == "F":
			cur.right = parseFinal(rest)
		case tag == "FW":
			text, why, _ := strings.Cut(rest, "||")
			cur.wrong = parseFinal(text)
			cur.wrongWhy = strings.TrimSpace(why)
		case strings.HasPrefix(tag, "E ") || strings.HasPrefix(tag, "X "):
			f := strings.Fields(tag)
			if len(f) != 3 {
				fail(ln, "bad tag %q", tag)
				continue
			}
			n, err := strconv.Atoi(f[2])
			if err != nil {
				fail(ln, "bad point in %q", tag)
				continue
			}
			if f[0] == "E" {
				cur.segs = append(cur.segs, segment{kind: segEv, c: f[1], n: n, text: rest})
				field = &cur.segs[len(cur.segs)-1].text
				continue
			}
			i := findEv(cur.segs, f[1], n)
			if i < 0 {
				fail(ln, "X %s %d without its E", f[1], n)
				continue
			}
			bad, why, ok := strings.Cut(rest, "||")
			if !ok {
				fail(ln, "X wants 'text || reason'")
			}
			cur.segs[i].bad = strings.TrimSpace(bad)
			cur.segs[i].why = strings.TrimSpace(why)
		default:
			fail(ln, "unknown tag %q", tag)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	for _, it := range items {
		it.question = strings.TrimSpace(it.question)
		it.plan = strings.TrimSpace(it.plan)
		for i := range it.segs {
			it.segs[i].text = strings.TrimSpace(it.segs[i].text)
			it.segs[i].wrong = strings.TrimSpace(it.segs[i].wrong)
		}
	}
	return items, nil
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
