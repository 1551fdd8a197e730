package ingest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// slugPattern is what a submission folder name must look like.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)

// SafeSlug reports whether name is acceptable as a submission folder name:
// lower-case letters, digits, '.', '_' and '-', starting with a letter or
// digit, at most 64 characters, no "..", and a name Windows can check out
// (see WindowsReserved).
func SafeSlug(name string) bool {
	return slugPattern.MatchString(name) && !strings.Contains(name, "..") && !WindowsReserved(name)
}

// Submissions lists the rescorable submissions under dir: every folder that
// holds a metadata.yaml, in name order. Folders holding only a reported.yaml
// (published figures, not rescored) are left to Reported; hidden folders are
// ignored; any other folder is a problem.
//
// results lists the benchmarks' result files a folder may hold.
func Submissions(dir string, results []string) ([]board.Submission, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("ingest: results: %w", err)
	}
	var subs []board.Submission
	var probs board.Problems
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		switch {
		case e.Type().IsRegular():
			continue // a README or the like beside the submissions
		case !e.IsDir():
			// A link (never followed) or a FIFO, device, …: CheckFolder
			// refuses it as sciif validate does.
			_, fp := CheckFolder(filepath.Join(dir, name), results)
			probs = append(probs, fp...)
			continue
		}
		sdir := filepath.Join(dir, name)
		folder, fp := CheckFolder(sdir, results)
		probs = append(probs, fp...)
		if !folder.Present["metadata.yaml"] {
			continue // published figures (Reported reads them), or refused
		}
		metaPath := filepath.Join(sdir, "metadata.yaml")
		meta, mp := Metadata(metaPath)
		sub := board.Submission{ID: name, Dir: sdir, Meta: meta}
		if fatal(mp) {
			// Report the warnings too: an unknown field is often the
			// misspelling of a missing one.
			probs = append(probs, mp...)
		} else {
			sub.Warnings = mp
		}
		subs = append(subs, sub)
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].ID < subs[j].ID })
	probs = append(probs, SameNames(subs)...)
	if len(probs) > 0 {
		return subs, probs
	}
	return subs, nil
}

// CodeSameName marks a model name used by two submissions.
const CodeSameName = "metadata.name.taken"

// SameNames returns a fatal problem for every submission whose model name
// (compared without case and extra spaces) another submission of subs
// also uses: the board could not tell them apart.
func SameNames(subs []board.Submission) board.Problems {
	byName := map[string][]int{}
	for i, s := range subs {
		if n := NormName(s.Meta.Name); n != "" {
			byName[n] = append(byName[n], i)
		}
	}
	var probs board.Problems
	for i, s := range subs {
		same := byName[NormName(s.Meta.Name)]
		if len(same) < 2 {
			continue
		}
		var others []string
		for _, j := range same {
			if j != i {
				others = append(others, subs[j].Dir)
			}
		}
		sort.Strings(others)
		probs = append(probs, board.Diagnostic{File: filepath.Join(s.Dir, "metadata.yaml"), Line: s.Meta.NameLine, Field: "name", Code: CodeSameName, Fatal: true,
			Msg: fmt.Sprintf("model name %q is also claimed by %s", s.Meta.Name, strings.Join(others, ", "))})
	}
	return probs
}

// NormName is a model name as names are compared: its skeleton, what it
// looks like whatever its case, spacing, width and script (NFKC, letters
// of other scripts drawn like Latin ones made Latin, case-folded, runs of
// spaces made one), so that "Atlas" and "Atlаs" with a Cyrillic а are one
// name.
func NormName(s string) string { return skeleton(s) }
