// Package validate checks submission folders before they are merged: the
// gate a pull request passes, and what a submitter runs locally.
//
// It sits beside the pipeline rather than in it: it reads through ingest and
// checks and rescores through pipeline and the benchmarks' kinds exactly as
// `sciif score` and `sciif build` do, and writes nothing. It never modifies a submission and never invents a
// score: the numbers it reports are the ones the board would show.
//
// Validation accepts exactly what `sciif build` builds: both run the same
// checks (ingest.CheckFolder, the bounded readers, the record checks), and
// a problem that makes the build refuse a submission is an error here, any
// other a warning. Warnings are what the build scores anyway and says so:
// an incomplete submission (a missing item is incorrect and
// non-compliant), a missing or unparseable judge output (it counts as NO),
// an empty response, a judge not listed in metadata.yaml, a claimed score
// that differs from the rescored one.
//
// Limits (ingest's, checked before a byte is read, so that an oversized
// file is refused without being loaded):
//
//   - responses.jsonl, ifeval.jsonl, ifbench.jsonl: at most ingest.MaxFile
//     bytes, each line at most ingest.MaxLine bytes, each response at most
//     ingest.MaxResponse bytes and each judge output at most
//     ingest.MaxJudgeOutput bytes;
//   - metadata.yaml: at most ingest.MaxSmall bytes;
//   - reported.yaml: at most ingest.MaxReported bytes;
//   - README.md: at most ingest.MaxReadme bytes.
package validate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// Schema names the version of the JSON report; it changes only when a
// field is removed or changes meaning.
const Schema = "sciif-validate/2"

// Severity says whether a finding blocks a merge.
type Severity string

// Severities.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Finding is one problem found in a submission.
type Finding struct {
	Severity   Severity `json:"severity"`
	File       string   `json:"file"`
	Line       int      `json:"line,omitempty"`
	Item       string   `json:"item,omitempty"`
	Field      string   `json:"field,omitempty"`
	Constraint string   `json:"constraint,omitempty"`
	Criterion  string   `json:"criterion,omitempty"`
	Judge      string   `json:"judge,omitempty"`
	// Code names the kind of problem, stably (board.Diagnostic.Code); the
	// fix is chosen by it.
	Code string `json:"code,omitempty"`
	// Message says what is wrong; Fix says how to fix it.
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
	// Omitted is set on a finding that stands for problems not listed
	// ("… and 2,999,900 more problems in this file"): how many. Errors
	// and Warnings count them.
	Omitted int `json:"omitted,omitempty"`
}

// before reports whether f sorts before g: by file and line, a summary
// of omitted problems after those of its file or folder.
func (f Finding) before(g Finding) bool {
	return board.Diagnostic{File: f.File, Line: f.Line, Omitted: f.Omitted}.Before(board.Diagnostic{File: g.File, Line: g.Line, Omitted: g.Omitted})
}

// String formats f as "file:line: item X: field: constraint Y: judge Z:
// message — fix", with "warning: " before the message of warnings.
func (f Finding) String() string {
	loc := board.Diagnostic{File: f.File, Line: f.Line, Item: f.Item, Field: f.Field, Constraint: f.Constraint, Criterion: f.Criterion, Judge: f.Judge}
	s := loc.Where() + ": "
	if f.Severity == Warning {
		s += "warning: "
	}
	s += f.Message
	if f.Fix != "" {
		s += " — " + f.Fix
	}
	return s
}

// Result is a submission's outcome on one benchmark.
type Result struct {
	Benchmark string `json:"benchmark"`
	Kind      string `json:"kind"`
	// Summary says how much of the benchmark the submission answers.
	Summary string `json:"summary"`
	// Lines are the rescored headline and rank as text; Scores the same
	// as the benchmark kind's JSON. Both are set only for a valid
	// submission.
	Lines  []string `json:"-"`
	Scores any      `json:"scores,omitempty"`
}

