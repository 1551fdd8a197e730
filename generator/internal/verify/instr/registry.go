package instr

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// idPattern is the shape of an instruction id: "group:name", lower case
// letters, digits and underscores, and hyphens in the name (IFBench has
// "format:sub-bullets").
var idPattern = regexp.MustCompile(`^[a-z][a-z0-9_]*:[a-z][a-z0-9_-]*$`)

// ValidID reports whether id has the "group:name" shape.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// Group returns the part of id before the colon ("keywords" for
// "keywords:existence").
func Group(id string) string {
	g, _, _ := strings.Cut(id, ":")
	return g
}

// Registry finds checkers by instruction id. Build one from one or more
// lists (IFEval's and IFBench's, for example) with NewRegistry; it is
// read-only afterwards and safe for concurrent use.
type Registry struct {
	byID map[string]Checker
	ids  []string
}

// NewRegistry combines checker lists. It fails on a malformed, duplicate or
// undocumented id and on a nil Check.
func NewRegistry(lists ...[]Checker) (*Registry, error) {
	r := &Registry{byID: map[string]Checker{}}
	var problems []string
	for _, l := range lists {
		for _, c := range l {
			switch {
			case !ValidID(c.ID):
				problems = append(problems, fmt.Sprintf("malformed id %q", c.ID))
			case r.byID[c.ID].ID != "":
				problems = append(problems, fmt.Sprintf("duplicate id %q", c.ID))
			case strings.TrimSpace(c.Doc) == "":
				problems = append(problems, fmt.Sprintf("id %q has no Doc", c.ID))
			case c.Check == nil:
				problems = append(problems, fmt.Sprintf("id %q has no Check", c.ID))
			default:
				r.byID[c.ID] = c
				r.ids = append(r.ids, c.ID)
			}
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("instr: registry: %s", strings.Join(problems, "; "))
	}
	sort.Strings(r.ids)
	return r, nil
}

// With returns the registry whose checkers use d (Checker.Bind); r itself
// when d is the zero Data. r is not changed.
func (r *Registry) With(d Data) *Registry {
	if d == (Data{}) {
		return r
	}
	out := &Registry{byID: make(map[string]Checker, len(r.byID)), ids: r.ids}
	for id, c := range r.byID {
		if c.Bind != nil {
			c.Check = c.Bind(d)
		}
		out.byID[id] = c
	}
	return out
}

// Lookup returns the checker for id.
func (r *Registry) Lookup(id string) (Checker, bool) {
	c, ok := r.byID[id]
	return c, ok
}
