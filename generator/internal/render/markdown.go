package render

import (
	"bytes"
	"html"
	"html/template"
	"io"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	ghtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// NewMarkdown returns a goldmark converter for untrusted text: raw HTML is
// shown as text, HTML-escaped (never WithUnsafe), only http and https links
// survive, images become their alt text (the site is offline and its CSP
// allows no remote images), and TeX between $…$, $$…$$, \(…\) or \[…\] is
// written as MathML, or, when package mathml does not know its TeX, kept
// as HTML-escaped text in a span for KaTeX to typeset in the browser
// (Math).
//
// Bare URLs and e-mail addresses are linked (goldmark's Linkify) only in a
// source that could hold one: Linkify tries every space and parenthesis of
// the text, about a third of the conversion's time, and a source without
// "http:", "https:", "ftp:", "www." or "@" gives it nothing to link, so it
// is converted without it to the same HTML (FuzzMarkdownLinkifyNeeded).
func NewMarkdown() goldmark.Markdown {
	return converter{Markdown: newMarkdown(true), plain: newMarkdown(false)}
}

func newMarkdown(linkify bool) goldmark.Markdown {
	// Table cell alignment as align attributes, not style ones: pages carry
	// no inline styles, so the strict CSP holds.
	exts := []goldmark.Extender{extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough}
	if linkify {
		exts = append(exts, extension.Linkify)
	}
	return goldmark.New(
		goldmark.WithExtensions(exts...),
		goldmark.WithParserOptions(
			parser.WithInlineParsers(util.Prioritized(mathParser{}, 50)),
			parser.WithASTTransformers(util.Prioritized(linkPolicy{}, 100)),
		),
		goldmark.WithRendererOptions(
			renderer.WithNodeRenderers(util.Prioritized(mathRenderer{}, 50), util.Prioritized(rawHTMLRenderer{}, 50)),
			ghtml.WithWriter(textWriter{}),
		),
	)
}

// converter is NewMarkdown's goldmark.Markdown: the embedded converter has
// Linkify and is the one Parser and Renderer return; plain has not.
type converter struct {
	goldmark.Markdown
	plain goldmark.Markdown
}

func (c converter) Convert(src []byte, w io.Writer, opts ...parser.ParseOption) error {
	if needLinkify(src) {
		return c.Markdown.Convert(src, w, opts...)
	}
	return c.plain.Convert(src, w, opts...)
}

// needLinkify reports whether src may convert differently with goldmark's
// Linkify than without it: where it holds what Linkify starts a link at (a
// URL begins with "http:", "https:" or "ftp:", a bare domain with "www.",
// an e-mail address has an "@"; linkifyParser.Parse returns no node, and
// moves nothing, without one of these at the position tried), and where a
// line ends in a space or tab, before "\n", "\r\n" or a lone "\r" (Linkify
// splits the text at spaces, and a hard line break after several spaces
// then keeps one of them).
//
// It visits only the bytes that end such a pattern (':', '.', '\n', '\r')
// and looks back from each: one vectorised scan per byte, where a search
// per pattern would stop at every "h", "f" and "w" of the text.
// TestNeedLinkifyAsPatterns holds it to the search per pattern.
func needLinkify(src []byte) bool {
	if bytes.IndexByte(src, '@') >= 0 {
		return true
	}
	for _, c := range []byte{':', '.', '\n', '\r'} {
		for at := 0; ; {
			i := bytes.IndexByte(src[at:], c)
			if i < 0 {
				break
			}
			i += at
			before := src[:i]
			switch c {
			case ':':
				if bytes.HasSuffix(before, []byte("http")) || bytes.HasSuffix(before, []byte("https")) ||
					bytes.HasSuffix(before, []byte("ftp")) {
					return true
				}
			case '.':
				if bytes.HasSuffix(before, []byte("www")) {
					return true
				}
			default:
				if i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
					return true
				}
			}
			at = i + 1
		}
	}
	return false
}

// Markdown converts untrusted Markdown to HTML that is safe to embed.
func Markdown(md goldmark.Markdown, src string) template.HTML {
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		// goldmark only fails when the writer fails; a bytes.Buffer does not.
		return template.HTML("<pre>" + html.EscapeString(src) + "</pre>")
	}
	return template.HTML(buf.String())
}

// Converter converts untrusted Markdown as Markdown does with NewMarkdown,
// reusing its buffers from one conversion to the next: a board converts
// hundreds of thousands of answers, and goldmark would otherwise wrap each
// output in a bufio.Writer of its own. A Converter is not safe for
// concurrent use; Each gives every worker one.
type Converter struct {
	md  goldmark.Markdown
	src []byte
	out bufWriter
}

