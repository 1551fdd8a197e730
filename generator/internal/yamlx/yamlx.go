// Package yamlx is the one way the project reads YAML: metadata.yaml,
// reported.yaml, benchmark.yaml and reward configurations all go through
// it. It is kind-neutral and performs no I/O: callers read the (bounded)
// file and hand it the bytes.
//
// Before go-yaml sees a byte, Unmarshal and Parse measure how deeply the
// document nests (CheckDepth) and refuse anything deeper than MaxDepth:
// the parser's cost grows faster than linearly with depth, and a 60 KiB
// file of `- - - … x` or `[[[…` otherwise exhausts memory. No schema of
// the project nests more than a few levels.
package yamlx

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// MaxDepth is the deepest nesting accepted, counting block levels
// (indentation, each `- ` and `? `) and flow brackets together. The
// deepest schema (reported.yaml's tables) needs five.
const MaxDepth = 16

// DepthError is a document refused because it nests too deeply.
type DepthError struct {
	// Line is the 1-based line where the nesting first exceeds Max.
	Line int
	// Depth is the nesting reached on that line, at least Max+1: the scan
	// stops there.
	Depth, Max int
}

func (e *DepthError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg()) }

// Msg is the message without the line, for diagnostics that carry it.
func (e *DepthError) Msg() string {
	return fmt.Sprintf("YAML nested %d levels deep, deeper than the %d allowed; refused without parsing", e.Depth, e.Max)
}

// Unmarshal decodes data into v with go-yaml's options once CheckDepth
// accepts it. Its errors are clipped (Clip): go-yaml quotes the values it
// cannot decode.
func Unmarshal(data []byte, v any, opts ...yaml.DecodeOption) error {
	if err := CheckDepth(data, MaxDepth); err != nil {
		return err
	}
	if err := yaml.UnmarshalWithOptions(data, v, opts...); err != nil {
		return clipped{err}
	}
	return nil
}

// Parse parses data into go-yaml's syntax tree once CheckDepth accepts it.
func Parse(data []byte) (*ast.File, error) {
	if err := CheckDepth(data, MaxDepth); err != nil {
		return nil, err
	}
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, clipped{err}
	}
	return f, nil
}

// clipped is a go-yaml error whose message is clipped; errors.As still
// finds the yaml.Error inside.
type clipped struct{ err error }

func (c clipped) Error() string { return Clip(c.err.Error(), MaxMessage) }
func (c clipped) Unwrap() error { return c.err }

// MaxMessage bounds what a message quotes of a document, in bytes.
const MaxMessage = 80

// Clip is the first line of s, cut to at most n bytes (on a UTF-8
// boundary) with "…" marking the cut.
func Clip(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// Excerpt quotes at most MaxMessage bytes of node's text for a message.
// (Rendering the node costs its size times its depth, which Parse has
// bounded.)
func Excerpt(node ast.Node) string {
	if node == nil {
		return `""`
	}
	return fmt.Sprintf("%q", Clip(node.String(), MaxMessage))
}

// ErrDepth reports whether err is a DepthError.
func ErrDepth(err error) (*DepthError, bool) {
	var de *DepthError
	ok := errors.As(err, &de)
	return de, ok
}

// Number reads a decoded YAML number, integer or float, as a float64.
func Number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
