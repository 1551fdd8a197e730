// Package validate checks submission folders before they are merged: the
// gate a pull request passes, and what a submitter runs locally.
//
// It sits beside the pipeline rather than in it: it reads through ingest,
// rescores through pipeline, verify and score exactly as `sciif score` does,
// and writes nothing. It never modifies a submission and never invents a
// score: the numbers it reports are the ones the board would show.
//
// Validation is stricter than scoring. Problems the build scores anyway (an
// incomplete submission, a missing or unparseable judge output, an empty
// response) are errors here, so that they are fixed before merging; outputs
// the scorer ignores (a judge not listed in metadata.yaml, an audit of a
// constraint that is not enabled) are warnings.
//
// Limits, all checked with Lstat before a byte is read, so that an
// oversized file is refused without being loaded:
//
//   - responses.jsonl, ifeval.jsonl, ifbench.jsonl: at most ingest.MaxFile
//     bytes (1 GiB), each line at most ingest.MaxLine bytes (16 MiB);
//   - metadata.yaml: at most MaxMetadata bytes (64 KiB);
//   - reported.yaml: at most ingest.MaxReported bytes (256 KiB);
//   - README.md: at most MaxReadme bytes (256 KiB).
//
// Claimed scores in metadata.yaml match when they are within
// ClaimTolerance of the rescored rate.
package validate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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

// Size limits of the small files of a submission folder, in bytes.
const (
	MaxMetadata = 64 << 10
	MaxReadme   = 256 << 10
)

// ClaimTolerance is the largest accepted absolute difference between a
// claimed rate and the rescored one (both fractions): half a unit of the
// last digit of a percentage printed with one decimal (29.6 %).
const ClaimTolerance = 0.0005

