package verifiable

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable/instrdata"
	"github.com/sciif/leaderboard/generator/internal/render"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// instrChartID is a chart id made of the benchmark name's letters and
// digits only, as chart ids must be.
func instrChartID(b *instrdata.Board, suffix string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(b.Benchmark) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			sb.WriteRune(r)
		}
	}
	return "instr" + sb.String() + "_" + suffix
}

// instrSite is one instruction board prepared for its pages: models joined
// with their SciIF pages, file names checked for collisions.
type instrSite struct {
	b     *instrdata.Board
	title string
	dir   string
	// slugs and keys name the models' anchors and the prompts' pages.
	slugs  []string
	keys   []string
	names  []render.ModelName
	colors []string
	// cmp is the board as the compare service takes it; it also gives
	// each model's range of ranks.
	cmp *render.Comparison
}

func (s *site) prepareInstr(b *instrdata.Board) (*instrSite, error) {
	is := &instrSite{b: b, title: s.title, dir: s.dir()}
	for i := range b.Models {
		m := &b.Models[i]
		if n := len(m.Results); n != 0 && n != len(b.Prompts) {
			return nil, fmt.Errorf("%s model %s: %d results for %d prompts", b.Benchmark, m.ID, n, len(b.Prompts))
		}
	}
	ms, err := s.BoardModels(len(b.Models), func(i int) (string, string) { return b.Models[i].ID, b.Models[i].Name })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", b.Benchmark, err)
	}
	is.names, is.slugs, is.colors = ms.Names, ms.Slugs, ms.Colors
	seen := map[string]string{}
	seen = map[string]string{}
	for _, p := range b.Prompts {
		k := fmt.Sprint(p.Key)
		if _, dup := seen[k]; dup {
			return nil, fmt.Errorf("%s: two prompts with key %s", b.Benchmark, k)
		}
		seen[k] = k
		is.keys = append(is.keys, k)
	}
	return is, nil
}

// promptHref is the case page of prompt i, relative to the site root.
func (is *instrSite) promptHref(i int) string { return is.dir + "/" + is.keys[i] + ".html" }

// result returns model mi's result on prompt pi, if it has one.
func (is *instrSite) result(mi, pi int) *instrdata.Result {
	m := &is.b.Models[mi]
	if pi < len(m.Results) && m.Results[pi].Answered {
		return &m.Results[pi]
	}
	return nil
}

func followedAll(vs []instrdata.Verdict) bool {
	for _, v := range vs {
		if !v.Followed {
			return false
		}
	}
	return len(vs) > 0
}

type instrRow struct {
	Model render.ModelName
	// Compare opens the compare page on the model.
	Compare  string
	Complete bool
	Answered int
	Rank     [2]render.RankCell
	// Four holds prompt-level Strict, prompt-level Loose,
	// instruction-level Strict and instruction-level Loose.
	Four [4]render.RateView
	// Tokens is its Tokens cell and badge (render.BoardTokens).
	Tokens render.TokensCell
}

// instrIDRow is one instruction id of the per-instruction table.
type instrIDRow struct {
	ID    string
	Group string
	// First marks the first id of its group, which gets a group heading.
	First bool
	N     int
	Cells []render.RatePair
}

type instrView struct {
	Head     render.SortHead
	Name     string
	Dir      string
	Prompts  int
	Rows     []instrRow
	Models   []render.ModelName
	Groups   []string
	GroupRow []render.KRow
	IDs      []instrIDRow
	Counts   []render.KCol
	CountRow []render.KRow
	Chart    string
	// Compare is the board's compare page.
	Compare string
	// Tokens shows the Tokens column: some model has tokens.
	Tokens bool
	// Gap is the single-turn vs multi-turn table, on a paired multi-turn
	// board only.
	Gap *gapView
	// Syllables and SyllableDictionary say whether the prompts count
	// syllables and the dictionary the checkers used, if any
	// (instrdata.Board).
	Syllables          bool
	SyllableDictionary string
}

// gapView is the single-turn vs multi-turn section of a board page.
type gapView struct {
	SingleTitle, SingleHref string
	Rows                    []gapRow
	IDs                     []gapIDRow
}

type gapRow struct {
	Model            render.ModelName
	N, Worse, Better int
	Mean, P          string
}

type gapIDRow struct {
	ID    string
	Cells []gapCell
}

type gapCell struct {
	Asked         bool
	Multi, Single string
	// Sign is ↓ when the id is followed less often multi-turn, ↑ more.
	Sign string
}

