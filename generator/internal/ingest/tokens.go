package ingest

import (
	"fmt"
	"regexp"

	"github.com/goccy/go-yaml/ast"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// CodeMetaTokens marks a bad declared token count in metadata.yaml.
const CodeMetaTokens = "metadata.tokens"

// MaxDeclaredTokens bounds a declared token count (a thousand trillion),
// and MaxTokenBenchmarks the benchmarks metadata.yaml declares counts of.
const (
	MaxDeclaredTokens  = 1_000_000_000_000_000
	MaxTokenBenchmarks = 64
)

var benchName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// tokensShape checks metadata.yaml's tokens: a mapping from benchmark
// names to {prompt: N, completion: N}, each count a whole number in [0,
// MaxDeclaredTokens], each problem with its line and field. line is the
// line of the tokens field.
func tokensShape(path string, line int, node ast.Node) board.Problems {
	var probs board.Problems
	at := func(line int, field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Code: CodeMetaTokens, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	benches := mappingValues(node)
	if len(benches) > MaxTokenBenchmarks {
		at(line, "tokens", "declares %d benchmarks, more than the %d allowed", len(benches), MaxTokenBenchmarks)
		return probs
	}
	seen := map[string]bool{}
	for _, b := range benches {
		name, line := b.Key.GetToken().Value, b.Key.GetToken().Position.Line
		field := "tokens." + name
		switch {
		case !benchName.MatchString(name):
			at(line, "tokens", "%q is not a benchmark name", yamlx.Excerpt(b.Key))
			continue
		case seen[name]:
			at(line, field, "declared twice")
			continue
		}
		seen[name] = true
		counts := mappingValues(b.Value)
		if counts == nil {
			at(line, field, "want a mapping {prompt: N, completion: N}, got %s", yamlx.Excerpt(b.Value))
			continue
		}
		have := map[string]bool{}
		for _, c := range counts {
			key, cl := c.Key.GetToken().Value, c.Key.GetToken().Position.Line
			if key != "prompt" && key != "completion" || have[key] {
				at(cl, field+"."+key, "unknown or repeated count (allowed: prompt, completion)")
				continue
			}
			have[key] = true
			n, ok := c.Value.(*ast.IntegerNode)
			v, isInt := int64(0), false
			if ok {
				v, isInt = n.Value.(int64)
				if u, uok := n.Value.(uint64); uok && u <= MaxDeclaredTokens {
					v, isInt = int64(u), true
				}
			}
			if !isInt || v < 0 || v > MaxDeclaredTokens {
				at(cl, field+"."+key, "want a whole number of tokens from 0 to %d, got %s", int64(MaxDeclaredTokens), yamlx.Excerpt(c.Value))
			}
		}
		if len(have) == 0 {
			at(line, field, "declares no count (prompt, completion)")
		}
	}
	return probs
}

// mappingValues is node's key-value pairs, or nil when it is not a
// mapping.
func mappingValues(node ast.Node) []*ast.MappingValueNode {
	switch n := node.(type) {
	case *ast.TagNode:
		return mappingValues(n.Value)
	case *ast.MappingNode:
		return n.Values
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{n}
	}
	return nil
}
