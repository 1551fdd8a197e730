// Package verifiable is the machinery of the verifiable-instruction
// benchmark kinds (IFEval, IFBench, IFEvalG): prompts carrying instructions that
// programs check, scored Strict (the response as written) and Loose (any
// of the official eight variants), at prompt and instruction level.
//
// The kinds themselves are the values of packages ifeval, ifbench and
// ifevalg; they differ only in their checkers. Nothing here names any.
package verifiable

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// New returns a verifiable-instruction kind named name whose benchmarks'
// instructions are checked by checkers. A benchmark folder holds
// benchmark.yaml and its prompts in the official input format (one
// {"key", "prompt", "instruction_id_list", "kwargs"} object per line), in
// the file benchmark.yaml names as prompts (default input_data.jsonl).
func New(name, doc string, checkers []instr.Checker) *kind.Kind {
	return &kind.Kind{
		Name:  name,
		Doc:   doc,
		Open:  func(spec kind.Spec) (kind.Benchmark, error) { return open(spec, checkers) },
		Fixes: fixes,
	}
}

type benchmark struct {
	spec  kind.Spec
	input string
	ib    *InstrBench
	// convs holds each prompt's conversation on a multi-turn benchmark
	// (turns: multi), nil on a single-turn one.
	convs [][]chat.Message
	// single is the single-turn benchmark a multi-turn one is compared
	// with (single: <name>), or nil.
	single *benchmark
}

// multi reports whether the benchmark's prompts are conversations.
func (b *benchmark) multi() bool { return b.convs != nil }

func open(spec kind.Spec, checkers []instr.Checker) (kind.Benchmark, error) {
	file := "input_data.jsonl"
	multi, single := false, ""
	for key, v := range spec.Fields {
		switch key {
		case "prompts":
			s, ok := v.(string)
			if !ok || s == "" || filepath.Base(s) != s {
				return nil, board.Problems{{File: spec.Path, Line: spec.Line[key], Field: key, Code: "benchmark.spec", Fatal: true, Msg: "want the name of the prompts file in the benchmark folder"}}
			}
			file = s
		case "turns":
			if v != "single" && v != "multi" {
				return nil, board.Problems{{File: spec.Path, Line: spec.Line[key], Field: key, Code: "benchmark.spec", Fatal: true, Msg: "want single (one prompt a record, the default) or multi (a conversation a record)"}}
			}
			multi = v == "multi"
		case "single":
			s, ok := v.(string)
			if !ok || s == "" || filepath.Base(s) != s {
				return nil, board.Problems{{File: spec.Path, Line: spec.Line[key], Field: key, Code: "benchmark.spec", Fatal: true, Msg: "want the name of the single-turn benchmark folder beside this one"}}
			}
			single = s
		case "description", "licence", "license", "source":
		default:
			if len(key) < 8 || key[:8] != "citation" {
				return nil, board.Problems{{File: spec.Path, Line: spec.Line[key], Field: key, Code: "benchmark.spec", Fatal: true,
					Msg: "unknown field for an instruction benchmark (kind, name, title, file, prompts, turns, single, description, licence, source and citation fields are allowed)"}}
			}
		}
	}
	if single != "" && !multi {
		return nil, board.Problems{{File: spec.Path, Line: spec.Line["single"], Field: "single", Code: "benchmark.spec", Fatal: true, Msg: "only a multi-turn benchmark (turns: multi) is compared with a single-turn one"}}
	}
	reg, err := instr.NewRegistry(checkers)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", spec.Name, err)
	}
	input := filepath.Join(spec.Dir, file)
	var prompts []instr.Prompt
	var convs [][]chat.Message
	if multi {
		prompts, convs, err = readConversations(input, reg)
	} else {
		prompts, err = ReadInstrPrompts(input, reg)
	}
	if err != nil {
		return nil, err
	}
	ib := &InstrBench{Name: spec.Name, Input: input, Registry: reg, Prompts: prompts, Index: PromptIndex(prompts), N: len(prompts)}
	b := &benchmark{spec: spec, input: input, ib: ib, convs: convs}
	if multi && convs == nil {
		b.convs = [][]chat.Message{} // an empty file is still multi-turn
	}
	if single != "" {
		if b.single, err = pairedSingle(spec, single, checkers); err != nil {
			return nil, board.Problems{{File: spec.Path, Line: spec.Line["single"], Field: "single", Code: "benchmark.spec", Fatal: true, Msg: err.Error()}}
		}
	}
	return b, nil
}

