package ingest

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

//go:embed catalog.json
var builtinCatalog []byte

// BuiltinCatalog returns SciIF's ten constraints, decoded afresh on each
// call so callers may modify the result.
func BuiltinCatalog() sciifdata.Catalog {
	var c sciifdata.Catalog
	if err := json.Unmarshal(builtinCatalog, &c); err != nil {
		panic("ingest: built-in catalog: " + err.Error()) // a build defect, caught by tests
	}
	return c
}

// Benchmark reads dir/items.jsonl and the catalog: dir/catalog.json if it
// exists, the built-in one otherwise.
func Benchmark(dir string) (*sciifdata.Benchmark, error) {
	b := &sciifdata.Benchmark{Name: filepath.Base(filepath.Clean(dir)), Dir: dir}
	catPath := filepath.Join(dir, "catalog.json")
	data, err := ReadFile(catPath, MaxSmall, FollowLinks)
	var fe *FileError
	switch {
	case err == nil:
		cat, probs := DecodeCatalog(catPath, data)
		if len(probs) > 0 {
			return nil, probs
		}
		b.Catalog, b.CatalogSource = cat, catPath
	case errors.As(err, &fe) && fe.NotExist:
		b.Catalog, b.CatalogSource = BuiltinCatalog(), "built-in"
	default:
		return nil, board.Problems{fileProblem(catPath, err)}
	}
	itemsPath := filepath.Join(dir, "items.jsonl")
	f, _, err := Open(itemsPath, MaxFile, FollowLinks)
	if err != nil {
		return nil, board.Problems{fileProblem(itemsPath, err)}
	}
	defer f.Close()
	probs := board.FileCollector(itemsPath)
	seen := map[string]int{}
	err = Lines(itemsPath, f, func(line int, data []byte) {
		var it sciifdata.Item
		// An item may carry fields the board does not read (a source, a
		// domain); each key once.
		if e := strictjson.DecodeOpen(data, &it); e != nil {
			probs.Add(board.Diagnostic{File: itemsPath, Line: line, Item: looseID(data, e), Field: e.Field, Msg: e.Text(), Fatal: true})
			return
		}
		it.Line = line
		at := func(field, format string, args ...any) {
			probs.Add(board.Diagnostic{File: itemsPath, Line: line, Field: field, Item: it.ID, Msg: fmt.Sprintf(format, args...), Fatal: true})
		}
		if it.ID == "" {
			at("id", "missing item id")
		} else if first, dup := seen[it.ID]; dup {
			at("id", "duplicate item id (first on line %d)", first)
		} else {
			seen[it.ID] = line
		}
		if strings.TrimSpace(it.Question) == "" {
			at("question", "missing question")
		}
		if len(it.Constraints) == 0 {
			at("constraints", "no constraints enabled")
		}
		enabled := map[string]bool{}
		for _, c := range it.Constraints {
			if _, ok := b.Catalog.Lookup(c); !ok {
				at("constraints", "unknown constraint %q", c)
			} else if enabled[c] {
				at("constraints", "constraint %q enabled twice", c)
			}
			enabled[c] = true
		}
		if t := it.Reference.Tolerance; t != nil {
			switch t.Kind {
			case "relative", "absolute", "sigfigs", "decimals":
			default:
				at("reference.tolerance.kind", "unknown tolerance kind %q (want relative, absolute, sigfigs or decimals)", t.Kind)
			}
		}
		b.Items = append(b.Items, it)
	})
	if err != nil {
		probs.Add(asProblem(itemsPath, err))
	}
	if p := probs.Problems(); len(p) > 0 {
		return nil, p
	}
	if len(b.Items) == 0 {
		return nil, board.Problems{{File: itemsPath, Msg: "no items", Fatal: true}}
	}
	return b, nil
}

// DecodeCatalog decodes and checks a catalog.json.
func DecodeCatalog(path string, data []byte) (sciifdata.Catalog, board.Problems) {
	var c sciifdata.Catalog
	if e := strictjson.Decode(data, &c); e != nil {
		return c, board.Problems{{File: path, Field: e.Field, Msg: e.Text(), Fatal: true}}
	}
	var probs board.Problems
	at := func(field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Field: field, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	seen := map[string]bool{}
	for i, k := range c.Constraints {
		field := fmt.Sprintf("constraints[%d]", i)
		if !idPattern.MatchString(k.ID) {
			at(field+".id", "constraint id %q is not snake_case", k.ID)
		}
		if seen[k.ID] {
			at(field+".id", "duplicate constraint id %q", k.ID)
		}
		seen[k.ID] = true
		switch k.Family {
		case sciifdata.Condition, sciifdata.Terminology, sciifdata.Process:
		default:
			at(field+".family", "unknown family %q (want condition, terminology or process)", k.Family)
		}
		if k.Abbrev == "" || k.Name == "" {
			at(field, "constraint %q needs an abbrev and a name", k.ID)
		}
		if len(k.Points) == 0 {
			at(field+".points", "constraint %q has no evidence points", k.ID)
		}
		for j, p := range k.Points {
			if p.N != j+1 {
				at(fmt.Sprintf("%s.points[%d].n", field, j), "points must be numbered 1, 2, … in order; got %d", p.N)
			}
			if strings.TrimSpace(p.Text) == "" {
				at(fmt.Sprintf("%s.points[%d].text", field, j), "point %d has no text", p.N)
			}
		}
		if len(k.Points) > 0 && k.MainPoints() == 0 {
			at(field+".points", "constraint %q has no MAIN point", k.ID)
		}
	}
	if len(c.Constraints) == 0 {
		at("constraints", "the catalog is empty")
	}
	return c, probs
}

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
