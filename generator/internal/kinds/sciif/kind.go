// Package sciif is the SciIF benchmark kind: university-level science
// problems with scientific constraints, each answer audited for
// correctness and per-constraint compliance from explicit evidence points,
// deterministic rules first and two LLM judges as fallback, under the
// Strict (every point) and Loose (MAIN points) policies.
//
// It is one kind.Kind value, Kind. It reads a benchmark folder's
// items.jsonl (and catalog.json), checks and verifies submissions'
// responses.jsonl through ingest, verify and score, and renders its board's
// pages: the leaderboard, constraints, collapse analysis, cases, matrix,
// one page per problem and per model.
package sciif

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/prompt"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify/rules"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// Kind is the SciIF benchmark kind.
var Kind = &kind.Kind{
	Name:  "sciif",
	Doc:   "science problems under scientific constraints, audited for correctness and compliance from evidence points (rules first, two judges as fallback)",
	Infer: infer,
	Open:  open,
	Fixes: fixes,
}

// infer recognises a folder made before benchmark.yaml: items.jsonl alone
// meant SciIF, answered in responses.jsonl.
func infer(dir string) (kind.Spec, bool) {
	if _, err := os.Stat(filepath.Join(dir, "items.jsonl")); err != nil {
		return kind.Spec{}, false
	}
	return kind.Spec{Title: "SciIF", File: "responses.jsonl"}, true
}

// Codes of the problems this kind finds beyond ingest's.
const (
	CodeNoJudges = "sciif.judges"
	CodeClaim    = "sciif.claimed"
)

type benchmark struct {
	spec  kind.Spec
	bench *sciifdata.Benchmark
	index map[string]int
	rules verify.Rules

	mu        sync.Mutex
	verifiers map[bool]*verify.Verifier

	// sites holds, per site being built, what renders a run's pages
	// (RunPages).
	sitesMu sync.Mutex
	sites   map[*render.Site]*site
}

func open(spec kind.Spec) (kind.Benchmark, error) {
	for key := range spec.Fields {
		if !strings.HasPrefix(key, "citation") && key != "description" {
			return nil, board.Problems{{File: spec.Path, Line: spec.Line[key], Field: key, Code: "benchmark.spec", Fatal: true,
				Msg: "unknown field for a SciIF benchmark (kind, name, title, file, description and citation fields are allowed)"}}
		}
	}
	b, err := ingest.Benchmark(spec.Dir)
	if err != nil {
		return nil, err
	}
	b.Name = spec.Name
	return &benchmark{spec: spec, bench: b, index: b.Index(), rules: rules.Default(), verifiers: map[bool]*verify.Verifier{}}, nil
}

func (b *benchmark) Spec() *kind.Spec { return &b.spec }
func (b *benchmark) Size() int        { return len(b.bench.Items) }

// Bench is the benchmark's items and catalog.
func (b *benchmark) Bench() *sciifdata.Benchmark { return b.bench }

// verifier is the benchmark's verifier, with or without rules: one each,
// shared by every submission.
func (b *benchmark) verifier(noRules bool) *verify.Verifier {
	b.mu.Lock()
	defer b.mu.Unlock()
	v, ok := b.verifiers[noRules]
	if !ok {
		v = verify.New(b.bench, verify.Options{NoRules: noRules, Rules: b.rules})
		b.verifiers[noRules] = v
	}
	return v
}

// run is one submission verified and scored alone.
type run struct {
	sub    board.Submission
	run    sciifdata.Run
	model  sciifdata.ModelScores
	passes map[board.Policy][]bool
	// cond is what the site's pages need of the verdicts (when kept).
	cond condensed
	// judges holds the same with the judges alone, when the site compares
	// the two.
	judges *run
	// b is the run's benchmark; paged is set once RunPages rendered the
	// run's answers, after which run holds no verdicts or responses.
	b     *benchmark
	paged bool
}

var _ render.RunPager = (*run)(nil)