// Submission is the verdict on one folder.
type Submission struct {
	ID  string `json:"id"`
	Dir string `json:"dir"`
	// Kind is "rescored" (metadata.yaml and result files), "reported"
	// (reported.yaml) or "unknown".
	Kind     string    `json:"kind"`
	Name     string    `json:"name,omitempty"`
	Valid    bool      `json:"valid"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
	Findings []Finding `json:"findings"`
	// Results holds one entry per benchmark the submission answers, in
	// site order.
	Results []Result `json:"results,omitempty"`

	meta metaInfo
	runs []kind.Run
}

type metaInfo struct {
	name     string
	nameLine int
	file     string
}

// Report is the whole result of a validation: the `sciif validate
// --format json` document.
type Report struct {
	Schema string `json:"schema"`
	// Benchmarks names the benchmarks checked against.
	Benchmarks []string `json:"benchmarks"`
	// Board is the results folder the submissions were ranked against.
	Board       string       `json:"board,omitempty"`
	Valid       bool         `json:"valid"`
	Errors      int          `json:"errors"`
	Warnings    int          `json:"warnings"`
	Submissions []Submission `json:"submissions"`
}

// Options configure a validation.
type Options struct {
	// Benchmarks are the benchmarks submissions answer.
	Benchmarks []kind.Benchmark
	// Results is the current board's results folder: submissions are ranked
	// against its valid submissions and their names must be unique in it.
	// Empty: rank the validated submissions among themselves.
	Results string
	// Options are passed to every benchmark, as sciif score passes them.
	Options kind.Options
	// Known lists the submission files of benchmarks not opened (see
	// kind.KnownFiles): a submission may hold them.
	Known []string
	// Fixes says how to fix the kinds' problems, by code (see Fixes).
	Fixes map[string]string
}

// Expand turns the command-line paths into submission folders: a folder
// holding metadata.yaml, responses.jsonl or reported.yaml is a submission;
// a folder of folders (a results folder) stands for every non-hidden entry
// in it that is not a regular file (folders, and the links, FIFOs and
// devices the build refuses there); anything else is taken as a submission
// and reported as such. A symbolic link is never followed: given as a path
// it stands for itself, and the check refuses it.
func Expand(paths []string) []string {
	var out []string
	for _, p := range paths {
		p = filepath.Clean(p)
		if fi, err := os.Lstat(p); err != nil || !fi.IsDir() || isSubmission(p) {
			out = append(out, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			out = append(out, p)
			continue
		}
		var subs []string
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") || e.Type().IsRegular() {
				continue
			}
			subs = append(subs, filepath.Join(p, e.Name()))
		}
		if len(subs) == 0 {
			out = append(out, p)
		}
		out = append(out, subs...)
	}
	sort.Strings(out)
	// A folder named twice, however spelt, is validated once (it would
	// clash with itself).
	seen := map[string]bool{}
	uniq := out[:0]
	for _, p := range out {
		if a := abs(p); !seen[a] {
			seen[a] = true
			uniq = append(uniq, p)
		}
	}
	return uniq
}

func isSubmission(dir string) bool {
	for _, f := range []string{"metadata.yaml", "responses.jsonl", "reported.yaml"} {
		if _, err := os.Lstat(filepath.Join(dir, f)); err == nil {
			return true
		}
	}
	return false
}

// Run validates the submission folders dirs (see Expand) and returns the
// report. It returns an error only when the board cannot be read at all.
func Run(ctx context.Context, dirs []string, opt Options) (*Report, error) {
	rep := &Report{Schema: Schema, Board: opt.Results}
	for _, b := range opt.Benchmarks {
		rep.Benchmarks = append(rep.Benchmarks, b.Spec().Name)
	}
	files := kind.AllFiles(opt.Benchmarks, opt.Known)
	for _, dir := range dirs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rep.Submissions = append(rep.Submissions, check(ctx, dir, files, opt))
	}
	checkNames(rep.Submissions, opt.Results, files)
	for i := range rep.Submissions {
		count(&rep.Submissions[i])
	}
	if err := rank(ctx, rep.Submissions, opt); err != nil {
		return nil, err
	}
	for i := range rep.Submissions {
		s := &rep.Submissions[i]
		sortFindings(s.Findings)
		rep.Errors += s.Errors
		rep.Warnings += s.Warnings
	}
	rep.Valid = rep.Errors == 0
	return rep, nil
}