// gapSection is the view of b's gap; nil when the board has none.
func (s *site) gapSection(is *instrSite) *gapView {
	g := is.b.Gap
	if g == nil {
		return nil
	}
	v := &gapView{SingleTitle: s.singleTitle, SingleHref: s.Home(g.Single)}
	byID := map[string]map[int]instrdata.GapRow{}
	col := 0
	for i := range is.b.Models {
		var gm *instrdata.GapModel
		for k := range g.Models {
			if g.Models[k].ID == is.b.Models[i].ID {
				gm = &g.Models[k]
			}
		}
		if gm == nil {
			continue
		}
		v.Rows = append(v.Rows, gapRow{Model: is.names[i], N: len(gm.Instructions),
			Worse: gm.Worse, Better: gm.Better, Mean: fmt.Sprintf("%+.1f", 100*gm.MeanGap), P: fmt.Sprintf("%.3f", gm.P)})
		for _, r := range gm.Instructions {
			if byID[r.ID] == nil {
				byID[r.ID] = map[int]instrdata.GapRow{}
			}
			byID[r.ID][col] = r
		}
		col++
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		row := gapIDRow{ID: id}
		for c := range col {
			r, ok := byID[id][c]
			cell := gapCell{Asked: ok}
			if ok {
				cell.Multi = fmt.Sprintf("%d/%d", r.MultiFollowed, r.MultiTotal)
				cell.Single = fmt.Sprintf("%d/%d", r.SingleFollowed, r.SingleTotal)
				switch {
				case r.Gap < 0:
					cell.Sign = "↓"
				case r.Gap > 0:
					cell.Sign = "↑"
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		v.IDs = append(v.IDs, row)
	}
	return v
}

func instrPair(m *instrdata.Model, get func(instrdata.Scores) (board.Rate, bool)) render.RatePair {
	var p render.RatePair
	if r, ok := get(m.Strict); ok {
		p.S = render.NewRate(r)
	} else {
		p.S = render.MissingRate()
	}
	if r, ok := get(m.Loose); ok {
		p.L = render.NewRate(r)
	} else {
		p.L = render.MissingRate()
	}
	return p
}

// instrRanks gives each model's rank under each mode, as Rank set them:
// the paired test's ranks, as on every board.
func instrRanks(b *instrdata.Board) [2]map[string]int {
	ranks := [2]map[string]int{{}, {}}
	for _, m := range b.Models {
		ranks[0][m.ID], ranks[1][m.ID] = m.Strict.Rank, m.Loose.Rank
	}
	return ranks
}

// instrPages renders a board's main page, its case index and one case
// page per prompt.
func (s *site) instrPages(b *instrdata.Board) ([]board.File, error) {
	is, err := s.prepareInstr(b)
	if err != nil {
		return nil, err
	}
	is.cmp = s.comparison(is)
	if err := s.ComparePage(is.cmp); err != nil {
		return nil, err
	}
	var files []board.File
	f, err := s.instrPage(is)
	if err != nil {
		return nil, err
	}
	files = append(files, f)
	if f, err = s.instrIndexPage(is); err != nil {
		return nil, err
	}
	files = append(files, f)
	for i := range b.Prompts {
		f, err := s.instrCasePage(is, i)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

func (s *site) instrPage(is *instrSite) (board.File, error) {
	b := is.b
	v := instrView{Name: is.title, Dir: is.dir, Prompts: len(b.Prompts), Chart: instrChartID(b, "byn"), Compare: s.ComparePath(b.Benchmark),
		Syllables: b.Syllables, SyllableDictionary: b.SyllableDictionary,
		Head: render.SortHead{Caption: is.title + " accuracies; column headers sort the table", Cols: []render.SortCol{
			{Key: "rank", Label: "Rank", Class: "rank", Title: "By prompt-level accuracy under the selected policy", Sorted: true, Policy: true},
			{Key: "model", Label: "Model", Class: "sticky"},
			{Key: "prompt-strict", Label: "Prompt Strict", Class: "num", Title: "Prompts whose every instruction is followed, response as written"},
			{Key: "prompt-loose", Label: "Prompt Loose", Class: "num", Title: "Prompts whose every instruction is followed by some variant of the response"},
			{Key: "instr-strict", Label: "Instruction Strict", Class: "num", Title: "Instructions followed, response as written"},
			{Key: "instr-loose", Label: "Instruction Loose", Class: "num", Title: "Instructions followed by some variant of the response"},
		}}}
	groups := map[string]bool{}
	counts := map[string]board.Rate{}
	perID := map[string]int{}
	for _, p := range b.Prompts {
		key := render.Itoa(len(p.Instructions))
		r := counts[key]
		r.Total++
		counts[key] = r
		for _, id := range p.Instructions {
			perID[id]++
			groups[instrGroup(id)] = true
		}
	}
	ranks := instrRanks(b)
	for i := range b.Models {
		m := &b.Models[i]
		name := is.names[i]
		v.Models = append(v.Models, name)
		row := instrRow{Model: name, Complete: m.Complete, Answered: m.Answered, Compare: s.CompareHref(b.Benchmark, m.ID)}
		for pi := range 2 {
			tied := false
			for _, o := range b.Models {
				tied = tied || (o.ID != m.ID && ranks[pi][o.ID] == ranks[pi][m.ID])
			}
			row.Rank[pi] = render.RankCell{Label: is.cmp.RankLabel(i, pi, ranks[pi][m.ID], tied), Sort: ranks[pi][m.ID]}
		}
		row.Four = [4]render.RateView{render.NewRate(m.Strict.Prompt), render.NewRate(m.Loose.Prompt), render.NewRate(m.Strict.Instruction), render.NewRate(m.Loose.Instruction)}
		row.Tokens = s.tokens[m.ID]
		v.Tokens = v.Tokens || row.Tokens.Text != ""
		v.Rows = append(v.Rows, row)
		for g := range m.Strict.ByGroup {
			groups[g] = true
		}
		for id := range m.Strict.ByInstruction {
			if _, ok := perID[id]; !ok {
				perID[id] = 0
			}
		}
	}
	if v.Tokens {
		v.Head.Cols = append(v.Head.Cols, render.TokensCol)
	}
	for g := range groups {
		v.Groups = append(v.Groups, g)
	}
	sort.Strings(v.Groups)
	for _, k := range render.SortedKs(counts) {
		v.Counts = append(v.Counts, render.KCol{K: k, N: counts[k].Total})
	}
	for i := range b.Models {
		m := &b.Models[i]
		gr := render.KRow{Model: is.names[i].Link}
		for _, g := range v.Groups {
			gr.Cells = append(gr.Cells, instrPair(m, func(sc instrdata.Scores) (board.Rate, bool) { r, ok := sc.ByGroup[g]; return r, ok }))
		}
		v.GroupRow = append(v.GroupRow, gr)
		cr := render.KRow{Model: is.names[i].Link}
		for _, k := range v.Counts {
			cr.Cells = append(cr.Cells, instrPair(m, func(sc instrdata.Scores) (board.Rate, bool) { r, ok := sc.ByCount[k.K]; return r, ok }))
		}
		v.CountRow = append(v.CountRow, cr)
	}
	v.IDs = instrIDRows(b, perID)
	v.Gap = s.gapSection(is)
	var cds []render.ChartData
	for _, p := range board.Policies {
		id := instrChartID(b, "byn_"+string(p))
		cds = append(cds, render.ChartData{ID: id, Option: s.instrCountChart(is, id, p, v.Counts)})
	}
	return s.exec("board", s.home(), render.Page{
		Title:       is.title,
		Description: is.title + " rescored from every submission's responses: prompt- and instruction-level accuracy, Strict and Loose.",
		Nav:         "instr-" + b.Benchmark, Charts: true, Body: v, ChartData: cds,
	})
}

// instrIDRows is the table of every instruction id, by group then id:
// how many prompts carry it (perID) and each model's Strict and Loose
// rates on it.
func instrIDRows(b *instrdata.Board, perID map[string]int) []instrIDRow {
	var rows []instrIDRow
	ids := make([]string, 0, len(perID))
	for id := range perID {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, c int) bool {
		ga, gc := instrGroup(ids[a]), instrGroup(ids[c])
		if ga != gc {
			return ga < gc
		}
		return ids[a] < ids[c]
	})
	for j, id := range ids {
		row := instrIDRow{ID: id, Group: instrGroup(id), N: perID[id]}
		row.First = j == 0 || instrGroup(ids[j-1]) != row.Group
		for i := range b.Models {
			row.Cells = append(row.Cells, instrPair(&b.Models[i], func(sc instrdata.Scores) (board.Rate, bool) { r, ok := sc.ByInstruction[id]; return r, ok }))
		}
		rows = append(rows, row)
	}
	return rows
}

// instrGroup is the part of an instruction id before ':'.
func instrGroup(id string) string {
	if g, _, ok := strings.Cut(id, ":"); ok {
		return g
	}
	return id
}

// instrCountChart draws prompt-level accuracy against the number of
// instructions per prompt, one line per model with its 95% band.
func (s *site) instrCountChart(is *instrSite, id string, p board.Policy, counts []render.KCol) map[string]any {
	axis := make([]string, len(counts))
	for i, c := range counts {
		axis[i] = fmt.Sprintf("%s (n=%d)", c.K, c.N)
	}
	curves := make([]render.Curve, len(is.b.Models))
	for i := range is.b.Models {
		m := &is.b.Models[i]
		sc := m.Strict
		if p == board.Loose {
			sc = m.Loose
		}
		curves[i] = render.Curve{Name: m.Name, Color: is.colors[i], Rates: sc.ByCount}
	}
	return render.BandChart(id, "30", axis, counts, curves)
}