// RunPages renders the model's answers pages, cases page and points
// download into the site being built, then lets go of the full verdicts
// and responses: the board's pages need only the condensed verdicts.
func (r *run) RunPages(rs *render.Site) error {
	if r.paged {
		return fmt.Errorf("%s: answers pages already rendered", r.sub.ID)
	}
	if len(r.run.Verdicts) != len(r.b.bench.Items) {
		return fmt.Errorf("%s: no verdicts to render answers pages from (checked without KeepResponses)", r.sub.ID)
	}
	shared, err := r.b.runSite(rs)
	if err != nil {
		return err
	}
	// The run's pages go through rs, the view of the site at hand (a
	// build cache records what each submission adds).
	view := *shared
	view.Site = rs
	s := &view
	md := render.GetConverter()
	defer render.PutConverter(md)
	m := &model{Scores: &r.model, Run: &r.run, Slug: render.Slug(r.sub.ID), cells: r.cond.cells, rules: r.cond.rules}
	if err := s.answersPages(md, m, &r.run); err != nil {
		return err
	}
	if err := s.modelCasesPage(m); err != nil {
		return err
	}
	if r.cond.csv, err = verdictRows(r.b.bench, r.model.ID, r.cond.cells); err != nil {
		return err
	}
	r.run.Verdicts, r.run.Responses = nil, nil
	r.paged = true
	return nil
}

// runSite is what renders runs' pages into rs: the board's items, without
// its scores; one for every view of a site (render.Site.Unscoped).
func (b *benchmark) runSite(rs *render.Site) (*site, error) {
	rs = rs.Unscoped()
	b.sitesMu.Lock()
	defer b.sitesMu.Unlock()
	if s, ok := b.sites[rs]; ok {
		return s, nil
	}
	s, err := newRunSite(rs, b.spec.Name, input{Bench: b.bench, Title: b.spec.Title, IndexItems: b.spec.IndexItems})
	if err != nil {
		return nil, err
	}
	if b.sites == nil {
		b.sites = map[*render.Site]*site{}
	}
	b.sites[rs] = s
	return s, nil
}

func (r *run) ID() string { return r.sub.ID }

func (r *run) Summary() string {
	n := len(r.passes[board.Strict])
	return fmt.Sprintf("%d/%d items answered", r.model.Answered, n)
}

func policies(opt kind.Options) []board.Policy {
	if len(opt.Policies) == 0 {
		return board.Policies
	}
	return opt.Policies
}

func (b *benchmark) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	var probs board.Problems
	if len(sub.Meta.Judges) == 0 {
		probs = append(probs, board.Diagnostic{File: filepath.Join(sub.Dir, "metadata.yaml"), Field: "judges", Code: CodeNoJudges, Fatal: true,
			Msg: "required field missing (the judges whose outputs " + b.spec.File + " holds)"})
	}
	r, p := b.verify(ctx, sub, path, opt.NoRules, opt.KeepResponses)
	probs = append(probs, p...)
	if !opt.NoRules && opt.KeepResponses {
		// The same submission with the judges alone, for the site's
		// comparison: derived from the same verdicts (rules only override
		// the judges), not verified twice.
		j := &run{sub: *sub, passes: map[board.Policy][]bool{}}
		jv := make([]sciifdata.ItemVerdict, len(r.run.Verdicts))
		for i := range r.run.Verdicts {
			jv[i] = verify.JudgesOnly(r.run.Verdicts[i])
		}
		b.score(j, sub, jv)
		r.judges = j
	}
	r.b = b
	if !opt.KeepResponses {
		// Memory does not grow with the verdicts of every submission. A
		// site keeps them only until the run's pages are rendered
		// (RunPages), or, built in memory, for the board's pages.
		r.run.Verdicts, r.run.Responses = nil, nil
	}
	// The submission's own warnings lead the diagnostics, for the model
	// card; the driver reports them (pipeline.Check), so they are not
	// returned twice.
	probs = append(probs, r.run.Diagnostics[min(len(sub.Warnings), len(r.run.Diagnostics)):]...)
	probs = append(probs, claims(sub, &r.model)...)
	return r, probs
}