func (b *benchmark) Spec() *kind.Spec { return &b.spec }
func (b *benchmark) Size() int        { return b.ib.N }

// run is one submission's responses checked.
type run struct {
	id    string
	model instrdata.Model
	// gap compares the run with the same submission's answers to the
	// paired single-turn benchmark; nil without one.
	gap *instrdata.GapModel
	// tokens is the model's Tokens cell and badge on the board.
	tokens render.TokensCell
}

func (r *run) ID() string { return r.id }
func (r *run) Summary() string {
	return fmt.Sprintf("%d/%d prompts answered", r.model.Answered, len(r.model.Results))
}

func (b *benchmark) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	path := filepath.Join(sub.Dir, b.spec.File)
	var texts []string
	var answered []bool
	var probs board.Problems
	if b.multi() {
		texts, answered, probs = b.turnResponses(ctx, path)
	} else {
		texts, answered, probs = InstrResponses(ctx, path, b.ib)
	}
	r := &run{id: sub.ID, model: instrdata.Model{ID: sub.ID, Name: sub.Meta.Name, Results: make([]instrdata.Result, b.ib.N)},
		tokens: render.BoardTokens(sub, b.spec.Name)}
	for _, p := range probs {
		if p.Fatal {
			return r, probs
		}
	}
	if err := ctx.Err(); err != nil {
		return r, board.Problems{{File: path, Msg: err.Error(), Fatal: true}}
	}
	prompts := b.ib.Prompts
	ev := b.ib.Registry.With(checkData(opt)).EvaluateAll(prompts, texts)
	m := &r.model
	for i := range prompts {
		if !answered[i] {
			continue
		}
		m.Answered++
		res := instrdata.Result{Answered: true, Strict: verdicts(ev.Strict[i]), Loose: verdicts(ev.Loose[i])}
		if opt.KeepResponses {
			res.Response = texts[i]
		}
		m.Results[i] = res
	}
	m.Complete = m.Answered == len(prompts)
	bp := b.boardPrompts()
	m.Strict = score.Instr(bp, m.Results, false)
	m.Loose = score.Instr(bp, m.Results, true)
	if b.single != nil {
		r.gap = b.gapOf(ctx, sub, m, checkData(opt))
	}
	return r, probs
}

// usesData reports whether some prompt carries an instruction whose
// checker uses reference data (instr.Checker.Bind).
func (b *benchmark) usesData() bool {
	for _, p := range b.ib.Prompts {
		for _, id := range p.InstructionIDs {
			if c, ok := b.ib.Registry.Lookup(id); ok && c.Bind != nil {
				return true
			}
		}
	}
	return false
}

// checkData is the reference data of opt that checkers use (instr.Data):
// a syllable dictionary.
func checkData(opt kind.Options) instr.Data { return instr.Data{Syllables: opt.Syllables} }

func verdicts(r instr.PromptResult) []instrdata.Verdict {
	out := make([]instrdata.Verdict, len(r.Instructions))
	for i, ir := range r.Instructions {
		out[i] = instrdata.Verdict{ID: ir.ID, Followed: ir.Followed, Undecided: ir.Undecided, Reason: ir.Reason, Variant: ir.Variant}
	}
	return out
}

func (b *benchmark) boardPrompts() []instrdata.Prompt {
	out := make([]instrdata.Prompt, len(b.ib.Prompts))
	for i, p := range b.ib.Prompts {
		ip := instrdata.Prompt{Key: p.Key, Prompt: p.Prompt, Instructions: p.InstructionIDs}
		if b.multi() {
			ip.Messages = b.convs[i]
		}
		for _, a := range p.Kwargs {
			ip.Kwargs = append(ip.Kwargs, map[string]any(a))
		}
		out[i] = ip
	}
	return out
}

