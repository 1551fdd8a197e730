package render

import (
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// RateView is a rate ready for a table cell.
type RateView struct {
	// Pct is the rate as a percentage with one decimal ("53.2%"), or "—"
	// when nothing was measured.
	Pct string
	// CI is the 95% interval in percent ("48.1–58.3").
	CI string
	// Sort is the numeric sort key (the rate, or -1 when missing).
	Sort string
	// Shade is the rate in tenths, 0–10, for the cell's background class.
	Shade       int
	Pass, Total int
	Missing     bool
}

func NewRate(r board.Rate) RateView {
	if r.Total == 0 {
		return RateView{Pct: "—", CI: "n = 0", Sort: "-1", Missing: true}
	}
	// The three strings share one allocation: a board formats a rate
	// for every model in every column of every page.
	var b [64]byte
	t := strconv.AppendFloat(b[:0], 100*r.Rate, 'f', 1, 64)
	t = append(t, '%')
	pct := len(t)
	t = strconv.AppendFloat(t, 100*r.CI95[0], 'f', 1, 64)
	t = append(t, "–"...)
	t = strconv.AppendFloat(t, 100*r.CI95[1], 'f', 1, 64)
	ci := len(t)
	t = strconv.AppendFloat(t, r.Rate, 'f', 6, 64)
	all := string(t)
	return RateView{
		Pct:   all[:pct],
		CI:    all[pct:ci],
		Sort:  all[ci:],
		Shade: Shade(r.Rate),
		Pass:  r.Pass,
		Total: r.Total,
	}
}

func MissingRate() RateView { return RateView{Pct: "—", Sort: "-1", Missing: true} }

// Pct is f as a percentage with one decimal: fmt's "%.1f%%", without
// its cost.
func Pct(f float64) string {
	var b [32]byte
	return string(append(strconv.AppendFloat(b[:0], 100*f, 'f', 1, 64), '%'))
}

func Shade(f float64) int {
	s := int(math.Floor(f * 10))
	return max(0, min(10, s))
}

// RankLabel formats a rank, marking ties ("=2") so a reader sees that the
// difference to a neighbour is not significant.
func RankLabel(rank int, tied bool) string {
	if rank <= 0 {
		return "—"
	}
	if tied {
		return "=" + strconv.Itoa(rank)
	}
	return strconv.Itoa(rank)
}

// SafeURL returns u when it is an absolute http or https URL and "" for
// anything else: links in metadata arrive by pull request.
func SafeURL(u string) string {
	p, err := url.Parse(strings.TrimSpace(u))
	if err != nil || p.Host == "" {
		return ""
	}
	switch strings.ToLower(p.Scheme) {
	case "http", "https":
		return p.String()
	}
	return ""
}

// Slug turns an id into a file name and fragment that is safe in URLs.
// Ids made of letters, digits, '.', '_' and '-' (not starting with '.') are
// kept; any other id is hex-encoded behind "x-".
func Slug(id string) string {
	ok := id != "" && id[0] != '.' && len(id) <= 100
	for i := 0; ok && i < len(id); i++ {
		c := id[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
	}
	if ok {
		return id
	}
	h := fmt.Sprintf("%x", id)
	if len(h) > 120 {
		h = h[:120]
	}
	return "x-" + h
}

// SortedKs returns the keys of a by-k map in numeric order.
func SortedKs(m map[string]board.Rate) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, ea := strconv.Atoi(ks[i])
		b, eb := strconv.Atoi(ks[j])
		if ea == nil && eb == nil && a != b {
			return a < b
		}
		return ks[i] < ks[j]
	})
	return ks
}

// PolicyName is a policy as pages name it: "Strict", "Loose".
func PolicyName(p board.Policy) string {
	if p == board.Loose {
		return "Loose"
	}
	return "Strict"
}

func Itoa(n int) string { return strconv.Itoa(n) }
