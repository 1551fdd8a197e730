// Package validate checks submission folders before they are merged: the
// gate a pull request passes, and what a submitter runs locally.
//
// It sits beside the pipeline rather than in it: it reads through ingest,
// rescores through pipeline, verify and score exactly as `sciif score` does,
// and writes nothing. It never modifies a submission and never invents a
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
//
// Claimed scores in metadata.yaml match when they are within
// ClaimTolerance of the rescored rate.
package validate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/pipeline"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify"
)

// Schema names the version of the JSON report; it changes only when a
// field is removed or changes meaning.
const Schema = "sciif-validate/1"

// ClaimTolerance is the largest accepted absolute difference between a
// claimed rate and the rescored one (both fractions): half a unit of the
// last digit of a percentage printed with one decimal (29.6 %).
const ClaimTolerance = 0.0005

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
	Judge      string   `json:"judge,omitempty"`
	// Message says what is wrong; Fix says how to fix it.
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// String formats f as "file:line: item X: field: constraint Y: judge Z:
// message — fix", with "warning: " before the message of warnings.
func (f Finding) String() string {
	loc := board.Diagnostic{File: f.File, Line: f.Line, Item: f.Item, Field: f.Field, Constraint: f.Constraint, Judge: f.Judge}
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

// Headline is a submission's rescored headline under one policy, as
// fractions in [0, 1].
type Headline struct {
	Correct   float64 `json:"correct"`
	Compliant float64 `json:"compliant"`
	Multi     float64 `json:"multi"`
	Single    float64 `json:"single"`
	// Rank is the rank the submission would have on the board, of Of
	// rescored models (tied ranks, as on the board).
	Rank int `json:"rank"`
	Of   int `json:"of"`
}

// Scores are the rescored numbers of a submission.
type Scores struct {
	Strict Headline `json:"strict"`
	Loose  Headline `json:"loose"`
}

// Claim compares one claimed rate with the rescored one.
type Claim struct {
	Policy   board.Policy `json:"policy"`
	Metric   string       `json:"metric"`
	Claimed  float64      `json:"claimed"`
	Rescored float64      `json:"rescored"`
	// OK is true when |Claimed - Rescored| <= ClaimTolerance.
	OK bool `json:"ok"`
}

// Submission is the verdict on one folder.
type Submission struct {
	ID  string `json:"id"`
	Dir string `json:"dir"`
	// Kind is "rescored" (metadata.yaml + responses.jsonl), "reported"
	// (reported.yaml) or "unknown".
	Kind     string    `json:"kind"`
	Name     string    `json:"name,omitempty"`
	Valid    bool      `json:"valid"`
	Errors   int       `json:"errors"`
	Warnings int       `json:"warnings"`
	Findings []Finding `json:"findings"`
	// Answered counts the benchmark items that have a record; Missing
	// lists the others, in benchmark order.
	Answered int      `json:"answered"`
	Missing  []string `json:"missing,omitempty"`
	// Scores is set whenever the responses could be scored, valid or not.
	Scores *Scores  `json:"scores,omitempty"`
	Claims []Claim  `json:"claims,omitempty"`
	meta   metaInfo `json:"-"`
}

type metaInfo struct {
	name     string
	nameLine int
	file     string
}

// Report is the whole result of a validation: the `sciif validate
// --format json` document.
type Report struct {
	Schema    string `json:"schema"`
	Benchmark string `json:"benchmark"`
	Items     int    `json:"items"`
	// Board is the results folder the submissions were ranked against.
	Board       string       `json:"board,omitempty"`
	Valid       bool         `json:"valid"`
	Errors      int          `json:"errors"`
	Warnings    int          `json:"warnings"`
	Submissions []Submission `json:"submissions"`
}

// Options configure a validation.
type Options struct {
	Bench *board.Benchmark
	// Results is the current board's results folder: submissions are ranked
	// against its valid submissions and their names must be unique in it.
	// Empty: rank the validated submissions among themselves.
	Results string
	// Rules are the deterministic verifiers `sciif score` runs.
	Rules verify.Rules
	// Instr are the instruction benchmarks whose responses (ifeval.jsonl,
	// ifbench.jsonl) are checked against their prompts, as the build does.
	Instr []*pipeline.InstrBench
}

// Expand turns the command-line paths into submission folders: a folder
// holding metadata.yaml, responses.jsonl or reported.yaml is a submission;
// a folder of folders (a results folder) stands for every non-hidden folder
// in it; anything else is taken as a submission and reported as such.
func Expand(paths []string) []string {
	var out []string
	for _, p := range paths {
		p = filepath.Clean(p)
		if isSubmission(p) {
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
			if strings.HasPrefix(e.Name(), ".") {
				continue
			}
			if e.IsDir() || e.Type()&os.ModeSymlink != 0 {
				subs = append(subs, filepath.Join(p, e.Name()))
			}
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

// scored is one rescored submission, kept for ranking.
type scored struct {
	model  board.ModelScores
	passes map[board.Policy][]bool
}

// Run validates the submission folders dirs (see Expand) and returns the
// report. It returns an error only when the board cannot be read at all.
func Run(ctx context.Context, dirs []string, opt Options) (*Report, error) {
	rep := &Report{Schema: Schema, Benchmark: opt.Bench.Name, Items: len(opt.Bench.Items), Board: opt.Results}
	v := verify.New(opt.Bench, verify.Options{Rules: opt.Rules})
	index := opt.Bench.Index()
	runs := map[string]*scored{} // by absolute folder path
	for _, dir := range dirs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s, sc := check(ctx, dir, opt.Bench, index, v, opt.Instr)
		if sc != nil {
			runs[abs(dir)] = sc
		}
		rep.Submissions = append(rep.Submissions, s)
	}
	validated := map[string]bool{}
	for _, d := range dirs {
		validated[abs(d)] = true
	}
	board, err := currentBoard(ctx, opt, index, v, runs, validated)
	if err != nil {
		return nil, err
	}
	checkNames(rep.Submissions, opt.Results)
	rank(rep.Submissions, runs, board)
	for i := range rep.Submissions {
		s := &rep.Submissions[i]
		sort.SliceStable(s.Findings, func(a, b int) bool {
			fa, fb := s.Findings[a], s.Findings[b]
			if fa.File != fb.File {
				return fa.File < fb.File
			}
			return fa.Line < fb.Line
		})
		s.Errors, s.Warnings = 0, 0
		for _, f := range s.Findings {
			if f.Severity == Error {
				s.Errors++
			} else {
				s.Warnings++
			}
		}
		s.Valid = s.Errors == 0
		rep.Errors += s.Errors
		rep.Warnings += s.Warnings
	}
	rep.Valid = rep.Errors == 0
	return rep, nil
}

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// check validates one folder and rescores it if its responses can be read.
func check(ctx context.Context, dir string, bench *board.Benchmark, index map[string]int, v *verify.Verifier, instrs []*pipeline.InstrBench) (Submission, *scored) {
	s := Submission{ID: filepath.Base(dir), Dir: dir, Kind: "unknown", Findings: []Finding{}}
	add := func(f Finding) {
		if f.Severity == "" {
			f.Severity = Error
		}
		s.Findings = append(s.Findings, f)
	}
	folder, fp := ingest.CheckFolder(dir)
	for _, p := range fp {
		add(fromDiag(p))
	}
	switch {
	case !folder.Listed:
		return s, nil
	case folder.Rescored:
		s.Kind = "rescored"
	case folder.Reported:
		s.Kind = "reported"
		r, probs := ingest.ReadReported(filepath.Join(dir, "reported.yaml"))
		for _, p := range probs {
			add(fromDiag(p))
		}
		s.Name = r.Model.Name
		return s, nil
	}
	// Every sound file is read even when the folder has problems, so that
	// all of them are reported at once.
	metaPath := filepath.Join(dir, "metadata.yaml")
	var meta board.Metadata
	if folder.Present["metadata.yaml"] {
		m, probs := ingest.Metadata(metaPath)
		for _, p := range probs {
			add(fromDiag(p))
		}
		meta = m
		s.Name = meta.Name
		s.meta = metaInfo{name: meta.Name, nameLine: meta.NameLine, file: metaPath}
	}
	for _, ib := range instrs {
		path := filepath.Join(dir, ib.Name+".jsonl")
		if folder.Present[ib.Name+".jsonl"] {
			_, _, probs := pipeline.InstrResponses(path, ib.Input, ib.Index, ib.N)
			for _, p := range probs {
				add(fromDiag(p))
			}
		}
	}
	respPath := filepath.Join(dir, "responses.jsonl")
	if !folder.Present["responses.jsonl"] {
		if _, err := os.Lstat(respPath); err != nil {
			add(Finding{File: respPath, Message: "missing responses.jsonl", Fix: "add one JSON line per benchmark item (see SUBMITTING.md)"})
		}
		return s, nil
	}
	sub := board.Submission{ID: s.ID, Dir: dir, Meta: meta}
	run, probs := pipeline.VerifySubmission(ctx, bench, index, v, &sub, false)
	for _, p := range probs {
		add(fromDiag(p))
	}
	for _, d := range run.Diagnostics {
		if d.Line == 0 && strings.HasPrefix(d.Msg, "incomplete:") {
			continue // reported below with the full list
		}
		if len(meta.Judges) == 0 && d.Judge != "" {
			continue // metadata.yaml is unreadable: its problems say so
		}
		add(fromDiag(d))
	}
	for i := range run.Verdicts {
		if run.Verdicts[i].Answered {
			s.Answered++
		} else {
			s.Missing = append(s.Missing, bench.Items[i].ID)
		}
	}
	if len(s.Missing) > 0 {
		add(Finding{Severity: Warning, File: respPath, Field: "id", Message: fmt.Sprintf("incomplete: %d of %d items have no record: %s", len(s.Missing), len(bench.Items), abbreviate(s.Missing, 20)),
			Fix: "answer every item of the benchmark (`sciif prompts` lists them); an unanswered item is scored as incorrect and non-compliant"})
	}
	for _, f := range s.Findings {
		if f.Severity == Error {
			return s, nil // refused: no scores, no rank
		}
	}
	m := score.Model(bench, &sub, run.Verdicts, board.Policies)
	sc := &scored{model: m, passes: map[board.Policy][]bool{}}
	for _, pol := range board.Policies {
		sc.passes[pol] = score.Passes(run.Verdicts, pol)
	}
	if meta.Claimed != nil {
		s.Claims = claims(meta.Claimed, &m)
		for _, c := range s.Claims {
			if !c.OK {
				add(Finding{Severity: Warning, File: metaPath, Field: fmt.Sprintf("claimed.%s.%s", c.Policy, c.Metric),
					Message: fmt.Sprintf("claimed %.4f but rescored %.4f (differs by %.4f, more than %.4f)", c.Claimed, c.Rescored, absf(c.Claimed-c.Rescored), ClaimTolerance),
					Fix:     "claim the rescored value or remove the claim; claims are fractions in [0, 1]"})
			}
		}
		for _, f := range claimRange(meta.Claimed) {
			add(Finding{Severity: Warning, File: metaPath, Field: f, Message: "claimed rate outside [0, 1]", Fix: "write rates as fractions: 0.296 for 29.6 %"})
		}
	}
	return s, sc
}

func abbreviate(list []string, n int) string {
	if len(list) <= n {
		return strings.Join(list, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(list[:n], ", "), len(list)-n)
}

func absf(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// claims compares every claimed rate with the rescored one, Strict first,
// metrics in the order correct, compliant, multi, single.
func claims(c *board.Claimed, m *board.ModelScores) []Claim {
	var out []Claim
	for _, pol := range board.Policies {
		cr := c.Strict
		if pol == board.Loose {
			cr = c.Loose
		}
		ps := m.Policy(pol)
		if cr == nil || ps == nil {
			continue
		}
		for _, x := range []struct {
			metric string
			claim  *float64
			rate   float64
		}{
			{"correct", cr.Correct, ps.Correct.Rate},
			{"compliant", cr.Compliant, ps.Compliant.Rate},
			{"multi", cr.Multi, ps.Multi.Rate},
			{"single", cr.Single, ps.Single.Rate},
		} {
			if x.claim == nil {
				continue
			}
			// A tiny epsilon keeps 0.2965 vs 0.2960 on the accepting side
			// of the boundary despite binary rounding.
			ok := absf(*x.claim-x.rate) <= ClaimTolerance+1e-12
			out = append(out, Claim{Policy: pol, Metric: x.metric, Claimed: *x.claim, Rescored: x.rate, OK: ok})
		}
	}
	return out
}

func claimRange(c *board.Claimed) []string {
	var out []string
	for _, pol := range board.Policies {
		cr := c.Strict
		if pol == board.Loose {
			cr = c.Loose
		}
		if cr == nil {
			continue
		}
		for _, x := range []struct {
			name string
			v    *float64
		}{{"correct", cr.Correct}, {"compliant", cr.Compliant}, {"multi", cr.Multi}, {"single", cr.Single}} {
			if x.v != nil && (*x.v < 0 || *x.v > 1) {
				out = append(out, fmt.Sprintf("claimed.%s.%s", pol, x.name))
			}
		}
	}
	return out
}

// currentBoard rescores the valid submissions of opt.Results, reusing the
// runs already made for the folders being validated (validated). Folders of the board that
// are invalid are left out of the ranking, as `sciif build --skip-invalid`
// would.
func currentBoard(ctx context.Context, opt Options, index map[string]int, v *verify.Verifier, runs map[string]*scored, validated map[string]bool) (map[string]*scored, error) {
	out := map[string]*scored{}
	for dir, sc := range runs {
		out[dir] = sc
	}
	if opt.Results == "" {
		return out, nil
	}
	subs, err := ingest.Submissions(opt.Results)
	var bad map[string]bool
	if err != nil {
		var probs board.Problems
		if !errors.As(err, &probs) {
			return nil, fmt.Errorf("validate: %w", err)
		}
		bad = map[string]bool{}
		for _, p := range probs {
			bad[filepath.Dir(p.File)] = true
		}
	}
	for i := range subs {
		sub := &subs[i]
		key := abs(sub.Dir)
		if validated[key] || bad[sub.Dir] {
			continue // already scored, or not scorable
		}
		if fi, err := os.Lstat(filepath.Join(sub.Dir, "responses.jsonl")); err != nil || !fi.Mode().IsRegular() || fi.Size() > ingest.MaxFile {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		run, probs := pipeline.VerifySubmission(ctx, opt.Bench, index, v, sub, false)
		if len(probs) > 0 {
			continue
		}
		m := score.Model(opt.Bench, sub, run.Verdicts, board.Policies)
		sc := &scored{model: m, passes: map[board.Policy][]bool{}}
		for _, pol := range board.Policies {
			sc.passes[pol] = score.Passes(run.Verdicts, pol)
		}
		out[key] = sc
	}
	return out, nil
}

// rank sets the headline scores and would-be rank of every rescored
// submission. A validated folder with the same id as a board folder
// replaces it (it is the new version of that submission).
func rank(subs []Submission, runs, all map[string]*scored) {
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// One model per id: a validated folder wins over a board folder.
	byID := map[string]string{}
	for _, k := range keys {
		id := all[k].model.ID
		if prev, ok := byID[id]; ok {
			if _, validated := runs[prev]; validated {
				continue
			}
		}
		byID[id] = k
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	models := make([]board.ModelScores, len(ids))
	pos := map[string]int{}
	for i, id := range ids {
		models[i] = copyScores(all[byID[id]].model)
		pos[byID[id]] = i
	}
	for _, pol := range board.Policies {
		passes := make([][]bool, len(ids))
		for i, id := range ids {
			passes[i] = all[byID[id]].passes[pol]
		}
		score.Rank(models, passes, pol)
	}
	for i := range subs {
		s := &subs[i]
		key := abs(s.Dir)
		if _, ok := runs[key]; !ok {
			continue
		}
		p, ok := pos[key]
		m := all[key].model
		if ok {
			m = models[p]
		}
		s.Scores = &Scores{Strict: headline(m.Strict, len(ids)), Loose: headline(m.Loose, len(ids))}
	}
}

// copyScores copies the policy scores so that ranking does not write into
// the shared runs.
func copyScores(m board.ModelScores) board.ModelScores {
	if m.Strict != nil {
		s := *m.Strict
		m.Strict = &s
	}
	if m.Loose != nil {
		l := *m.Loose
		m.Loose = &l
	}
	return m
}

func headline(p *board.PolicyScores, of int) Headline {
	if p == nil {
		return Headline{}
	}
	return Headline{Correct: p.Correct.Rate, Compliant: p.Compliant.Rate, Multi: p.Multi.Rate, Single: p.Single.Rate, Rank: p.Rank, Of: of}
}

// checkNames reports a submission whose model name is already used by
// another validated folder or by another folder of the board.
func checkNames(subs []Submission, results string) {
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
		entries, _ := ingest.Submissions(results)
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
		s.Findings = append(s.Findings, Finding{Severity: Error, File: s.meta.file, Line: s.meta.nameLine, Field: "name",
			Message: fmt.Sprintf("model name %q is also claimed by %s", s.meta.name, strings.Join(others, ", ")),
			Fix:     "each submission needs a distinct name: update the existing folder instead of adding a second one, or name the variant (e.g. \"… (thinking)\")"})
	}
}

// fromDiag turns a diagnostic of ingest or verify into a finding with a
// fix. A message that already carries one ("… — add `date: …`") is split.
//
// The severity is the build's: a fatal diagnostic (the build refuses the
// submission) is an error, any other (the build scores it, a missing judge
// output counting as NO) is a warning. So `sciif validate` accepts exactly
// the submissions `sciif build` builds.
func fromDiag(d board.Diagnostic) Finding {
	f := Finding{Severity: Warning, File: d.File, Line: d.Line, Item: d.Item, Field: d.Field, Constraint: d.Constraint, Judge: d.Judge, Message: d.Msg}
	if d.Fatal {
		f.Severity = Error
	}
	if fix, ok := fixes[d.Code]; ok {
		f.Fix = fix
		return f
	}
	if msg, fix, ok := strings.Cut(d.Msg, " — "); ok {
		f.Message, f.Fix = msg, fix
		return f
	}
	for _, h := range hints {
		if strings.Contains(d.Msg, h.contains) {
			f.Fix = h.fix
			break
		}
	}
	return f
}

// fixes says how to fix a problem, by its code.
var fixes = map[string]string{
	ingest.CodeNoFolder:        "give the path of a submission folder such as results/<model-id>",
	ingest.CodeFolderLink:      "commit the folder itself; links are refused because they can point outside the repository",
	ingest.CodeNotFolder:       "give the path of a submission folder such as results/<model-id>",
	ingest.CodeSlug:            "rename it with lower-case letters, digits, '.', '_' and '-' only, starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)",
	ingest.CodeEntryLink:       "commit the file itself; links are refused because they can point outside the repository",
	ingest.CodeEntryFolder:     "remove it; a submission folder holds only " + strings.Join(ingest.Allowed, ", "),
	ingest.CodeEntryOdd:        "remove it",
	ingest.CodeEntryUnknown:    "remove it; a submission folder holds only " + strings.Join(ingest.Allowed, ", "),
	ingest.CodeTooLarge:        "check the file was not generated in a loop; the limit is per file",
	ingest.CodeEmpty:           "fill it in or remove it",
	ingest.CodeBothKinds:       "move reported.yaml to its own folder (e.g. results/paper-<model>)",
	ingest.CodeReportedOnly:    "add a metadata.yaml to make this a rescored submission, or remove the file",
	ingest.CodeNoMetadata:      "run `sciif new <model-id>` for a template, or copy one from SUBMITTING.md",
	ingest.CodeSameName:        "each submission needs a distinct name: update the existing folder instead of adding a second one, or name the variant (e.g. \"… (thinking)\")",
	ingest.CodePromptLine:      `each line is one JSON object: {"prompt": "…", "response": "…"}, both strings`,
	pipeline.CodeUnknownPrompt: "answer the benchmark's prompts with their exact text (`sciif prompts` and the benchmark's prompts file list them); remove responses to other prompts",
}

// hints maps the messages of ingest, judge and verify to how to fix them;
// the first match wins.
var hints = []struct {
	contains string
	fix      string
	warning  bool
}{
	{"invalid UTF-8", "save the file as UTF-8", false},
	{"a JSON array, not one JSON object per line", "write one JSON object per line, without the enclosing [ ]", false},
	{"not a JSON object", `each line is one JSON object: {"id": …, "response": …, "judges": {…}}`, false},
	{"truncated JSON", "complete the object or delete the line; check the file was not cut off", false},
	{"want a JSON", "give the field the type SUBMITTING.md documents (quote text as a JSON string)", false},
	{"unknown field", "remove it; a record holds only id, response and judges", false},
	{"duplicate key", "keep one of the two keys", false},
	{"more than one JSON value", "put each record on its own line", false},
	{"missing item id", `add the item's "id"`, false},
	{"unknown item id", "use the ids of the benchmark's items.jsonl; remove records of other benchmarks", false},
	{"duplicate item id", "keep one record per item", false},
	{"line longer than", "a line this long is refused; check the generation did not loop", false},
	{"file larger than", "check the file was not generated in a loop", false},
	{"column", "fix the JSON at that column", false},
	{"empty response", "re-run the generation of this item; an empty answer is scored as incorrect and non-compliant", false},
	{"no output from this judge", `add this judge's outputs under "judges" ({"correctness": …, "constraints": {…}}), or remove the judge from metadata.yaml`, false},
	{"no audit of this constraint", "run the judge's audit of this constraint and add it under judges.<judge>.constraints", false},
	{"empty output", "re-run the judge; an empty output counts as NO", false},
	{"no CORRECT line", "the correctness output must contain a line CORRECT: YES or CORRECT: NO (see `sciif prompts`)", false},
	{"unrecognised verdict", "the verdict must be the word YES or NO", false},
	{"given twice with different verdicts", "re-run the judge; the output contradicts itself", false},
	{"does not exist (this constraint has", "number the points as the constraint's judge prompt does (`sciif prompts`)", false},
	{"missing (counts as NO)", "the audit needs one line per evidence point, POINT_<n>: YES|NO, in English as the judge prompt asks (`sciif prompts`)", false},
	{"judge not listed in metadata.yaml", "add the judge to judges in metadata.yaml, or remove its outputs", true},
	{"constraint not enabled for this item", "remove the audit; only the item's enabled constraints are scored", true},
	{"disagrees with its own points", "nothing to do: verdicts are recomputed from the points", true},
	{"is not a date", "write the date as YYYY-MM-DD", false},
	{"is not an http or https URL", "link to an https:// page about the model", false},
	{"must not be empty", "fill it in", false},
	{"not a safe slug", "rename the folder with lower-case letters, digits, '.', '_' and '-' only", false},
	{"field set twice", "keep one of the two", false},
	{"already defined at", "keep one of the two", false},
	{"want true or false", "write true or false", false},
	{"want a string", "quote the value", false},
	{"want a list of strings", "write a list such as [gpt-5.1, gemini-3-flash]", false},
	{"want a percentage", "write the rate as printed, without the % sign", false},
	{"required field missing", "add it (see SUBMITTING.md)", false},
}
