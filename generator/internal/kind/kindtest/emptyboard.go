package kindtest

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/render"
)

// emptyBoard checks Rank(nil): a board with no models whose name, title
// and navigation are the scored board's, as render.Start relies on.
func (h *harness) emptyBoard(t *testing.T) {
	empty := h.rank(t, nil)
	if m := empty.Models(); len(m) != 0 {
		t.Errorf("Rank(nil).Models() = %q, want none", m)
	}
	scored := h.rank(t, h.runs)
	ids := make([]string, len(h.subs))
	for i, s := range h.subs {
		ids[i] = s.ID
	}
	got := slices.Clone(scored.Models())
	sort.Strings(got)
	if !slices.Equal(got, ids) {
		t.Errorf("the scored board's Models() = %q, want every accepted submission: %q", scored.Models(), ids)
	}
	eb, sb := siteBoard(t, empty), siteBoard(t, scored)
	for _, front := range []bool{true, false} {
		ei, si := eb.Info(front), sb.Info(front)
		if len(ei.Models) != 0 {
			t.Errorf("Rank(nil).Info(%v).Models = %v, want none", front, ei.Models)
		}
		if ei.Name != si.Name || ei.Title != si.Title {
			t.Errorf("Info(%v): the empty board is %q %q, the scored one %q %q; name and title must not change", front, ei.Name, ei.Title, si.Name, si.Title)
		}
		if ei.Name != h.spec.Name {
			t.Errorf("Info(%v).Name = %q, want the benchmark's name %q", front, ei.Name, h.spec.Name)
		}
		if !reflect.DeepEqual(ei.Nav, si.Nav) {
			t.Errorf("Info(%v).Nav differs between the empty and the scored board:\nempty:  %+v\nscored: %+v", front, ei.Nav, si.Nav)
		}
		if again := sb.Info(front); !reflect.DeepEqual(again, si) {
			t.Errorf("Info(%v) is not stable: two calls differ:\n%+v\n%+v", front, si, again)
		}
		checkNav(t, front, si.Nav)
		var infoIDs []string
		for _, m := range si.Models {
			infoIDs = append(infoIDs, m.ID)
		}
		if !slices.Equal(infoIDs, scored.Models()) {
			t.Errorf("Info(%v).Models = %q, Models() = %q; both list the board's models in board order", front, infoIDs, scored.Models())
		}
	}
}

// checkNav checks the board's navigation: a first entry, every entry
// with a key, an href relative to the site root and a text, none twice.
func checkNav(t *testing.T, front bool, nav []render.NavLink) {
	t.Helper()
	if len(nav) == 0 {
		t.Errorf("Info(%v).Nav is empty: the first entry is the board's home page", front)
	}
	keys, hrefs := map[string]bool{}, map[string]bool{}
	for _, l := range nav {
		switch {
		case l.Key == "" || l.Href == "" || l.Text == "":
			t.Errorf("Info(%v).Nav entry %+v: want a key, an href and a text", front, l)
		case keys[l.Key]:
			t.Errorf("Info(%v).Nav: key %q twice", front, l.Key)
		case hrefs[l.Href]:
			t.Errorf("Info(%v).Nav: href %q twice", front, l.Href)
		case strings.HasPrefix(l.Href, "/") || strings.Contains(l.Href, "://") || strings.Contains(l.Href, ".."):
			t.Errorf("Info(%v).Nav: href %q is not relative to the site root", front, l.Href)
		}
		keys[l.Key], hrefs[l.Href] = true, true
	}
}