// Allowed lists the files a submission folder may hold.
var Allowed = []string{"metadata.yaml", "responses.jsonl", "ifeval.jsonl", "ifbench.jsonl", "reported.yaml", "README.md"}

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
		s, sc := check(ctx, dir, opt.Bench, index, v)
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
func check(ctx context.Context, dir string, bench *board.Benchmark, index map[string]int, v *verify.Verifier) (Submission, *scored) {
	s := Submission{ID: filepath.Base(dir), Dir: dir, Kind: "unknown", Findings: []Finding{}}
	add := func(f Finding) {
		if f.Severity == "" {
			f.Severity = Error
		}
		s.Findings = append(s.Findings, f)
	}
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		add(Finding{File: dir, Message: "no such folder", Fix: "give the path of a submission folder such as results/<model-id>"})
		return s, nil
	case err != nil:
		add(Finding{File: dir, Message: err.Error()})
		return s, nil
	case fi.Mode()&os.ModeSymlink != 0:
		add(Finding{File: dir, Message: "the submission folder is a symbolic link", Fix: "commit the folder itself; links are refused because they can point outside the repository"})
		return s, nil
	case !fi.IsDir():
		add(Finding{File: dir, Message: "not a folder", Fix: "give the path of a submission folder such as results/<model-id>"})
		return s, nil
	}
	if !ingest.SafeSlug(s.ID) {
		add(Finding{File: dir, Message: fmt.Sprintf("folder name %q is not a safe slug", s.ID), Fix: "rename it with lower-case letters, digits, '.', '_' and '-' only, starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)"})
	}
	present := checkFiles(dir, add)
	switch {
	case present["metadata.yaml"]:
		s.Kind = "rescored"
		if present["reported.yaml"] {
			add(Finding{File: filepath.Join(dir, "reported.yaml"), Message: "a folder holds either a rescored submission or reported figures, not both", Fix: "move reported.yaml to its own folder (e.g. results/paper-<model>)"})
		}
	case present["reported.yaml"]:
		s.Kind = "reported"
		r, probs := ingest.ReadReported(filepath.Join(dir, "reported.yaml"))
		for _, p := range probs {
			add(fromDiag(p))
		}
		s.Name = r.Model.Name
		for _, f := range []string{"responses.jsonl", "ifeval.jsonl", "ifbench.jsonl"} {
			if present[f] {
				add(Finding{File: filepath.Join(dir, f), Message: "responses beside reported.yaml are not scored", Fix: "add a metadata.yaml to make this a rescored submission, or remove the file"})
			}
		}
		return s, nil
	default:
		add(Finding{File: filepath.Join(dir, "metadata.yaml"), Message: "missing metadata.yaml", Fix: "run `sciif new <model-id>` for a template, or copy one from SUBMITTING.md"})
	}
	var meta board.Metadata
	metaPath := filepath.Join(dir, "metadata.yaml")
	if present["metadata.yaml"] {
		if data, ok := readSmall(metaPath, MaxMetadata, add); ok {
			if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
				// The build's YAML reader reads the mark as part of the
				// first key; name it, then check the rest.
				add(Finding{File: metaPath, Line: 1, Message: "starts with a byte-order mark", Fix: "save the file as UTF-8 without BOM"})
				data = data[3:]
			}
			m, probs := ingest.DecodeMetadata(metaPath, data)
			for _, p := range probs {
				add(fromDiag(p))
			}
			meta = m
			s.Name = m.Name
			s.meta = metaInfo{name: m.Name, nameLine: keyLine(data, "name"), file: metaPath}
		}
	}
	if present["README.md"] {
		readSmall(filepath.Join(dir, "README.md"), MaxReadme, add)
	}
	for _, f := range []string{"ifeval.jsonl", "ifbench.jsonl"} {
		if present[f] {
			checkPromptResponses(filepath.Join(dir, f), add)
		}
	}
	respPath := filepath.Join(dir, "responses.jsonl")
	if !present["responses.jsonl"] {
		add(Finding{File: respPath, Message: "missing responses.jsonl", Fix: "add one JSON line per benchmark item (see SUBMITTING.md)"})
		return s, nil
	}
	if !sizeOK(respPath, ingest.MaxFile, add) {
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
	if len(probs) > 0 {
		return s, nil // records that could not be read: no scores
	}
	if len(s.Missing) > 0 {
		add(Finding{File: respPath, Field: "id", Message: fmt.Sprintf("incomplete: %d of %d items have no record: %s", len(s.Missing), len(bench.Items), abbreviate(s.Missing, 20)),
			Fix: "answer every item of the benchmark (`sciif prompts` lists them); an unanswered item is scored as incorrect and non-compliant"})
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
				add(Finding{File: metaPath, Field: fmt.Sprintf("claimed.%s.%s", c.Policy, c.Metric),
					Message: fmt.Sprintf("claimed %.4f but rescored %.4f (differs by %.4f, more than %.4f)", c.Claimed, c.Rescored, absf(c.Claimed-c.Rescored), ClaimTolerance),
					Fix:     "claim the rescored value or remove the claim; claims are fractions in [0, 1]"})
			}
		}
		for _, f := range claimRange(meta.Claimed) {
			add(Finding{File: metaPath, Field: f, Message: "claimed rate outside [0, 1]", Fix: "write rates as fractions: 0.296 for 29.6 %"})
		}
	}
	return s, sc
}

// checkFiles reports unexpected entries of dir (other files, folders,
// symbolic links) and returns the allowed regular files present.
func checkFiles(dir string, add func(Finding)) map[string]bool {
	present := map[string]bool{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		add(Finding{File: dir, Message: err.Error()})
		return present
	}
	allowed := map[string]bool{}
	for _, a := range Allowed {
		allowed[a] = true
	}
	list := strings.Join(Allowed, ", ")
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		switch {
		case e.Type()&os.ModeSymlink != 0:
			add(Finding{File: path, Message: "symbolic link", Fix: "commit the file itself; links are refused because they can point outside the repository"})
		case e.IsDir():
			add(Finding{File: path, Message: "unexpected folder", Fix: "remove it; a submission folder holds only " + list})
		case !e.Type().IsRegular():
			add(Finding{File: path, Message: "not a regular file", Fix: "remove it"})
		case !allowed[e.Name()]:
			add(Finding{File: path, Message: "unexpected file", Fix: "remove it; a submission folder holds only " + list})
		default:
			present[e.Name()] = true
		}
	}
	return present
}