// NewConverter returns a Converter with NewMarkdown's settings.
func NewConverter() *Converter { return &Converter{md: NewMarkdown()} }

// converters holds Converters between uses (GetConverter).
var converters = sync.Pool{New: func() any { return NewConverter() }}

// GetConverter returns a Converter for the caller's goroutine alone, kept
// from earlier uses where one is free; PutConverter gives it back.
func GetConverter() *Converter { return converters.Get().(*Converter) }

// PutConverter gives back a Converter from GetConverter.
func PutConverter(c *Converter) { converters.Put(c) }

// HTML converts src; the result does not share memory with c.
func (c *Converter) HTML(src string) template.HTML {
	c.src = append(c.src[:0], src...)
	c.out = c.out[:0]
	// Writes to a bufWriter do not fail, so neither does Convert.
	_ = c.md.Convert(c.src, &c.out)
	return template.HTML(c.out)
}

// WriteHTML converts src as HTML does, straight into h: no copy of the
// result is made.
func (c *Converter) WriteHTML(h *HTML, src string) {
	c.src = append(c.src[:0], src...)
	out := bufWriter(h.b)
	// Writes to a bufWriter do not fail, so neither does Convert.
	_ = c.md.Convert(c.src, &out)
	h.b = out
}

// bufWriter is goldmark's util.BufWriter on a byte slice: the renderer
// writes straight into it instead of through a bufio.Writer. Flush has
// nothing to do.
type bufWriter []byte

var _ util.BufWriter = (*bufWriter)(nil)

func (w *bufWriter) Write(p []byte) (int, error)       { *w = append(*w, p...); return len(p), nil }
func (w *bufWriter) WriteString(s string) (int, error) { *w = append(*w, s...); return len(s), nil }
func (w *bufWriter) WriteByte(c byte) error            { *w = append(*w, c); return nil }
func (w *bufWriter) WriteRune(r rune) (int, error) {
	n := len(*w)
	*w = utf8.AppendRune(*w, r)
	return len(*w) - n, nil
}
func (w *bufWriter) Available() int { return cap(*w) - len(*w) }
func (w *bufWriter) Buffered() int  { return len(*w) }
func (w *bufWriter) Flush() error   { return nil }

// ShownAnswer is how much of an answer a page shows, in bytes. A longer
// answer (ingest allows up to ingest.MaxResponse) is shown up to there, cut
// at a line end, and given whole in the model's answers download
// (AnswersPath), so that no page grows with what a submission may hold.
const ShownAnswer = 32 << 10

// Shown returns the part of an answer a page shows and whether it was cut.
func Shown(resp string) (string, bool) {
	if len(resp) <= ShownAnswer {
		return resp, false
	}
	cut := resp[:ShownAnswer]
	if i := strings.LastIndexByte(cut, '\n'); i > ShownAnswer/2 {
		cut = cut[:i]
	}
	return strings.ToValidUTF8(cut, ""), true
}

// AnswersPath is the site path of the download holding the whole text of
// a model's shortened answers, one JSON line per answer.
func AnswersPath(slug string) string { return "answers/" + slug + ".jsonl" }

// CutNote says on the page how much of an answer is shown, and where the
// rest is.
func CutNote(resp, shownPart, root, slug string) *CutView {
	return &CutView{Shown: len(shownPart), Total: len(resp), Href: root + AnswersPath(slug)}
}

// CutView is the note under a shortened answer.
type CutView struct {
	Shown, Total int
	Href         string
}

// kindMath is the AST kind of a TeX span.
var kindMath = ast.NewNodeKind("Math")

// mathNode is TeX kept verbatim for client-side typesetting.
type mathNode struct {
	ast.BaseInline
	TeX     []byte
	Display bool
}

func (n *mathNode) Kind() ast.NodeKind { return kindMath }

func (n *mathNode) Dump(src []byte, level int) {
	ast.DumpHelper(n, src, level, map[string]string{"TeX": string(n.TeX)}, nil)
}

// mathParser recognises TeX spans. For single dollars it follows Pandoc's
// rule so that prices do not turn into math: the opening $ must be followed
// by a non-space, the closing $ preceded by a non-space and not followed by
// a digit.
type mathParser struct{}

func (mathParser) Trigger() []byte { return []byte{'$', '\\'} }

