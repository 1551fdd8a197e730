package render

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestRawTakesOnlyLiterals holds every call of HTML.Raw in the project to
// string literals (joined with + at most): Raw writes markup unescaped, so
// a variable there could carry submitted text onto a page.
func TestRawTakesOnlyLiterals(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	calls := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Raw" || len(call.Args) != 1 {
				return true
			}
			calls++
			if !literal(call.Args[0]) {
				t.Errorf("%s: Raw is given %T, not string literals", fset.Position(call.Pos()), call.Args[0])
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 {
		t.Fatal("found no call of Raw: the test walks the wrong tree")
	}
}

// literal reports whether e is string literals joined with +.
func literal(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.ParenExpr:
		return literal(e.X)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && literal(e.X) && literal(e.Y)
	}
	return false
}
