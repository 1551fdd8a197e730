package render

// The view models of base.html's board partials: every kind's sortable
// board fills these and the partials draw them alike.

import (
	"html"
	"html/template"
)

// SortHead is the caption and head of a sortable board table ("sort-head"
// in base.html): assets/site.js sorts the rows when a column's button is
// pressed.
type SortHead struct {
	Caption string
	Cols    []SortCol
}

// SortCol is a column of a sortable board table. Its cells sort by their
// data-sort, or, with Policy, by the selected policy's data-s or data-l.
type SortCol struct {
	Key, Label, Class string
	// Title says what the column counts, on its button.
	Title string
	// Sorted marks the column the rows come sorted by.
	Sorted, Policy bool
}

// TitleAttr is the button's title attribute, or nothing. It escapes
// as html.EscapeString does, not as html/template would: a title keeps
// its "+" as the page's own text does ("PI + α·EC").
func (c SortCol) TitleAttr() template.HTMLAttr {
	if c.Title == "" {
		return ""
	}
	return template.HTMLAttr(` title="` + html.EscapeString(c.Title) + `"`)
}

// BoardName is a board row's model cell ("board-name" in base.html): the
// model's name, linked from the page at Root, with a badge when the site
// measured the row itself or when the model answered only Answered of the
// board's Of items.
type BoardName struct {
	Model        ModelName
	Root         string
	Measured     bool
	Complete     bool
	Answered, Of int
	// Compare, when set, opens the board's compare page on the model
	// (relative to the site root).
	Compare string
	// Reproduced shows the "sciif run" badge; Tokens, when set, is the
	// model's cell of the board's Tokens column, drawn right after the
	// name (ShowTokens).
	Reproduced bool
	Tokens     *TokensCell
}