func (b *benchmark) verify(ctx context.Context, sub *board.Submission, path string, noRules, keep bool) (*run, board.Problems) {
	vr, probs := verifySubmission(ctx, b.bench, b.index, b.verifier(noRules), sub, path, keep)
	r := &run{sub: *sub, run: vr, passes: map[board.Policy][]bool{}}
	b.score(r, sub, vr.Verdicts)
	if keep {
		// The site's board pages need a few bits per item, not the
		// verdicts: a model's answers pages are rendered from the
		// verdicts before they go (RunPages).
		r.cond = condense(vr.Verdicts)
	}
	return r, probs
}

// score sets r's scores and paired outcomes from verdicts.
func (b *benchmark) score(r *run, sub *board.Submission, verdicts []sciifdata.ItemVerdict) {
	r.model = score.Model(b.bench, sub, verdicts, board.Policies)
	for _, p := range board.Policies {
		r.passes[p] = score.Passes(verdicts, p)
	}
}

// ClaimTolerance is the largest difference between a claimed rate and the
// rescored one (both fractions) that still matches: half a unit of the
// last digit of a percentage printed with one decimal (29.6 %).
const ClaimTolerance = 0.0005

// claims compares the rates metadata.yaml claims with the rescored ones.
// A claim never changes the board; a mismatch is a warning.
func claims(sub *board.Submission, m *sciifdata.ModelScores) board.Problems {
	c := sub.Meta.Claimed
	if c == nil {
		return nil
	}
	meta := filepath.Join(sub.Dir, "metadata.yaml")
	var probs board.Problems
	for _, pc := range []struct {
		p board.Policy
		r *board.ClaimedRates
	}{{board.Strict, c.Strict}, {board.Loose, c.Loose}} {
		ps := m.Policy(pc.p)
		if pc.r == nil || ps == nil {
			continue
		}
		for _, mc := range []struct {
			name    string
			claimed *float64
			got     float64
		}{{"correct", pc.r.Correct, ps.Correct.Rate}, {"compliant", pc.r.Compliant, ps.Compliant.Rate}, {"multi", pc.r.Multi, ps.Multi.Rate}, {"single", pc.r.Single, ps.Single.Rate}} {
			if mc.claimed == nil {
				continue
			}
			field := fmt.Sprintf("claimed.%s.%s", pc.p, mc.name)
			v := *mc.claimed
			switch {
			case v < 0 || v > 1:
				probs = append(probs, board.Diagnostic{File: meta, Field: field, Code: CodeClaim,
					Msg: "claimed rate outside [0, 1]"})
			case abs(v-mc.got) > ClaimTolerance:
				probs = append(probs, board.Diagnostic{File: meta, Field: field, Code: CodeClaim,
					Msg: fmt.Sprintf("claimed %.4f but rescored %.4f (differs by %.4f, more than %.4f)", v, mc.got, abs(v-mc.got), ClaimTolerance)})
			}
		}
	}
	return probs
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func (b *benchmark) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	pols := policies(opt)
	out := &Board{spec: b.spec, bench: b.bench}
	hist, err := readHistory(b.spec.Dir)
	if err != nil {
		return nil, err
	}
	out.history = hist
	var rs, js []*run
	paged := 0
	for _, kr := range runs {
		r := kr.(*run)
		rs = append(rs, r)
		if r.judges != nil {
			js = append(js, r.judges)
		}
		if r.paged {
			paged++
		}
	}
	switch paged {
	case 0:
	case len(rs):
		out.paged = true
	default:
		return nil, fmt.Errorf("%s: %d of %d runs have their answers pages rendered", b.spec.Name, paged, len(rs))
	}
	var order []int
	out.board, order = rank(b.bench, rs, pols, !opt.NoRules, true)
	for _, i := range order {
		out.runs = append(out.runs, rs[i].run)
		out.cond = append(out.cond, rs[i].cond)
	}
	if len(js) == len(rs) && len(js) > 0 {
		// Only its rates are shown (the analysis page): no ranks.
		out.judgesOnly, _ = rank(b.bench, js, pols, false, false)
	}
	return out, nil
}