func (b *benchmark) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	bd := &instrdata.Board{Benchmark: b.spec.Name, Prompts: b.boardPrompts()}
	if bd.Syllables = b.usesData(); bd.Syllables && opt.Syllables != nil {
		name, _ := opt.Syllables.MarshalText()
		bd.SyllableDictionary = string(name)
	}
	for _, kr := range runs {
		bd.Models = append(bd.Models, kr.(*run).model)
	}
	RankBoard(bd)
	sort.SliceStable(bd.Models, func(i, j int) bool {
		a, c := bd.Models[i].Strict.Prompt, bd.Models[j].Strict.Prompt
		if a.Pass != c.Pass {
			return a.Pass > c.Pass
		}
		return bd.Models[i].ID < bd.Models[j].ID
	})
	if b.single != nil {
		bd.Gap = &instrdata.Gap{Single: b.single.spec.Name, Models: []instrdata.GapModel{}}
		gaps := map[string]*instrdata.GapModel{}
		for _, kr := range runs {
			if g := kr.(*run).gap; g != nil {
				gaps[kr.ID()] = g
			}
		}
		for _, m := range bd.Models {
			if g := gaps[m.ID]; g != nil {
				bd.Gap.Models = append(bd.Gap.Models, *g)
			}
		}
	}
	out := &Board{spec: b.spec, board: bd, tokens: map[string]render.TokensCell{}}
	for _, kr := range runs {
		out.tokens[kr.ID()] = kr.(*run).tokens
	}
	if b.single != nil {
		out.singleTitle = b.single.spec.Title
	}
	return out, nil
}

// RankBoard ranks a board's models under each mode by the paired test on
// prompt-level outcomes (Rank then puts them in board order).
func RankBoard(bd *instrdata.Board) {
	for mode := range 2 {
		pass := make([]int, len(bd.Models))
		vecs := make([][]bool, len(bd.Models))
		for i := range bd.Models {
			m := &bd.Models[i]
			pass[i] = scoresOf(m, mode).Prompt.Pass
			vecs[i] = promptPasses(m, mode)
		}
		for i, r := range score.Ranks(pass, vecs) {
			scoresOf(&bd.Models[i], mode).Rank = r
		}
	}
}

// NewBoard is the board of bd, a benchmark named in spec.
func NewBoard(spec kind.Spec, bd *instrdata.Board) *Board { return &Board{spec: spec, board: bd} }

func scoresOf(m *instrdata.Model, mode int) *instrdata.Scores {
	if mode == 1 {
		return &m.Loose
	}
	return &m.Strict
}

// promptPasses is, per prompt, whether every instruction was followed
// under the mode: the paired outcomes ranks compare.
func promptPasses(m *instrdata.Model, mode int) []bool {
	out := make([]bool, len(m.Results))
	for i, r := range m.Results {
		vs := r.Strict
		if mode == 1 {
			vs = r.Loose
		}
		out[i] = r.Answered && followedAll(vs)
	}
	return out
}

// promptLine is one line of `sciif prompts` for an instruction benchmark.
type promptLine struct {
	Key  int64  `json:"key"`
	Kind string `json:"kind"`
	// Prompt is a single prompt's text; a conversation is its Messages.
	Prompt       string           `json:"prompt,omitempty"`
	Messages     []chat.Message   `json:"messages,omitempty"`
	Instructions []string         `json:"instruction_id_list"`
	Kwargs       []map[string]any `json:"kwargs"`
}

