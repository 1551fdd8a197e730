package demotest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// wholeResults matches a path to the repository's results folder itself,
// or a pattern over all its folders, from a test's package folder.
var wholeResults = regexp.MustCompile(`^(\.\./)+results/?(\*.*)?$`)

// TestNoTestListsTheRepositoryResults keeps the tests hermetic: a test
// reads the committed demo board by name (this package, or
// filepath.Join(".../results", id)), never the whole results folder,
// so that a submitter's new folder there changes no test's outcome. It
// flags every string literal naming that folder, or a pattern over its
// folders, that is not the first element of a filepath.Join with more.
func TestNoTestListsTheRepositoryResults(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		n++
		joined := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(node ast.Node) bool {
			if call, ok := node.(*ast.CallExpr); ok && isJoin(call) && len(call.Args) > 1 {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok && !isPattern(call.Args[1]) {
					joined[lit] = true
				}
			}
			lit, ok := node.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || joined[lit] {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && wholeResults.MatchString(s) {
				t.Errorf("%s: %q lists the repository's results folder; read the demo board by name (demotest)", fset.Position(lit.Pos()), s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("read %d test files under %s; the walk missed the tree", n, root)
	}
}

func isJoin(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Join" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "filepath"
}

// isPattern reports whether a Join's second element is a literal glob.
func isPattern(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && strings.ContainsAny(lit.Value, "*?[")
}
