package rubric

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/sciif/leaderboard/generator/internal/board"
)

func asTypeError(err error, te **json.UnmarshalTypeError) bool { return errors.As(err, te) }

func jsonKind(k string) string {
	switch k {
	case "struct", "map":
		return "object"
	case "slice", "array":
		return "array"
	case "bool":
		return "boolean"
	case "int", "int64", "float64":
		return "number"
	}
	return k
}

// keyFrame is one open JSON object or array of checkKeys.
type keyFrame struct {
	object  bool
	keyNext bool
	seen    map[string]bool
}

// checkKeys walks valid JSON data and returns the first object key that
// occurs twice in one object (dup true) or that known rejects at its
// depth (dup false; depth 1 is the top-level object), or "".
func checkKeys(data []byte, known func(depth int, key string) bool) (key string, dup bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var stack []*keyFrame
	// valueDone marks a value complete in the enclosing frame.
	valueDone := func() {
		if len(stack) > 0 && stack[len(stack)-1].object {
			stack[len(stack)-1].keyNext = true
		}
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].keyNext {
			top := stack[n-1]
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:n-1]
				if len(stack) == 0 {
					return "", false
				}
				valueDone()
				continue
			}
			k, _ := tok.(string)
			if top.seen[k] {
				return k, true
			}
			top.seen[k] = true
			if !known(depthOf(stack), k) {
				return k, false
			}
			top.keyNext = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &keyFrame{object: true, keyNext: true, seen: map[string]bool{}})
			continue
		case json.Delim('['):
			stack = append(stack, &keyFrame{})
			continue
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return "", false
		}
		valueDone()
	}
}

// depthOf counts the open objects.
func depthOf(stack []*keyFrame) int {
	n := 0
	for _, f := range stack {
		if f.object {
			n++
		}
	}
	return n
}

func sortProblems(probs board.Problems) { board.SortProblems(probs) }
