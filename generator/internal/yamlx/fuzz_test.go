package yamlx

import (
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// FuzzCheckDepth checks the depth scan that guards every YAML read: it
// never panics, a larger limit never refuses what a smaller one accepts,
// and what it accepts go-yaml parses no deeper than the scan allows (an
// underestimate would let a nesting bomb through to the parser).
// Seeds are in testdata/fuzz/FuzzCheckDepth.
func FuzzCheckDepth(f *testing.F) {
	const max = 6
	f.Fuzz(func(t *testing.T, data []byte) {
		err := CheckDepth(data, max)
		if err == nil {
			if err := CheckDepth(data, max+1); err != nil {
				t.Fatalf("accepted at %d, refused at %d: %v", max, max+1, err)
			}
		}
		if err != nil || len(data) > 4096 {
			return
		}
		file, perr := parse(data)
		if perr != nil || file == nil {
			return
		}
		for _, doc := range file.Docs {
			// A block level may stand for a mapping and its pair: two
			// nodes of the tree per level, and the document's own.
			if d := treeDepth(doc.Body); d > 2*max+2 {
				t.Fatalf("scan accepted depth ≤ %d; go-yaml's tree is %d deep", max, d)
			}
		}
	})
}

// parse is parser.ParseBytes, with a panic of go-yaml's (not ours to
// find here) taken as a parse error.
func parse(data []byte) (f *ast.File, err error) {
	defer func() {
		if recover() != nil {
			f, err = nil, errPanic
		}
	}()
	return parser.ParseBytes(data, 0)
}

var errPanic = &DepthError{}

// treeDepth counts the collection nodes on the deepest path of node.
func treeDepth(node ast.Node) int {
	switch n := node.(type) {
	case *ast.MappingNode:
		d := 0
		for _, v := range n.Values {
			d = max(d, treeDepth(v))
		}
		return 1 + d
	case *ast.MappingValueNode:
		return 1 + max(treeDepth(n.Key), treeDepth(n.Value))
	case *ast.MappingKeyNode:
		return treeDepth(n.Value)
	case *ast.SequenceNode:
		d := 0
		for _, v := range n.Values {
			d = max(d, treeDepth(v))
		}
		return 1 + d
	case *ast.TagNode:
		return treeDepth(n.Value)
	case *ast.AnchorNode:
		return treeDepth(n.Value)
	case *ast.CommentGroupNode, nil:
		return 0
	}
	return 0
}