// rank scores and orders a board: ranks from the paired test under each
// policy (when ranked), board order by the first policy.
func rank(bench *sciifdata.Benchmark, rs []*run, pols []board.Policy, withRules, ranked bool) (*sciifdata.Board, []int) {
	bd := &sciifdata.Board{Benchmark: bench.Name, Rules: withRules}
	passes := map[board.Policy][][]bool{}
	for _, r := range rs {
		m := r.model
		if len(pols) != len(board.Policies) {
			m.Strict, m.Loose = nil, nil
			for _, p := range pols {
				ps := *r.model.Policy(p)
				if p == board.Loose {
					m.Loose = &ps
				} else {
					m.Strict = &ps
				}
			}
		} else {
			m.Strict, m.Loose = copyPolicy(r.model.Strict), copyPolicy(r.model.Loose)
		}
		bd.Models = append(bd.Models, m)
		for _, p := range pols {
			passes[p] = append(passes[p], r.passes[p])
		}
	}
	for _, p := range pols {
		if ranked {
			score.Rank(bd.Models, passes[p], p)
		}
	}
	order := make([]int, len(bd.Models))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, c int) bool { return score.Less(&bd.Models[order[a]], &bd.Models[order[c]], pols[0]) })
	models := make([]sciifdata.ModelScores, len(order))
	for k, i := range order {
		models[k] = bd.Models[i]
	}
	bd.Models = models
	return bd, order
}

func copyPolicy(p *sciifdata.PolicyScores) *sciifdata.PolicyScores {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}

// promptLine is one line of `sciif prompts` output.
type promptLine struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"` // "answer", "correctness" or "constraint"
	Constraint string `json:"constraint,omitempty"`
	Policy     string `json:"policy,omitempty"`
	Prompt     string `json:"prompt"`
}