func (mathParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	var open, closing string
	display := false
	switch {
	case bytes.HasPrefix(line, []byte("$$")):
		open, closing, display = "$$", "$$", true
	case bytes.HasPrefix(line, []byte("$")):
		open, closing = "$", "$"
	case bytes.HasPrefix(line, []byte(`\(`)):
		open, closing = `\(`, `\)`
	case bytes.HasPrefix(line, []byte(`\[`)):
		open, closing, display = `\[`, `\]`, true
	default:
		return nil
	}
	if open == "$" && (len(line) < 2 || isSpace(line[1])) {
		return nil
	}
	savedLine, savedSeg := block.Position()
	block.Advance(len(open))
	var tex []byte
	for {
		line, _ := block.PeekLine()
		if line == nil {
			break
		}
		if i := findClose(line, closing, open == "$"); i >= 0 {
			tex = append(tex, line[:i]...)
			block.Advance(i + len(closing))
			t := bytes.TrimSpace(tex)
			if len(t) == 0 {
				break
			}
			return &mathNode{TeX: t, Display: display}
		}
		if open == "$" {
			// Inline dollars do not span lines: a stray $ stays text.
			break
		}
		tex = append(tex, line...)
		block.AdvanceLine()
	}
	block.SetPosition(savedLine, savedSeg)
	return nil
}

// findClose returns the index of the closing delimiter in line, or -1.
func findClose(line []byte, closing string, pandoc bool) int {
	for i := 0; i+len(closing) <= len(line); i++ {
		if line[i] == '\\' && closing[0] != '\\' {
			i++ // \$ inside math is an escaped dollar
			continue
		}
		if !bytes.HasPrefix(line[i:], []byte(closing)) {
			continue
		}
		if pandoc {
			if i == 0 || isSpace(line[i-1]) {
				continue
			}
			if j := i + 1; j < len(line) && line[j] >= '0' && line[j] <= '9' {
				continue
			}
		}
		return i
	}
	return -1
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// mathRenderer writes a formula as Math does: MathML, or the TeX
// HTML-escaped for KaTeX; never markup from the TeX, nor a NUL (Splice's
// marks start with one).
type mathRenderer struct{}

func (mathRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindMath, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		m := n.(*mathNode)
		_, _ = w.WriteString(string(Math(string(m.TeX), m.Display)))
		return ast.WalkSkipChildren, nil
	})
}

// rawHTMLRenderer shows raw HTML in an answer as the text it is, escaped,
// where goldmark would drop it: an answer is shown verbatim, and markup in
// it never reaches the page as markup. An HTML block keeps its lines in a
// <pre>.
type rawHTMLRenderer struct{}

func (rawHTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		segs := n.(*ast.RawHTML).Segments
		for i := 0; i < segs.Len(); i++ {
			seg := segs.At(i)
			_, _ = w.WriteString(html.EscapeString(string(seg.Value(src))))
		}
		return ast.WalkSkipChildren, nil
	})
	reg.Register(ast.KindHTMLBlock, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		b := n.(*ast.HTMLBlock)
		var text strings.Builder
		lines := b.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			text.Write(seg.Value(src))
		}
		if b.HasClosure() {
			text.Write(b.ClosureLine.Value(src))
		}
		_, _ = w.WriteString(`<pre class="raw">`)
		_, _ = w.WriteString(html.EscapeString(strings.TrimRight(text.String(), "\n")))
		_, _ = w.WriteString("</pre>\n")
		return ast.WalkSkipChildren, nil
	})
}

// linkPolicy keeps links only to http and https URLs, marks them as user
// content, and replaces images by their alt text.
type linkPolicy struct{}

func (linkPolicy) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	var unlink []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			if !httpURL(string(l.Destination)) {
				unlink = append(unlink, n)
				return ast.WalkContinue, nil
			}
			l.SetAttributeString("rel", []byte("nofollow ugc noopener"))
		case *ast.AutoLink:
			if l.AutoLinkType != ast.AutoLinkURL || !httpURL(string(l.URL(src))) {
				unlink = append(unlink, n)
			} else {
				l.SetAttributeString("rel", []byte("nofollow ugc noopener"))
			}
		case *ast.Image:
			unlink = append(unlink, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unlink {
		parent := n.Parent()
		if parent == nil {
			continue
		}
		switch l := n.(type) {
		case *ast.AutoLink:
			parent.ReplaceChild(parent, n, ast.NewString(l.Label(src)))
		case *ast.Image:
			alt := strings.TrimSpace(plainText(l, src))
			if alt == "" {
				alt = "image"
			}
			parent.ReplaceChild(parent, n, ast.NewString([]byte("[image: "+alt+"]")))
		default:
			for c := n.FirstChild(); c != nil; {
				next := c.NextSibling()
				parent.InsertBefore(parent, n, c)
				c = next
			}
			parent.RemoveChild(parent, n)
		}
	}
}

func httpURL(s string) bool {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || u.Host == "" {
		return false
	}
	return u.Scheme == "http" || u.Scheme == "https"
}

// plainText concatenates the text leaves under n.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Value(src))
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