func count(s *Submission) {
	s.Errors, s.Warnings = 0, 0
	for _, f := range s.Findings {
		if f.Severity == Error {
			s.Errors += max(f.Omitted, 1)
		} else {
			s.Warnings += max(f.Omitted, 1)
		}
	}
	s.Valid = s.Errors == 0
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(a, b int) bool { return fs[a].before(fs[b]) })
}

// capFindings keeps the first board.MaxPerSubmission errors of s's
// findings and as many warnings, in order, and a summary of the rest:
// what the build keeps of a submission is bounded, and so is this.
func capFindings(s *Submission) {
	if len(s.Findings) <= board.MaxPerSubmission {
		return
	}
	sortFindings(s.Findings)
	c := board.NewCollector(s.Dir, "submission", board.Limit{})
	kept := s.Findings[:0]
	var errors, warnings int
	for _, f := range s.Findings {
		switch {
		case f.Severity == Error && errors < board.MaxPerSubmission:
			errors++
		case f.Severity != Error && warnings < board.MaxPerSubmission:
			warnings++
		default:
			c.Add(board.Diagnostic{Fatal: f.Severity == Error, Omitted: f.Omitted})
			continue
		}
		kept = append(kept, f)
	}
	s.Findings = kept
	for _, d := range c.Problems() {
		s.Findings = append(s.Findings, fromDiag(d, nil))
	}
}

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// check validates one folder with the checks the build runs, and checks
// its result files against the benchmarks.
func check(ctx context.Context, dir string, files []string, opt Options) Submission {
	s := Submission{ID: filepath.Base(dir), Dir: dir, Kind: "unknown", Findings: []Finding{}}
	add := func(f Finding) {
		if f.Severity == "" {
			f.Severity = Error
		}
		s.Findings = append(s.Findings, f)
	}
	folder, fp := ingest.CheckFolder(dir, files)
	for _, p := range fp {
		f := fromDiag(p, opt.Fixes)
		if p.Code == ingest.CodeEntryUnknown || p.Code == ingest.CodeEntryFolder {
			f.Fix = "remove it; a submission folder holds only " + strings.Join(ingest.Allowed(files), ", ")
		}
		add(f)
	}
	switch {
	case !folder.Listed:
		return s
	case folder.Rescored:
		s.Kind = "rescored"
	case folder.Reported:
		s.Kind = "reported"
		r, probs := ingest.ReadReported(filepath.Join(dir, "reported.yaml"))
		for _, p := range probs {
			add(fromDiag(p, opt.Fixes))
		}
		s.Name = r.Model.Name
		return s
	}
	if !folder.Present["metadata.yaml"] {
		return s
	}
	// Every sound file is read even when the folder has problems, so that
	// all of them are reported at once.
	metaPath := filepath.Join(dir, "metadata.yaml")
	meta, probs := ingest.Metadata(metaPath)
	for _, p := range probs {
		add(fromDiag(p, opt.Fixes))
	}
	s.Name = meta.Name
	s.meta = metaInfo{name: meta.Name, nameLine: meta.NameLine, file: metaPath}
	sub := board.Submission{ID: s.ID, Dir: dir, Meta: meta}
	runrecord.NewChecker(opt.Benchmarks).Check(&sub)
	var present []kind.Benchmark
	for _, b := range opt.Benchmarks {
		if folder.Present[b.Spec().File] {
			present = append(present, b)
		}
	}
	if len(present) == 0 {
		return s
	}
	c := pipeline.Check(ctx, present, []board.Submission{sub}, opt.Options)[0]
	for _, p := range c.Problems {
		if len(meta.Judges) == 0 && p.Judge != "" {
			continue // metadata.yaml lists no judges: its problem says so
		}
		add(fromDiag(p, opt.Fixes))
	}
	s.runs = make([]kind.Run, len(opt.Benchmarks))
	for i, b := range opt.Benchmarks {
		for j, pb := range present {
			if pb == b && c.Runs[j] != nil {
				s.runs[i] = c.Runs[j]
				s.Results = append(s.Results, Result{Benchmark: b.Spec().Name, Kind: b.Spec().Kind, Summary: c.Runs[j].Summary()})
			}
		}
	}
	capFindings(&s)
	return s
}

