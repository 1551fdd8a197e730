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
	uniq := out[:0]
	for i, p := range out {
		if i == 0 || p != out[i-1] {
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
	}
	if results != "" {
		entries, _ := ingest.Submissions(results, files)
		for _, e := range entries {
			if seenDir[abs(e.Dir)] || e.Meta.Name == "" {
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

// fromDiag turns a diagnostic of ingest, the pipeline or a kind into a
// finding, with the fix its code names: in fixes (the kinds', see Fixes),
// or in the table of the codes the kinds share. A message says what is
// wrong; its fix comes from its code alone.
//
// The severity is the build's: a fatal diagnostic (the build refuses the
// submission) is an error, any other (the build scores it, a missing judge
// output counting as NO) is a warning. So `sciif validate` accepts exactly
// the submissions `sciif build` builds.
func fromDiag(d board.Diagnostic, fixes map[string]string) Finding {
	f := Finding{Severity: Warning, File: d.File, Line: d.Line, Item: d.Item, Field: d.Field, Constraint: d.Constraint, Criterion: d.Criterion, Judge: d.Judge, Code: d.Code, Message: d.Msg, Omitted: d.Omitted}
	if d.Fatal {
		f.Severity = Error
	}
	if fix, ok := shared[d.Code]; ok {
		f.Fix = fix
	} else if d.Code != "" {
		f.Fix = fixes[d.Code]
	}
	return f
}

// Fixes merges the fix texts of kinds (kind.Kind.Fixes) into the table
// Options.Fixes takes. Two kinds may share a code only with one fix, and
// no kind may give a fix of a code the kinds share (ingest's, board's):
// either is an error, naming the code.
func Fixes(kinds []*kind.Kind) (map[string]string, error) {
	out := map[string]string{}
	owner := map[string]string{}
	for _, k := range kinds {
		codes := make([]string, 0, len(k.Fixes))
		for c := range k.Fixes {
			codes = append(codes, c)
		}
		sort.Strings(codes)
		for _, c := range codes {
			fix := k.Fixes[c]
			if _, ok := shared[c]; ok {
				return nil, fmt.Errorf("validate: kind %s gives a fix of the shared code %q", k.Name, c)
			}
			if prev, ok := out[c]; ok && prev != fix {
				return nil, fmt.Errorf("validate: kinds %s and %s give code %q different fixes", owner[c], k.Name, c)
			}
			out[c], owner[c] = fix, k.Name
		}
	}
	return out, nil
}

// shared says how to fix the problems whose codes the kinds share: the
// folder, metadata.yaml and reported.yaml checks of ingest, and board's
// summary of omitted problems.
var shared = map[string]string{
	board.CodeOmitted:       "fix the problems listed (they are the first of their file or submission) and validate again to see the rest",
	ingest.CodeNoFolder:     "give the path of a submission folder such as results/<model-id>",
	ingest.CodeFolderLink:   "commit the folder itself; links are refused because they can point outside the repository",
	ingest.CodeNotFolder:    "give the path of a submission folder such as results/<model-id>",
	ingest.CodeSlug:         "rename it with lower-case letters, digits, '.', '_' and '-' only, starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)",
	ingest.CodeEntryLink:    "commit the file itself; links are refused because they can point outside the repository",
	ingest.CodeEntryFolder:  "remove it; a submission folder holds only metadata.yaml, its result files, and README.md",
	ingest.CodeEntryUnknown: "remove it; a submission folder holds only metadata.yaml, its result files, and README.md",
	ingest.CodeEntryOdd:     "remove it",
	ingest.CodeTooLarge:     "check the file was not generated in a loop; the limit is per file",
	ingest.CodeEmpty:        "fill it in or remove it",
	ingest.CodeBothKinds:    "move reported.yaml to its own folder (e.g. results/paper-<model>)",
	ingest.CodeReportedOnly: "add a metadata.yaml to make this a rescored submission, or remove the file",
	ingest.CodeNoMetadata:   "run `sciif new <model-id>` for a template, or copy one from SUBMITTING.md",
	ingest.CodeNoResults:    "add the result file of each benchmark the model answers (`sciif new` and SUBMITTING.md name them), or remove the folder",
	ingest.CodeSameName:     "each submission needs a distinct name: update the existing folder instead of adding a second one, or name the variant (e.g. \"… (thinking)\")",

	ingest.CodeMetaFile:        "commit metadata.yaml itself (a regular file, not a link) within the size limit SUBMITTING.md gives",
	ingest.CodeMetaEncoding:    "save the file as UTF-8 without BOM",
	ingest.CodeMetaYAML:        "write metadata.yaml as one YAML mapping of fields, as `sciif new <model-id>` and SUBMITTING.md show; fix the YAML at the line named",
	ingest.CodeMetaUnknown:     "check the spelling; a misspelt optional field is refused so that its value is not lost",
	ingest.CodeMetaTwice:       "keep one of the two",
	ingest.CodeMetaString:      "quote the value",
	ingest.CodeMetaBool:        "write true or false",
	ingest.CodeMetaList:        "write a list such as [gpt-5.1, gemini-3-flash]",
	ingest.CodeMetaMap:         "write a mapping of fields, as SUBMITTING.md shows",
	ingest.CodeMetaMissing:     "add the field as the message shows it (see SUBMITTING.md)",
	ingest.CodeMetaEmpty:       "fill it in",
	ingest.CodeMetaPlaceholder: "replace it with the real value",
	ingest.CodeMetaName:        fmt.Sprintf("retype the display name: at most %d characters, only visible characters and plain spaces", ingest.MaxModelName),
	ingest.CodeMetaDate:        "write the date as YYYY-MM-DD",
	ingest.CodeMetaJudges:      "list each judge model once by name, e.g. `judges: [gpt-5.1, gemini-3-flash]`, or leave the field out",
	ingest.CodeMetaLink:        "link to an https:// page about the model",
	ingest.CodeMetaTraining:    fmt.Sprintf("shorten the disclosure to %d characters of plain text; link a longer account with `link`", ingest.MaxTrainingData),
	ingest.CodeMetaTokens:      "declare whole numbers of tokens per benchmark, e.g. `sciif: {prompt: 1200000, completion: 340000}`, or leave the field out",

	runrecord.CodeFile:     "leave run.json as sciif run wrote it, or remove it: it is read only to show the reproduced badge and the recorded tokens",
	runrecord.CodeMismatch: "the file named is not what sciif run wrote against the benchmark's current prompts: run sciif run again (it resumes from its journal) to rewrite both, or remove run.json",

	ingest.CodeRepFile:       "commit reported.yaml itself (a regular file, not a link) within the size limit SUBMITTING.md gives",
	ingest.CodeRepEncoding:   "save the file as UTF-8",
	ingest.CodeRepYAML:       "write reported.yaml as one YAML mapping of fields, as SUBMITTING.md shows; fix the YAML at the line named",
	ingest.CodeRepUnknown:    "check the spelling against the fields the message allows there",
	ingest.CodeRepTwice:      "keep one of the two",
	ingest.CodeRepType:       "give the field the type the message names (see SUBMITTING.md)",
	ingest.CodeRepMissing:    "add it (see SUBMITTING.md)",
	ingest.CodeRepEmpty:      "fill it in",
	ingest.CodeRepRate:       "write the rate as printed, without the % sign",
	ingest.CodeRepConstraint: "use one of the catalog's ids the message lists",
	ingest.CodeRepFamily:     "use condition, terminology or process",
	ingest.CodeRepK:          "use a whole number of enabled constraints in the range the message gives",
	ingest.CodeRepPolicy:     "write strict or loose",
	ingest.CodeRepLink:       "link to an https:// page",
	ingest.CodeRepFigures:    "give at least one of the figures the message lists",
}
