package sciif

// Links and the small helpers every page of the board shares.

import (
	"github.com/sciif/leaderboard/generator/internal/render"
)

func (s *site) modelLink(m *model) render.Link {
	return render.Link{Href: "models/" + m.Slug + ".html", Text: m.Scores.Name}
}

func (s *site) itemLink(i int) render.Link {
	return render.Link{Href: "problems/" + s.itemSlugs[i] + ".html", Text: s.in.Bench.Items[i].ID}
}
