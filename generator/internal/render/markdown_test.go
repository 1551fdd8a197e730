package render

import (
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	nethtml "golang.org/x/net/html"

	"github.com/sciif/leaderboard/assets"
)

func TestMarkdown(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		in     string
		want   string
	}{
		{
			name:   "inline math",
			reason: "TeX becomes MathML, even what Markdown would read as emphasis",
			in:     `Let $a_1 * b_2 * c$ be.`,
			want:   `<p>Let <math><msub><mi>a</mi><mn>1</mn></msub><mo form="infix">∗</mo></math><wbr><math><msub><mi>b</mi><mn>2</mn></msub><mo form="infix">∗</mo></math><wbr><math><mi>c</mi></math> be.</p>`,
		},
		{
			name:   "TeX that MathML cannot say",
			reason: "what package mathml does not know is kept verbatim for KaTeX",
			in:     `Water is $\ce{H2O}$.`,
			want:   `<p>Water is <span class="math inline">\ce{H2O}</span>.</p>`,
		},
		{
			name:   "math is escaped",
			reason: "the passthrough must not let markup through",
			in:     `$<img src=x onerror=alert(1)> \ce{}$`,
			want:   `<p><span class="math inline">&lt;img src=x onerror=alert(1)&gt; \ce{}</span></p>`,
		},
		{
			name:   "math is escaped in MathML",
			reason: "MathML holds the TeX's characters only as escaped text",
			in:     `$<img>$`,
			want:   `<p><math><mo>&lt;</mo><mi>i</mi><mi>m</mi><mi>g</mi><mo>&gt;</mo></math></p>`,
		},
		{
			name:   "display math over lines",
			reason: "$$ blocks may span lines inside a paragraph",
			in:     "$$\nE = mc^2\n$$",
			want:   `<p><math display="block"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></p>`,
		},
		{
			name:   "bracket delimiters",
			reason: `models often write \( \) and \[ \], which Markdown would unescape`,
			in:     `\(x^2\) and \[\int_0^1 f\]`,
			want:   `<p><math><msup><mi>x</mi><mn>2</mn></msup></math> and <math display="block"><msubsup><mo>∫</mo><mn>0</mn><mn>1</mn></msubsup><mi>f</mi></math></p>`,
		},
		{
			name:   "prices are not math",
			reason: "Pandoc's rule: a closing $ follows a non-space and is not followed by a digit",
			in:     `It costs $5 and $10.`,
			want:   `<p>It costs $5 and $10.</p>`,
		},
		{
			name:   "escaped dollar",
			reason: `\$ stays a literal dollar`,
			in:     `\$x\$`,
			want:   `<p>$x$</p>`,
		},
		{
			name:   "raw html shown as text",
			reason: "an answer is shown verbatim: raw HTML is escaped, never dropped and never markup",
			in:     "<script>alert(1)</script>\n\nok <b onclick=x>b</b>",
			want:   "<pre class=\"raw\">&lt;script&gt;alert(1)&lt;/script&gt;</pre>\n<p>ok &lt;b onclick=x&gt;b&lt;/b&gt;</p>",
		},
		{
			name:   "html block over lines",
			reason: "an HTML block keeps its lines, escaped",
			in:     "<div class=\"x\">\n<img src=x onerror=alert(1)>\n</div>",
			want:   "<pre class=\"raw\">&lt;div class=&#34;x&#34;&gt;\n&lt;img src=x onerror=alert(1)&gt;\n&lt;/div&gt;</pre>",
		},
		{
			name:   "comment shown",
			reason: "an HTML comment is text too",
			in:     "a <!-- hidden --> b",
			want:   "<p>a &lt;!-- hidden --&gt; b</p>",
		},
		{
			name:   "javascript link unlinked",
			reason: "only http and https links survive; the text stays",
			in:     `[click](javascript:alert(1)) [x](data:text/html,hi) [rel](/etc)`,
			want:   `<p>click x rel</p>`,
		},
		{
			name:   "https link kept",
			reason: "http(s) links are kept and marked as user content",
			in:     `[paper](https://example.org/p?a=1&b=2)`,
			want:   `<p><a href="https://example.org/p?a=1&amp;b=2" rel="nofollow ugc noopener">paper</a></p>`,
		},
		{
			name:   "image becomes alt text",
			reason: "the site loads nothing remote",
			in:     `![a plot](https://example.org/x.png)`,
			want:   `<p>[image: a plot]</p>`,
		},
		{
			name:   "autolink",
			reason: "bare URLs link only when http(s)",
			in:     `see https://example.org and <mailto:a@b.c>`,
			want:   `<p>see <a href="https://example.org" rel="nofollow ugc noopener">https://example.org</a> and mailto:a@b.c</p>`,
		},
		{
			name:   "NUL in TeX",
			reason: "NUL becomes U+FFFD in math as in all other text",
			in:     "$a\x00b$ and c\x00d $\\ce{\x00}$",
			want:   "<p><math><mi>a</mi><mo>\uFFFD</mo><mi>b</mi></math> and c\uFFFDd <span class=\"math inline\">\\ce{\uFFFD}</span></p>",
		},
		{
			name:   "code keeps dollars",
			reason: "no math inside code spans",
			in:     "`$x$`",
			want:   `<p><code>$x$</code></p>`,
		},
	}
	md := NewMarkdown()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.TrimSpace(string(Markdown(md, tt.in)))
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// FuzzMarkdownOutputIsInert parses whatever goldmark emits and checks that
// it holds only harmless elements, no event handler and no link that is not
// http(s).
func FuzzMarkdownOutputIsInert(f *testing.F) {
	for _, s := range []string{"$<b>$", "$$<i>\n$$", `\(<a>\)`, "[x](javascript:y)", "<img onerror=x>", "![a](b)", "| a |\n|---|\n| $x$ |"} {
		f.Add(s)
	}
	allowed := map[string]bool{}
	for _, e := range strings.Fields("html head body p span a em strong code pre ul ol li blockquote h1 h2 h3 h4 h5 h6 hr br table thead tbody tr th td del input wbr " +
		"math mi mn mo mtext mrow mfrac msqrt mroot msub msup msubsup munder mover munderover mspace") {
		allowed[e] = true
	}
	md := NewMarkdown()
	f.Fuzz(func(t *testing.T, s string) {
		out := string(Markdown(md, s))
		doc, err := nethtml.Parse(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		var walk func(n *nethtml.Node)
		walk = func(n *nethtml.Node) {
			if n.Type == nethtml.ElementNode {
				if !allowed[n.Data] {
					t.Fatalf("input %q produced <%s>: %q", s, n.Data, out)
				}
				for _, a := range n.Attr {
					k := strings.ToLower(a.Key)
					if strings.HasPrefix(k, "on") || k == "style" || k == "src" {
						t.Fatalf("input %q produced attribute %s: %q", s, a.Key, out)
					}
					if k == "href" && !httpURL(a.Val) {
						t.Fatalf("input %q produced link %q", s, a.Val)
					}
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	})
}

func TestVendoredLibrariesCarryTheirLicences(t *testing.T) {
	dirs, err := fs.ReadDir(assets.FS, "vendor")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		got = append(got, d.Name())
		if _, err := fs.Stat(assets.FS, path.Join("vendor", d.Name(), "LICENSE")); err != nil {
			t.Errorf("%s has no LICENSE", d.Name())
		}
	}
	if diff := cmp.Diff([]string{"echarts-5.6.0", "katex-0.19.1"}, got); diff != "" {
		t.Errorf("vendored libraries (-want +got):\n%s", diff)
	}
	if _, err := fs.Stat(assets.FS, "vendor/echarts-5.6.0/NOTICE"); err != nil {
		t.Error("ECharts ships without its NOTICE")
	}
}

// FuzzMarkdownLinkifyNeeded checks the premise NewMarkdown's converter
// rests on: a source that needLinkify turns down converts to the same HTML
// with goldmark's Linkify and without it.
func FuzzMarkdownLinkifyNeeded(f *testing.F) {
	for _, s := range []string{
		"plain words (in parentheses) and more",
		"*emphasis* _under_ ~~struck~~ (*mixed* _with_ ~parens~)",
		"trailing spaces  \nhard break\\\nand soft\nbreak",
		"tabs\tand\ttabs \t\n\n  indented    code\n",
		"line one\r\nline two\r\n\r\npara",
		"- item (one)\n- item *two*\n  continued\n\n1. first\n2) second",
		"> quote (with parens)\n> *more*\n\n---\n\n# Head (1)\n## Head *2*",
		"| a (x) | b |\n|:---|---:|\n| *1* | $x$ |\n| ~~2~~ | `3` |",
		"Let $a_1 * b_2$ and \\(x (y)\\) and $$\n(z)\n$$ end",
		"```\ncode (block) * _\n```\nafter `span (x)`",
		"[link (text)](relative/path) and ![img](x.png) [ref][r]\n\n[r]: /somewhere",
		"foo_bar_baz snake_case_word 2*3*4 a ~ b ~~ c",
		"<span>raw (html)</span> &amp; &#40; \\( \\* \\_",
		"mail-like text without the at sign: name.example.com",
		"ht tp: w ww. ftp http https",
	} {
		f.Add(s)
	}
	full, plain := newMarkdown(true), newMarkdown(false)
	f.Fuzz(func(t *testing.T, s string) {
		if needLinkify([]byte(s)) {
			return
		}
		if a, b := Markdown(full, s), Markdown(plain, s); a != b {
			t.Fatalf("input %q:\nwith Linkify    %q\nwithout Linkify %q", s, a, b)
		}
	})
}

func TestNeedLinkify(t *testing.T) {
	for in, want := range map[string]bool{
		"plain (text) with *marks*\n\nand paragraphs": false,
		"\nleading newline then text":                 false,
		"see http://x.org":                            true,
		"see https:":                                  true,
		"ftp://host":                                  true,
		"www.example":                                 true,
		"name@example.org":                            true,
		"0    \n0":                                    true,
		"first\n\nsecond ends in a tab\t\nthird":      true,
		"crlf with space \r\nnext":                    true,
		"crlf without\r\nnext":                        false,
		"trailing space at the very end ":             false,
	} {
		if got := needLinkify([]byte(in)); got != want {
			t.Errorf("needLinkify(%q) = %v, want %v", in, got, want)
		}
	}
}

// linkifyPatterns is what needLinkify looks for, one search per pattern.
var linkifyPatterns = []string{"@", "http:", "https:", "ftp:", "www.", " \n", " \r", "\t\n", "\t\r"}

// FuzzNeedLinkifyAsPatterns holds needLinkify, which looks back from the
// last byte of each pattern, to a plain search for every pattern.
func FuzzNeedLinkifyAsPatterns(f *testing.F) {
	for _, s := range append([]string{"", "http", "xhttps:", "ftp", "wwww.", "w.ww.", "a\t\r", " ", "\n \n", ":.\n\r@"}, linkifyPatterns...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := false
		for _, p := range linkifyPatterns {
			want = want || strings.Contains(s, p)
		}
		if got := needLinkify([]byte(s)); got != want {
			t.Fatalf("needLinkify(%q) = %v, a search for %q says %v", s, got, linkifyPatterns, want)
		}
	})
}

// TestConverterAsMarkdown checks that a Converter, reused, converts as
// Markdown does, and that what it returns does not change when it converts
// again.
func TestConverterAsMarkdown(t *testing.T) {
	c, md := NewConverter(), NewMarkdown()
	ins := []string{
		"a *long* paragraph with $x^2$ and https://example.org\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |",
		"short",
		"",
		"<b>raw</b> and ```\ncode\n```",
		strings.Repeat("grows the buffer past its first size. ", 500),
		"x",
	}
	var got []string
	for _, in := range ins {
		got = append(got, string(c.HTML(in)))
	}
	for k, in := range ins {
		if want := string(Markdown(md, in)); got[k] != want {
			t.Errorf("Converter on %.40q:\n got %q\nwant %q", in, got[k], want)
		}
	}
}