// rank scores every benchmark's board with the valid validated
// submissions in it (a validated folder replaces the board's folder of the
// same id: it is the new version of that submission) and sets their
// headlines and would-be ranks.
func rank(ctx context.Context, subs []Submission, opt Options) error {
	boardRuns := make([][]kind.Run, len(opt.Benchmarks))
	validated := map[string]bool{}
	for i := range subs {
		validated[abs(subs[i].Dir)] = true
		validated["id:"+subs[i].ID] = subs[i].Valid && subs[i].runs != nil
	}
	if opt.Results != "" {
		all, err := ingest.Submissions(opt.Results, kind.AllFiles(opt.Benchmarks, opt.Known))
		var probs board.Problems
		if err != nil {
			if p, ok := err.(board.Problems); ok {
				probs = p
			} else {
				return fmt.Errorf("validate: %w", err)
			}
		}
		var others []board.Submission
		for _, s := range all {
			if validated[abs(s.Dir)] || validated["id:"+s.ID] || pipeline.Concerns(probs, s.Dir) {
				continue
			}
			others = append(others, s)
		}
		for _, c := range pipeline.Check(ctx, opt.Benchmarks, others, opt.Options) {
			if c.Fatal() {
				continue // left out, as sciif build --skip-invalid leaves it out
			}
			for i, r := range c.Runs {
				if r != nil {
					boardRuns[i] = append(boardRuns[i], r)
				}
			}
		}
	}
	for i, b := range opt.Benchmarks {
		runs := boardRuns[i]
		any := false
		for j := range subs {
			if subs[j].Valid && subs[j].runs != nil && subs[j].runs[i] != nil {
				runs = append(runs, subs[j].runs[i])
				any = true
			}
		}
		if !any {
			continue
		}
		sort.SliceStable(runs, func(a, c int) bool { return runs[a].ID() < runs[c].ID() })
		bd, err := b.Rank(runs, opt.Options)
		if err != nil {
			return err
		}
		for j := range subs {
			s := &subs[j]
			if !s.Valid || s.runs == nil || s.runs[i] == nil {
				continue
			}
			for k := range s.Results {
				if s.Results[k].Benchmark == b.Spec().Name {
					s.Results[k].Lines, s.Results[k].Scores = bd.Headline(s.ID)
				}
			}
		}
	}
	return nil
}

// checkNames reports a submission whose model name is already used by
// another validated folder or by another folder of the board, as the
// build does (ingest.SameNames).
func checkNames(subs []Submission, results string, files []string) {
	names := map[string][]string{} // normalised name → folders
	seenDir := map[string]bool{}
	for i := range subs {
		if subs[i].Kind != "rescored" || subs[i].meta.name == "" {
			continue
		}
		n := ingest.NormName(subs[i].meta.name)
		names[n] = append(names[n], subs[i].Dir)
		seenDir[abs(subs[i].Dir)] = true
		// A validated folder replaces the board's folder of its id (as
		// rank has it): the old version's name is not another claim.
		seenDir["id:"+subs[i].ID] = true
	}
	if results != "" {
		entries, _ := ingest.Submissions(results, files)
		for _, e := range entries {
			if seenDir[abs(e.Dir)] || seenDir["id:"+e.ID] || e.Meta.Name == "" {
				continue
			}
			n := ingest.NormName(e.Meta.Name)
			names[n] = append(names[n], e.Dir)
		}
	}
	for i := range subs {
		s := &subs[i]
		if s.Kind != "rescored" || s.meta.name == "" {
			continue
		}
		var others []string
		for _, d := range names[ingest.NormName(s.meta.name)] {
			if d != s.Dir {
				others = append(others, d)
			}
		}
		if len(others) == 0 {
			continue
		}
		sort.Strings(others)
		f := fromDiag(board.Diagnostic{File: s.meta.file, Line: s.meta.nameLine, Field: "name", Code: ingest.CodeSameName, Fatal: true,
			Msg: fmt.Sprintf("model name %q is also claimed by %s", s.meta.name, strings.Join(others, ", "))}, nil)
		s.Findings = append(s.Findings, f)
	}
}
