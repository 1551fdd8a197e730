package ingest

import (
	"fmt"
	"math"

	"github.com/goccy/go-yaml/ast"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// CodeMetaClaimed marks a claimed rate of metadata.yaml that is not a
// number under a known policy and metric.
const CodeMetaClaimed = "metadata.claimed"

// claimedMetrics are the rates a policy of claimed may hold.
var claimedMetrics = []string{"correct", "compliant", "multi", "single"}

// claimedShape checks metadata.yaml's claimed: a mapping of policies
// (strict, loose) to mappings of metrics (claimedMetrics) to finite
// numbers, each problem with its line and field. line is the line of the
// claimed field. Whether a rate lies in [0, 1] and matches the rescored
// one is the benchmark kind's warning, not a problem of the file.
func claimedShape(path string, line int, node ast.Node) board.Problems {
	var probs board.Problems
	at := func(line int, field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Line: line, Field: field, Code: CodeMetaClaimed, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	seen := map[string]int{}
	for _, pol := range mappingValues(node) {
		name, pl := pol.Key.GetToken().Value, pol.Key.GetToken().Position.Line
		field := "claimed." + name
		switch {
		case name != string(board.Strict) && name != string(board.Loose):
			at(pl, field, "unknown policy (allowed: strict, loose)")
			continue
		case seen[name] > 0:
			at(pl, field, "set twice (first on line %d)", seen[name])
			continue
		}
		seen[name] = pl
		metrics := mappingValues(pol.Value)
		if metrics == nil {
			at(pl, field, "want a mapping of rates {correct: 0.5, …}, got %s", yamlx.Excerpt(pol.Value))
			continue
		}
		have := map[string]int{}
		for _, m := range metrics {
			key, ml := m.Key.GetToken().Value, m.Key.GetToken().Position.Line
			switch {
			case !known(claimedMetrics, key):
				at(ml, field+"."+key, "unknown rate (allowed: correct, compliant, multi, single)")
			case have[key] > 0:
				at(ml, field+"."+key, "set twice (first on line %d)", have[key])
			case !finiteNumber(m.Value):
				at(ml, field+"."+key, "want a fraction such as 0.5, got %s", yamlx.Excerpt(m.Value))
			}
			have[key] = ml
		}
	}
	return probs
}

func known(list []string, s string) bool {
	for _, k := range list {
		if k == s {
			return true
		}
	}
	return false
}

// finiteNumber reports whether node is a plain YAML number that is
// neither infinite nor NaN.
func finiteNumber(node ast.Node) bool {
	switch n := unTag(node).(type) {
	case *ast.IntegerNode:
		return true
	case *ast.FloatNode:
		return !math.IsNaN(n.Value) && !math.IsInf(n.Value, 0)
	}
	return false
}
