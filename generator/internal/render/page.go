package render

// Rendering a page: its template, parsed once with base.html, executed
// with the site's navigation.

import (
	"bytes"
	"fmt"
	"html/template"
	"path"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// Render executes page template name (with base.html) into the file out.
func (s *Site) Render(name, out string, p Page) (board.File, error) {
	t, err := s.prepare(name, out, &p)
	if err != nil {
		return board.File{}, err
	}
	data, err := execute(t, out, p)
	return board.File{Path: out, Data: data}, err
}

// RenderMemo is Render, taken from the site's fragment store when it
// holds the page rendered from the same p (MemoBytes), and otherwise
// rendered and kept there: for a page of every model that a build
// renders again while its model is unchanged. p, as JSON once the site
// has filled it in, must hold everything the template writes: the view
// in exported fields (as Memo's data), charts' options that marshal to
// what the page shows.
func (s *Site) RenderMemo(name, out string, p Page) (board.File, error) {
	t, err := s.prepare(name, out, &p)
	if err != nil {
		return board.File{}, err
	}
	key := struct {
		Name, Out string
		Page      Page
	}{name, out, p}
	data, err := s.MemoBytes("render page v1", key, func() ([]byte, error) { return execute(t, out, p) })
	return board.File{Path: out, Data: data}, err
}

// prepare fills in what the site adds to every page p (its root, the
// benchmark, version, links, date and navigation) and returns template
// name.
func (s *Site) prepare(name, out string, p *Page) (*template.Template, error) {
	t, err := s.template(name)
	if err != nil {
		return nil, err
	}
	if p.Root == "" {
		p.Root = RootOf(out)
	}
	p.Benchmark = s.Front()
	p.Version = s.version
	p.Links = s.links
	s.mu.Lock()
	scored := s.scored
	if !p.OneRun {
		p.Updated = s.updated
	}
	s.mu.Unlock()
	if !scored && !p.OneRun {
		return nil, fmt.Errorf("page %s: rendered before the boards are scored, it must show one run alone (Page.OneRun)", out)
	}
	if p.SiteNav, err = s.siteNav(t, *p); err != nil {
		return nil, fmt.Errorf("page %s: %w", out, err)
	}
	return t, nil
}

// execute writes page p with t.
func execute(t *template.Template, out string, p Page) ([]byte, error) {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "base", p); err != nil {
		return nil, fmt.Errorf("page %s: %w", out, err)
	}
	return buf.Bytes(), nil
}

// siteNav is base.html's "sitenav" for p: run once for each depth and
// current entry, since thousands of pages share each.
func (s *Site) siteNav(t *template.Template, p Page) (template.HTML, error) {
	key := p.Root + "\x00" + p.Nav
	s.mu.Lock()
	h, ok := s.navs[key]
	s.mu.Unlock()
	if ok {
		return h, nil
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "sitenav", p); err != nil {
		return "", err
	}
	h = template.HTML(buf.String())
	s.mu.Lock()
	s.navs[key] = h
	s.mu.Unlock()
	return h, nil
}

// RootOf is the relative path from the page at out to the site root.
func RootOf(out string) string { return strings.Repeat("../", strings.Count(out, "/")) }

// template parses page template name with base.html, once.
func (s *Site) template(name string) (*template.Template, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.pages[name]; ok {
		return t, nil
	}
	t, err := template.New(name).Funcs(funcs()).ParseFS(s.tmpl, "base.html", name+".html")
	if err != nil {
		return nil, fmt.Errorf("parse templates: %w", err)
	}
	s.pages[name] = t
	return t, nil
}

// Partial executes the template name defined in page's template file
// (parsed with base.html, as Render does), for a part of such pages that
// is worth rendering once and keeping.
func (s *Site) Partial(page, name string, data any) (template.HTML, error) {
	t, err := s.template(page)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return template.HTML(buf.String()), nil
}

// Fragment executes the template file name.html on its own (no base
// page): a board's part of a page the site makes, such as its section of
// the methodology page.
func (s *Site) Fragment(name string, data any) (template.HTML, error) {
	t, err := template.New(name).Funcs(funcs()).ParseFS(s.tmpl, name+".html")
	if err != nil {
		return "", fmt.Errorf("parse templates: %w", err)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, path.Base(name)+".html", data); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return template.HTML(buf.String()), nil
}