func (b *benchmark) Prompts(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	bench := b.bench
	for i := range bench.Items {
		it := &bench.Items[i]
		lines := []promptLine{
			{ID: it.ID, Kind: "answer", Prompt: prompt.Answer(it, &bench.Catalog)},
			{ID: it.ID, Kind: "correctness", Prompt: prompt.Correctness(it)},
		}
		for _, cid := range it.Constraints {
			c, _ := bench.Catalog.Lookup(cid)
			for _, p := range board.Policies {
				lines = append(lines, promptLine{ID: it.ID, Kind: "constraint", Constraint: cid, Policy: string(p), Prompt: prompt.Judge(it, c, p)})
			}
		}
		for _, l := range lines {
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

func (b *benchmark) Scaffold() string {
	return fmt.Sprintf(`one line per item of %[1]s (%[2]d items; `+"`sciif prompts --benchmark %[3]s`"+` lists them and their judge prompts):
     {"id": "<item id>", "response": "<the model's answer>",
      "judges": {"<judge>": {"correctness": "<raw output>", "constraints": {"<constraint id>": "<raw output>"}}}}`,
		b.spec.Title, len(b.bench.Items), b.spec.Dir)
}

// Board is a scored SciIF board.
type Board struct {
	spec  kind.Spec
	bench *sciifdata.Benchmark
	board *sciifdata.Board
	runs  []sciifdata.Run
	// cond parallels runs: what the pages need of each run's verdicts.
	cond       []condensed
	judgesOnly *sciifdata.Board
	// paged is set when every run's answers pages were rendered as it was
	// checked (RunPages): runs then hold no verdicts or responses.
	paged bool
	// history holds the board's recorded states (history.jsonl), oldest
	// first.
	history []historyEntry
}

// Scores is the board's scores, in board order.
func (b *Board) Scores() *sciifdata.Board { return b.board }

func (b *Board) Models() []string {
	ids := make([]string, len(b.board.Models))
	for i, m := range b.board.Models {
		ids[i] = m.ID
	}
	return ids
}

// Headline is one policy's headline of a model: the `sciif validate`
// figures.
type Headline struct {
	Correct   float64 `json:"correct"`
	Compliant float64 `json:"compliant"`
	Multi     float64 `json:"multi"`
	Single    float64 `json:"single"`
	Rank      int     `json:"rank"`
	Of        int     `json:"of"`
}

func (b *Board) Headline(id string) ([]string, any) {
	for i := range b.board.Models {
		m := &b.board.Models[i]
		if m.ID != id {
			continue
		}
		out := map[string]Headline{}
		var lines []string
		for _, p := range []board.Policy{board.Strict, board.Loose} {
			ps := m.Policy(p)
			if ps == nil {
				continue
			}
			h := Headline{Correct: ps.Correct.Rate, Compliant: ps.Compliant.Rate, Multi: ps.Multi.Rate, Single: ps.Single.Rate, Rank: ps.Rank, Of: len(b.board.Models)}
			out[string(p)] = h
			lines = append(lines, fmt.Sprintf("%-6s correct %5.1f%%  compliant %5.1f%%  multi %5.1f%%  single %5.1f%%  rank %d of %d",
				p, 100*h.Correct, 100*h.Compliant, 100*h.Multi, 100*h.Single, h.Rank, h.Of))
		}
		return lines, out
	}
	return nil, nil
}

func (b *Board) Write(w io.Writer, format string, opt kind.Options) error {
	switch format {
	case "json":
		return report.JSON(w, b.board)
	case "csv":
		return report.CSV(w, leaderboardRows(b.board, policies(opt)))
	}
	return writeTable(w, b.board, policies(opt))
}

func (b *Board) Info(front bool) render.BoardInfo {
	info := render.BoardInfo{Name: b.spec.Name, Title: b.spec.Title, ModelPages: true, Compare: true}
	base := "" // as Site.Base
	if !front {
		base = render.Slug(b.spec.Name) + "/"
	}
	info.ModelFiles = []render.ModelFile{pointsFile(base)}
	if b.board == nil {
		return info
	}
	for _, m := range b.board.Models {
		info.Models = append(info.Models, render.ModelInfo{ID: m.ID, Name: m.Name})
	}
	key := b.spec.Name + ":"
	if front {
		info.Nav = []render.NavLink{
			{Key: key + "index", Href: "index.html", Text: "Leaderboard"},
			{Key: key + "constraints", Href: "constraints.html", Text: "Constraints"},
			{Key: key + "analysis", Href: "analysis.html", Text: "Collapse"},
			{Key: key + "cases", Href: "cases.html", Text: "Cases"},
			{Key: key + "compare", Href: "compare.html", Text: "Compare"},
			{Key: key + "changes", Href: "changes.html", Text: "Changes"},
		}
	} else {
		info.Nav = []render.NavLink{{Key: key + "index", Href: render.Slug(b.spec.Name) + "/index.html", Text: b.spec.Title}}
	}
	return info
}

func (b *Board) Pages(rs *render.Site) error {
	s, err := newSite(rs, b.spec.Name, input{Bench: b.bench, Board: b.board, Runs: b.runs, JudgesOnly: b.judgesOnly,
		Reported: rs.Reported(), Version: rs.Version(), Title: b.spec.Title, IndexItems: b.spec.IndexItems, Paged: b.paged, Condensed: b.cond})
	if err != nil {
		return fmt.Errorf("%s: %w", b.spec.Name, err)
	}
	if err := s.build(); err != nil {
		return fmt.Errorf("%s: %w", b.spec.Name, err)
	}
	changes, err := s.changesPage(b.history)
	if err != nil {
		return fmt.Errorf("%s: %w", b.spec.Name, err)
	}
	rs.Add(changes)
	if err := rs.AddProtocol("sciif/protocol.md"); err != nil {
		return err
	}
	m, err := s.methodology()
	if err != nil {
		return err
	}
	rs.AddMethodology(m)
	files, addresses := s.downloads()
	rs.AddDownloads(b.spec.Title, files, addresses)
	return nil
}

func (b *Board) Summary(rs *render.Site, id string) []render.OtherRow {
	for i := range b.board.Models {
		if b.board.Models[i].ID == id {
			s := &site{Site: rs, name: b.spec.Name, in: input{Title: b.spec.Title, Board: b.board}}
			return s.summary(&b.board.Models[i])
		}
	}
	return nil
}
