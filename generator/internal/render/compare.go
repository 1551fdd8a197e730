package render

// The compare service: a board of any kind gives its headline figures,
// a few verdict bits per item and the bit its paired test ranks by; the
// site renders a page that puts up to four of its models side by side
// (assets/compare.js pairs them in the browser) and answers the ranks
// each model could hold given the paired tests.

import (
	"fmt"
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/score"
)

// MaxCompared is how many models the compare page puts side by side.
const MaxCompared = 4

// A Comparison is what a board gives the compare service.
type Comparison struct {
	// Board is the board's name: its page is ComparePath(Board).
	Board string
	// Title heads the page; Nav marks it in the site's navigation.
	Title, Nav string
	// Noun and Nouns name an item ("problem", "problems").
	Noun, Nouns string
	// Policies name the board's policies ("Strict", "Loose"), or hold
	// one empty name on a board without policies; Tips say what they
	// mean, for the policy switch.
	Policies []string
	Tips     PolicyTips
	// Metrics are the figures compared, each with one pass count and
	// total per model and policy; Headline is the one the board ranks
	// by, which the site's overview shows.
	Metrics  []CompareMetric
	Headline int
	// Bits are the verdict bits of an item (at most six), bit k of
	// CompareModel.Bits.
	Bits []CompareBit
	// Rank is, per policy, the bit whose paired outcomes the board ranks
	// by (exact McNemar); More says what its winner is ("more
	// compliant"), What what it measures ("compliance").
	Rank       []int
	More, What string
	// Group names the items' group column ("Subject"), or "" for none.
	Group string
	Items []CompareItem
	// Models are in board order.
	Models []CompareModel

	mu     sync.Mutex
	ranges [][][2]int // RankRanges by policy, once asked
}

// CompareMetric is one figure of the comparison.
type CompareMetric struct {
	Label, Title string
}

// CompareBit is one verdict bit of an item: what a set and a clear bit
// say ("correct", "incorrect"), the policy it holds under (-1: every
// policy) and what its paired test measures ("Correctness").
type CompareBit struct {
	Yes, No, What string
	Policy        int
}

// CompareItem is one item: its id, group, page and a model's answer to
// it (Answer holds "{m}" where the model's slug goes), relative to the
// site root.
type CompareItem struct {
	ID, Group, Href, Answer string
}

// CompareModel is one model's figures: Rates[k][j] is metric k under
// policy j (a Total of zero: not measured); Bits holds each item's
// verdict bits.
type CompareModel struct {
	ID, Name, Slug string
	Rates          [][]board.Rate
	Bits           []uint8
}

// ComparePath is board name's compare page, relative to the site root.
func (s *Site) ComparePath(name string) string { return s.Base(name) + "compare.html" }

// CompareHref is the compare page of board name opened on models ids.
func (s *Site) CompareHref(name string, ids ...string) string {
	return s.ComparePath(name) + "#m=" + strings.Join(ids, ",")
}

// CompareLinks are the compare pages, opened on model id, of every board
// that has one and shows the model, in board order: the board's title
// and the page, relative to the site root.
func (s *Site) CompareLinks(id string) []Link {
	var out []Link
	for _, info := range s.infos {
		if !info.Compare {
			continue
		}
		for _, m := range info.Models {
			if m.ID == id {
				out = append(out, Link{Href: s.CompareHref(info.Name, id), Text: info.Title})
				break
			}
		}
	}
	return out
}

// rankBits is each model's outcome on the bit the board ranks by under
// policy j, with its count.
func (c *Comparison) rankBits(j int) ([]int, [][]bool) {
	bit := uint8(1) << c.Rank[j]
	pass := make([]int, len(c.Models))
	vecs := make([][]bool, len(c.Models))
	for i, m := range c.Models {
		vecs[i] = make([]bool, len(m.Bits))
		for k, b := range m.Bits {
			if b&bit != 0 {
				vecs[i][k] = true
				pass[i]++
			}
		}
	}
	return pass, vecs
}