func (b *benchmark) Prompts(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, p := range b.boardPrompts() {
		l := promptLine{Key: p.Key, Kind: "answer", Prompt: p.Prompt, Instructions: p.Instructions, Kwargs: p.Kwargs}
		if p.Messages != nil {
			l.Prompt, l.Messages = "", p.Messages
		}
		if err := enc.Encode(l); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func (b *benchmark) Scaffold() string {
	if b.multi() {
		return fmt.Sprintf(`one line per conversation of %[1]s (%[2]d conversations in %[3]s), no judges:
     {"key": <the conversation's key>, "response": "<the model's answer to its last turn>"}
     (or "messages": [the whole conversation, as in the input] in place of "key")`, b.spec.Title, b.ib.N, b.input)
	}
	return fmt.Sprintf(`one line per prompt of %[1]s (%[2]d prompts in %[3]s), no judges:
     {"prompt": "<the prompt, exactly>", "response": "<the model's answer>"}`, b.spec.Title, b.ib.N, b.input)
}

// Board is a scored instruction board.
type Board struct {
	spec  kind.Spec
	board *instrdata.Board
	// singleTitle titles the paired single-turn benchmark of a multi-turn
	// board.
	singleTitle string
	// tokens holds each model's Tokens cell, by id.
	tokens map[string]render.TokensCell
}

// Scores is the board's scores.
func (b *Board) Scores() *instrdata.Board { return b.board }

func (b *Board) Models() []string {
	ids := make([]string, len(b.board.Models))
	for i, m := range b.board.Models {
		ids[i] = m.ID
	}
	return ids
}

// Headline is a model's four figures and ranks.
type Headline struct {
	PromptStrict      float64 `json:"prompt_strict"`
	PromptLoose       float64 `json:"prompt_loose"`
	InstructionStrict float64 `json:"instruction_strict"`
	InstructionLoose  float64 `json:"instruction_loose"`
	RankStrict        int     `json:"rank_strict"`
	RankLoose         int     `json:"rank_loose"`
	Of                int     `json:"of"`
}

func (b *Board) Headline(id string) ([]string, any) {
	for _, m := range b.board.Models {
		if m.ID != id {
			continue
		}
		h := Headline{m.Strict.Prompt.Rate, m.Loose.Prompt.Rate, m.Strict.Instruction.Rate, m.Loose.Instruction.Rate, m.Strict.Rank, m.Loose.Rank, len(b.board.Models)}
		return []string{
			fmt.Sprintf("strict prompt-level %5.1f%%  instruction-level %5.1f%%  rank %d of %d", 100*h.PromptStrict, 100*h.InstructionStrict, h.RankStrict, h.Of),
			fmt.Sprintf("loose  prompt-level %5.1f%%  instruction-level %5.1f%%  rank %d of %d", 100*h.PromptLoose, 100*h.InstructionLoose, h.RankLoose, h.Of),
		}, h
	}
	return nil, nil
}

// LeaderboardRow is one line of the board's CSV download and `sciif
// score --format csv`.
type LeaderboardRow struct {
	Benchmark         report.Text `csv:"benchmark"`
	ID                report.Text `csv:"id"`
	Name              report.Text `csv:"name"`
	Answered          int         `csv:"answered"`
	Prompts           int         `csv:"prompts"`
	RankStrict        int         `csv:"rank_strict"`
	PromptStrict      float64     `csv:"prompt_strict"`
	PromptStrictLo    float64     `csv:"prompt_strict_lo"`
	PromptStrictHi    float64     `csv:"prompt_strict_hi"`
	InstructionStrict float64     `csv:"instruction_strict"`
	RankLoose         int         `csv:"rank_loose"`
	PromptLoose       float64     `csv:"prompt_loose"`
	PromptLooseLo     float64     `csv:"prompt_loose_lo"`
	PromptLooseHi     float64     `csv:"prompt_loose_hi"`
	InstructionLoose  float64     `csv:"instruction_loose"`
}

// verdictsFile is each model's instruction verdicts on board name.
func verdictsFile(name string) render.ModelFile {
	return render.ModelFile{Label: "verdicts", Dir: render.Slug(name) + "/verdicts/", Ext: ".csv",
		What: "a row per prompt and instruction with the prompt’s key, whether it was answered, the Strict and Loose verdicts, whether the checker could not judge, the Loose variant that passed and the checker’s reason."}
}

// VerdictRow is one instruction of one prompt in verdicts/<model>.csv.
type VerdictRow struct {
	Key         int64       `csv:"key"`
	Instruction report.Text `csv:"instruction"`
	Answered    bool        `csv:"answered"`
	Strict      bool        `csv:"strict"`
	Loose       bool        `csv:"loose"`
	Undecided   bool        `csv:"undecided"`
	Variant     report.Text `csv:"loose_variant"`
	Reason      report.Text `csv:"reason"`
}

// WriteVerdicts writes model id's verdicts as the site's
// verdicts/<model>.csv download has them.
func (b *Board) WriteVerdicts(w io.Writer, id string) error {
	for i := range b.board.Models {
		if b.board.Models[i].ID == id {
			return report.CSV(w, b.verdictRows(&b.board.Models[i]))
		}
	}
	return fmt.Errorf("%s: no model %q", b.spec.Name, id)
}

// verdictRows lists every instruction verdict of model m, in prompt order.
func (b *Board) verdictRows(m *instrdata.Model) []VerdictRow {
	var out []VerdictRow
	for i, p := range b.board.Prompts {
		var res instrdata.Result
		if i < len(m.Results) {
			res = m.Results[i]
		}
		for j, id := range p.Instructions {
			r := VerdictRow{Key: p.Key, Instruction: report.Text(id), Answered: res.Answered}
			if j < len(res.Strict) {
				v := res.Strict[j]
				r.Strict, r.Undecided, r.Reason = v.Followed, v.Undecided, report.Text(v.Reason)
			}
			if j < len(res.Loose) {
				r.Loose, r.Variant = res.Loose[j].Followed, report.Text(res.Loose[j].Variant)
			}
			out = append(out, r)
		}
	}
	return out
}

func (b *Board) rows() []LeaderboardRow {
	var out []LeaderboardRow
	for _, m := range b.board.Models {
		out = append(out, LeaderboardRow{Benchmark: report.Text(b.spec.Name), ID: report.Text(m.ID), Name: report.Text(m.Name), Answered: m.Answered, Prompts: len(b.board.Prompts),
			RankStrict: m.Strict.Rank, PromptStrict: m.Strict.Prompt.Rate, PromptStrictLo: m.Strict.Prompt.CI95[0], PromptStrictHi: m.Strict.Prompt.CI95[1], InstructionStrict: m.Strict.Instruction.Rate,
			RankLoose: m.Loose.Rank, PromptLoose: m.Loose.Prompt.Rate, PromptLooseLo: m.Loose.Prompt.CI95[0], PromptLooseHi: m.Loose.Prompt.CI95[1], InstructionLoose: m.Loose.Instruction.Rate})
	}
	return out
}

func (b *Board) Write(w io.Writer, format string, opt kind.Options) error {
	switch format {
	case "json":
		return report.JSON(w, b.board)
	case "csv":
		return report.CSV(w, b.rows())
	}
	fmt.Fprintf(w, "%s (%d prompts)\n", b.spec.Title, len(b.board.Prompts))
	fmt.Fprintf(w, "%-6s %-6s %-40s %9s %9s %9s %9s\n", "strict", "loose", "model", "prompt-S", "prompt-L", "instr-S", "instr-L")
	for _, m := range b.board.Models {
		fmt.Fprintf(w, "%-6d %-6d %-40s %8.1f%% %8.1f%% %8.1f%% %8.1f%%\n", m.Strict.Rank, m.Loose.Rank, m.ID,
			100*m.Strict.Prompt.Rate, 100*m.Loose.Prompt.Rate, 100*m.Strict.Instruction.Rate, 100*m.Loose.Instruction.Rate)
	}
	if g := b.board.Gap; g != nil {
		fmt.Fprintf(w, "\nsingle-turn (%s) vs multi-turn, per instruction id answered both ways (Strict):\n", g.Single)
		fmt.Fprintf(w, "%-40s %5s %6s %6s %9s %7s\n", "model", "ids", "worse", "better", "mean gap", "sign p")
		for _, m := range g.Models {
			fmt.Fprintf(w, "%-40s %5d %6d %6d %+8.1f%% %7.3f\n", m.ID, len(m.Instructions), m.Worse, m.Better, 100*m.MeanGap, m.P)
		}
	}
	return nil
}

func (b *Board) Info(front bool) render.BoardInfo {
	info := render.OneEntryInfo(b.spec.Name, b.spec.Title, "instr-"+b.spec.Name, render.Slug(b.spec.Name)+".html", front)
	info.ModelFiles = []render.ModelFile{verdictsFile(b.spec.Name)}
	info.Compare = true
	for _, m := range b.board.Models {
		info.Models = append(info.Models, render.ModelInfo{ID: m.ID, Name: m.Name})
	}
	return info
}

// site renders one instruction board's pages.
type site struct {
	*render.Site
	name, title string
	// indexItems lets search engines index prompt pages (benchmark.yaml's
	// index_items).
	indexItems bool
	// singleTitle is the title of the single-turn benchmark a multi-turn
	// board is compared with.
	singleTitle string
	// tokens holds each model's Tokens cell, by id (Board.tokens).
	tokens map[string]render.TokensCell
}

func (s *site) home() string { return s.Home(s.name) }
func (s *site) dir() string  { return render.Slug(s.name) }

func (s *site) exec(name, out string, p render.Page) (board.File, error) {
	return s.Render("instr/"+name, out, p)
}

func (b *Board) Pages(rs *render.Site) error {
	s := &site{Site: rs, name: b.spec.Name, title: b.spec.Title, indexItems: b.spec.IndexItems, singleTitle: b.singleTitle, tokens: b.tokens}
	files, err := s.instrPages(b.board)
	if err != nil {
		return fmt.Errorf("%s: %w", b.spec.Name, err)
	}
	rs.Add(files...)
	if err := rs.AddProtocol("instr/protocol.md"); err != nil {
		return err
	}
	if b.board.Syllables {
		// The facts of this build: how syllables were counted.
		m, err := rs.Fragment("instr/methodology", struct{ Title, Dictionary string }{b.spec.Title, b.board.SyllableDictionary})
		if err != nil {
			return err
		}
		rs.AddMethodology(m)
	}
	csv, err := render.MarshalCSV(s.dir()+"/leaderboard.csv", b.rows())
	if err != nil {
		return err
	}
	js, err := render.MarshalJSON(s.dir()+"/scores.json", b.board)
	if err != nil {
		return err
	}
	rs.Add(csv, js)
	downloads := []render.Download{
		{Href: s.dir() + "/leaderboard.csv", What: "one row per model: prompt-level accuracy under Strict and Loose with 95% intervals and ranks, and instruction-level accuracy."},
		{Href: s.dir() + "/scores.json", What: "the whole board, identical to <code>sciif score --format json</code> on this benchmark: per model and mode the accuracies with counts and intervals, per instruction, per group and by number of instructions."},
	}
	for i := range b.board.Models {
		f, err := render.MarshalCSV(verdictsFile(s.name).Path(render.Slug(b.board.Models[i].ID)), b.verdictRows(&b.board.Models[i]))
		if err != nil {
			return err
		}
		rs.Add(f)
	}
	rs.AddDownloads(b.spec.Title, downloads, []render.Download{
		{Href: s.home(), What: "the board."},
		{Href: s.dir() + "/<key>.html", What: "a prompt, by its key; <code>#m-&lt;model&gt;</code> jumps to one model’s response."},
	})
	return nil
}

func (b *Board) Summary(rs *render.Site, id string) []render.OtherRow {
	s := &site{Site: rs, name: b.spec.Name, title: b.spec.Title, indexItems: b.spec.IndexItems}
	for i := range b.board.Models {
		im := &b.board.Models[i]
		if im.ID != id {
			continue
		}
		return []render.OtherRow{
			{Bench: s.title, Href: s.home(), Metric: "Prompt-level", Title: "Prompts whose every instruction is followed, over all prompts",
				S: render.NewRate(im.Strict.Prompt), L: render.NewRate(im.Loose.Prompt)},
			{Bench: s.title, Href: s.home(), Metric: "Instruction-level", Title: "Instructions followed, over all instructions of all prompts",
				S: render.NewRate(im.Strict.Instruction), L: render.NewRate(im.Loose.Instruction)}}
	}
	return []render.OtherRow{{Bench: s.title, Href: s.home(), Absent: true}}
}
