package strictjson

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// node is what a JSON value may hold, read from the Go type it decodes
// into. A nil *node takes any value (an interface, json.RawMessage, a type
// with its own UnmarshalJSON); keys are still never repeated in it.
type node struct {
	// fields lists a struct's keys; nil for any other type.
	fields map[string]*node
	// elem is a map's value or a slice's element.
	elem *node
}

var schemas sync.Map // reflect.Type → *node

// schemaOf returns the node of t, built once per type.
func schemaOf(t reflect.Type) *node {
	if n, ok := schemas.Load(t); ok {
		return n.(*node)
	}
	n := build(t, map[reflect.Type]*node{})
	schemas.Store(t, n)
	return n
}

var unmarshaler = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

func build(t reflect.Type, seen map[reflect.Type]*node) *node {
	for {
		if t.Implements(unmarshaler) || reflect.PointerTo(t).Implements(unmarshaler) {
			return nil
		}
		if t.Kind() != reflect.Pointer {
			break
		}
		t = t.Elem()
	}
	if n, ok := seen[t]; ok {
		return n // a recursive type
	}
	switch t.Kind() {
	case reflect.Interface:
		return nil
	case reflect.Map, reflect.Slice, reflect.Array:
		n := &node{}
		seen[t] = n
		n.elem = build(t.Elem(), seen)
		return n
	case reflect.Struct:
		n := &node{fields: map[string]*node{}}
		seen[t] = n
		addFields(n, t, seen)
		return n
	}
	return &node{}
}

// addFields adds the keys of struct t to n, as encoding/json names them,
// with the fields of embedded structs promoted.
func addFields(n *node, t reflect.Type, seen map[reflect.Type]*node) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				addFields(n, ft, seen)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		n.fields[name] = build(f.Type, seen)
	}
}

// keyFrame is one open object or array of checkKeys.
// manyKeys is the number of keys of one object past which checkKeys
// looks keys up in a set.
const manyKeys = 16

type keyFrame struct {
	object bool
	node   *node
	keys   [][]byte
	// set holds keys once there are more than a few (a map of judges):
	// looking each new key up in keys would be quadratic in their number.
	set map[string]struct{}
	// next is the node of the value after the last key read.
	next *node
}

// checkKeys returns the first object key of data that occurs twice in the
// same object (dup true) or that its object's struct lacks (dup false), or
// "". data must already be valid JSON. Keys are compared as JSON reads
// them: "respons\u0065" is "response".
func checkKeys(data []byte, root *node) (key string, dup bool) {
	var stack []keyFrame
	expectKey := false
	// inner is the node of a value opened now.
	inner := func() *node {
		if len(stack) == 0 {
			return root
		}
		top := &stack[len(stack)-1]
		if top.object {
			return top.next
		}
		if top.node == nil {
			return nil
		}
		return top.node.elem
	}
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '{':
			stack = append(stack, keyFrame{object: true, node: inner()})
			expectKey = true
		case '[':
			stack = append(stack, keyFrame{node: inner()})
			expectKey = false
		case '}', ']':
			stack = stack[:len(stack)-1]
			expectKey = false
		case ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
		case '"':
			j := jsonobj.QuoteEnd(data, i)
			if j < 0 {
				j = len(data)
			}
			if expectKey {
				top := &stack[len(stack)-1]
				k := data[i+1 : j]
				if bytes.IndexByte(k, '\\') >= 0 {
					var u string
					if json.Unmarshal(data[i:j+1], &u) == nil {
						k = []byte(u)
					}
				}
				if top.set != nil {
					if _, ok := top.set[string(k)]; ok {
						return string(k), true
					}
					top.set[string(k)] = struct{}{}
				} else {
					for _, seen := range top.keys {
						if bytes.Equal(seen, k) {
							return string(k), true
						}
					}
					if len(top.keys) == manyKeys {
						top.set = make(map[string]struct{}, 2*manyKeys)
						for _, seen := range top.keys {
							top.set[string(seen)] = struct{}{}
						}
						top.set[string(k)] = struct{}{}
					}
				}
				top.next = nil
				if n := top.node; n != nil {
					if n.fields != nil {
						child, ok := n.fields[string(k)]
						if !ok {
							return string(k), false
						}
						top.next = child
					} else {
						top.next = n.elem
					}
				}
				top.keys = append(top.keys, k)
				expectKey = false
			}
			i = j
		}
	}
	return "", false
}