// RankRanges is, under policy j, each model's range of ranks given the
// paired tests (score.RankRanges), in board order. The first of each
// range is the model's rank on the board. It is worked out once per
// comparison and policy; callers must not change it.
func (c *Comparison) RankRanges(j int) [][2]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ranges == nil {
		c.ranges = make([][][2]int, len(c.Policies))
	}
	if c.ranges[j] == nil {
		c.ranges[j] = score.RankRanges(c.rankBits(j))
	}
	return c.ranges[j]
}

// RankLabel is model i's rank under policy j as a board shows it: its
// rank (the board's, which the paired tests on these bits gave), marked
// "=" when tied, then the range of ranks it could hold when that is wider
// ("=3 (3–5)").
func (c *Comparison) RankLabel(i, j, rank int, tied bool) string {
	rr := c.RankRanges(j)
	if rank <= 0 || i >= len(rr) {
		return RankLabel(rank, tied)
	}
	return RankRangeLabel([2]int{rank, rr[i][1]}, tied)
}

// RankRangeLabel is a rank with its range when the range is wider than
// the rank: "=3 (3–5)".
func RankRangeLabel(r [2]int, tied bool) string {
	l := RankLabel(r[0], tied)
	if r[1] > r[0] {
		l += fmt.Sprintf(" (%d–%d)", r[0], r[1])
	}
	return l
}

// ComparePage renders board c.Board's compare page.
func (s *Site) ComparePage(c *Comparison) error {
	if len(c.Bits) == 0 || len(c.Bits) > 6 {
		return fmt.Errorf("compare %s: %d verdict bits, want 1 to 6", c.Board, len(c.Bits))
	}
	if len(c.Rank) != len(c.Policies) {
		return fmt.Errorf("compare %s: %d ranked bits for %d policies", c.Board, len(c.Rank), len(c.Policies))
	}
	if c.Headline < 0 || c.Headline >= len(c.Metrics) {
		return fmt.Errorf("compare %s: headline %d of %d metrics", c.Board, c.Headline, len(c.Metrics))
	}
	d, err := c.data()
	if err != nil {
		return fmt.Errorf("compare %s: %w", c.Board, err)
	}
	s.addComparison(c)
	out := s.ComparePath(c.Board)
	v := compareView{Data: d, Title: c.Title, Nouns: c.Nouns, Items: len(c.Items), Group: c.Group, Tips: c.Tips, Policies: len(c.Policies) > 1,
		Max: MaxCompared, Test: c.What, Root: RootOf(out)}
	for _, m := range c.Models {
		v.Models = append(v.Models, Link{Href: m.ID, Text: m.Name})
	}
	// The page opens on the board's first two models (the one model
	// twice on a board of one, as the menus then show).
	var first []int
	if len(c.Models) > 0 {
		first = []int{0, min(1, len(c.Models)-1)}
	}
	v.First = d.view(first, 0)
	for k := range MaxCompared {
		pick := comparePick{N: k + 1, Optional: k >= 2, Selected: -1}
		if k < len(first) {
			pick.Selected = first[k]
		}
		v.Picks = append(v.Picks, pick)
	}
	f, err := s.Render("compare", out, Page{
		Title:       "Compare models · " + c.Title,
		Description: "Up to four " + c.Title + " models side by side: headline figures, the paired test behind ranks and every " + c.Noun + " where they differ.",
		Nav:         c.Nav, Body: v,
	})
	if err != nil {
		return err
	}
	s.Add(f)
	return nil
}

type compareView struct {
	Data     compareData
	Title    string
	Nouns    string
	Items    int
	Group    string
	Test     string
	Tips     PolicyTips
	Policies bool
	Max      int
	Root     string
	Models   []Link
	Picks    []comparePick
	// First is the view the page opens with, written out as
	// assets/compare.js writes it, so that nothing moves when the script
	// runs and a reader without JavaScript sees one comparison.
	First compareShown
}

// comparePick is one of the page's model menus: the model it opens with
// (an index into Models, -1 for none); Optional menus may pick none.
type comparePick struct {
	N        int
	Optional bool
	Selected int
}