// sizeOK reports whether path is within max bytes, judged by Lstat.
func sizeOK(path string, max int64, add func(Finding)) bool {
	fi, err := os.Lstat(path)
	if err != nil {
		add(Finding{File: path, Message: err.Error()})
		return false
	}
	if fi.Size() > max {
		add(Finding{File: path, Message: fmt.Sprintf("file is %s, larger than the %s limit; refused without reading", size(fi.Size()), size(max)),
			Fix: "check the file was not generated in a loop; split nothing, the limit is per file"})
		return false
	}
	if fi.Size() == 0 {
		add(Finding{File: path, Message: "empty file", Fix: "fill it in or remove it"})
		return false
	}
	return true
}

// readSmall reads a small file after checking its size.
func readSmall(path string, max int64, add func(Finding)) ([]byte, bool) {
	if !sizeOK(path, max, add) {
		return nil, false
	}
	f, err := os.Open(path)
	if err != nil {
		add(Finding{File: path, Message: err.Error()})
		return nil, false
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		add(Finding{File: path, Message: err.Error()})
		return nil, false
	}
	return data, true
}

func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// keyLine returns the 1-based line of a top-level YAML key, or 0.
func keyLine(data []byte, key string) int {
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, key+":") {
			return i + 1
		}
	}
	return 0
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
		n := normName(subs[i].meta.name)
		names[n] = append(names[n], subs[i].Dir)
		seenDir[abs(subs[i].Dir)] = true
	}
	if results != "" {
		entries, _ := ingest.Submissions(results)
		for _, e := range entries {
			if seenDir[abs(e.Dir)] || e.Meta.Name == "" {
				continue
			}
			n := normName(e.Meta.Name)
			names[n] = append(names[n], e.Dir)
		}
	}
	for i := range subs {
		s := &subs[i]
		if s.Kind != "rescored" || s.meta.name == "" {
			continue
		}
		var others []string
		for _, d := range names[normName(s.meta.name)] {
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

func normName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// fromDiag turns a diagnostic of ingest or verify into a finding with a
// fix. A message that already carries one ("… — add `date: …`") is split.
func fromDiag(d board.Diagnostic) Finding {
	f := Finding{Severity: Error, File: d.File, Line: d.Line, Item: d.Item, Field: d.Field, Constraint: d.Constraint, Judge: d.Judge, Message: d.Msg}
	if msg, fix, ok := strings.Cut(d.Msg, " — "); ok {
		f.Message, f.Fix = msg, fix
		return f
	}
	for _, h := range hints {
		if strings.Contains(d.Msg, h.contains) {
			f.Fix = h.fix
			if h.warning {
				f.Severity = Warning
			}
			break
		}
	}
	return f
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

// checkPromptResponses checks an optional ifeval.jsonl or ifbench.jsonl:
// one {"prompt", "response"} object per line, both strings.
func checkPromptResponses(path string, add func(Finding)) {
	if !sizeOK(path, ingest.MaxFile, add) {
		return
	}
	f, err := os.Open(path)
	if err != nil {
		add(Finding{File: path, Message: err.Error()})
		return
	}
	defer f.Close()
	err = ingest.Lines(path, f, func(line int, data []byte) {
		if msg, field := promptResponse(data); msg != "" {
			d := board.Diagnostic{File: path, Line: line, Field: field, Msg: msg}
			fd := fromDiag(d)
			if fd.Fix == "" || field == "" && strings.Contains(msg, "unknown field") {
				fd.Fix = `each line is one JSON object: {"prompt": "…", "response": "…"}`
			}
			add(fd)
		}
	})
	if err != nil {
		var le *ingest.LineError
		if errors.As(err, &le) {
			add(fromDiag(board.Diagnostic{File: path, Line: le.Line, Msg: le.Msg}))
		} else {
			add(Finding{File: path, Message: err.Error()})
		}
	}
}
