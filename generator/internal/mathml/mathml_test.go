package mathml

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestConvert(t *testing.T) {
	tests := []struct {
		name    string
		reason  string
		in      string
		display bool
		want    string
	}{
		{
			name:   "letters and numbers",
			reason: "a letter is an identifier, digits with one decimal point a number",
			in:     `x 3.25`,
			want:   `<math><mi>x</mi><mn>3.25</mn></math>`,
		},
		{
			name:   "inline breaks after relations and operators",
			reason: "a long inline formula must wrap on a phone; the operator keeps its spacing at the end of a piece",
			in:     `a = b + c`,
			want:   `<math><mi>a</mi><mo form="infix">=</mo></math><wbr><math><mi>b</mi><mo form="infix">+</mo></math><wbr><math><mi>c</mi></math>`,
		},
		{
			name:   "unary minus stays with its operand",
			reason: "a minus after a relation is a sign, not a place to break",
			in:     `x = -1`,
			want:   `<math><mi>x</mi><mo form="infix">=</mo></math><wbr><math><mo>−</mo><mn>1</mn></math>`,
		},
		{
			name:    "display formula is one block",
			reason:  "display math never splits",
			in:      `a = b`,
			display: true,
			want:    `<math display="block"><mi>a</mi><mo>=</mo><mi>b</mi></math>`,
		},
		{
			name:   "scripts",
			reason: "a script takes one token, or a group; both scripts make msubsup",
			in:     `x_i^{2} 10^-3`,
			want:   `<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup><msup><mn>10</mn><mo>−</mo></msup><mn>3</mn></math>`,
		},
		{
			name:   "script without a base",
			reason: `answers write units as "m s$^{-1}$"`,
			in:     `^{-1}`,
			want:   `<math><msup><mrow></mrow><mrow><mo>−</mo><mn>1</mn></mrow></msup></math>`,
		},
		{
			name:   "fraction and root",
			reason: `\frac takes two arguments, single tokens or groups; \sqrt an optional index`,
			in:     `\frac12 \sqrt[3]{x}`,
			want:   `<math><mfrac><mn>1</mn><mn>2</mn></mfrac><mroot><mi>x</mi><mrow><mn>3</mn></mrow></mroot></math>`,
		},
		{
			name:   "text keeps its spaces",
			reason: "the ends of an mtext would collapse",
			in:     `1\text{ mol}`,
			want:   "<math><mn>1</mn><mtext>\u00a0mol</mtext></math>",
		},
		{
			name:   "roman letters run together",
			reason: `\mathrm{pH} is one upright name; a single roman letter needs mathvariant`,
			in:     `\mathrm{pH} \mathrm{K^+}`,
			want:   `<math><mi>pH</mi><msup><mi mathvariant="normal">K</mi><mo>+</mo></msup></math>`,
		},
		{
			name:   "bold and double-struck letters",
			reason: "MathML Core draws these alphabets from Unicode's mathematical letters",
			in:     `\mathbf{a} \mathbb{R}`,
			want:   `<math><mi>𝐚</mi><mi>ℝ</mi></math>`,
		},
		{
			name:   "greek",
			reason: "capitals are upright, as in TeX",
			in:     `\Delta \alpha`,
			want:   `<math><mi mathvariant="normal">Δ</mi><mi>α</mi></math>`,
		},
		{
			name:   "function names",
			reason: "a thin space separates sin from its argument, but not from a bracket",
			in:     `\sin\theta \ln(x)`,
			want:   `<math><mi>sin</mi><mspace width="0.1667em"></mspace><mi>θ</mi><mi>ln</mi><mo stretchy="false">(</mo><mi>x</mi><mo stretchy="false">)</mo></math>`,
		},
		{
			name:    "limits",
			reason:  "sums and lim take scripts under and over; Chromium moves them aside inline",
			in:      `\sum_{i=1}^n \lim_{x\to 0}`,
			display: true,
			want:    `<math display="block"><munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><munder><mo movablelimits="true" form="prefix">lim</mo><mrow><mi>x</mi><mo>→</mo><mn>0</mn></mrow></munder></math>`,
		},
		{
			name:   "left and right",
			reason: `\left and \right brackets stretch; \left. draws nothing`,
			in:     `\left(\frac ab\right.`,
			want:   `<math><mrow><mo fence="true" form="prefix">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac></mrow></math>`,
		},
		{
			name:   "accent and prime",
			reason: "accents go over their argument; a prime is a superscript",
			in:     `\bar x f'`,
			want:   `<math><mover accent="true"><mi>x</mi><mo stretchy="false">¯</mo></mover><msup><mi>f</mi><mo>′</mo></msup></math>`,
		},
		{
			name:   "text is escaped",
			reason: "submitted TeX never becomes markup",
			in:     `a<b \text{<img src=x onerror=alert(1)> "q"}`,
			want:   `<math><mi>a</mi><mo form="infix">&lt;</mo></math><wbr><math><mi>b</mi><mtext>&lt;img` + "\u00a0" + `src=x` + "\u00a0" + `onerror=alert(1)&gt;` + "\u00a0&#34;q&#34;" + `</mtext></math>`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Convert(tt.in, tt.display)
			if !ok {
				t.Fatalf("Convert(%q) refused it (%s)", tt.in, tt.reason)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Convert(%q) (-want +got):\n%s\n%s", tt.in, diff, tt.reason)
			}
		})
	}
}

func TestConvertRefuses(t *testing.T) {
	tests := []struct {
		name, reason, in string
	}{
		{"unknown command", "a macro this package does not know is left to KaTeX", `\foo x`},
		{"mhchem", `\ce needs KaTeX's mhchem`, `\ce{H2O}`},
		{"environment", "matrices and aligned blocks are left to KaTeX", `\begin{pmatrix}a\end{pmatrix}`},
		{"alignment", "& belongs to an environment", `a & b`},
		{"line break", `\\ belongs to an environment`, `a \\ b`},
		{"unclosed group", "a brace left open is not TeX", `x^{2`},
		{"stray closing brace", "a closing brace with no opening one", `x}`},
		{"double superscript", "TeX refuses x^a^b", `x^a^b`},
		{"missing argument", `\frac needs two`, `\frac{a}`},
		{"unmatched left", `\left needs \right`, `\left( x`},
		{"comment", "% starts a TeX comment, which KaTeX follows", `50% x`},
		{"dollar", "math inside math", `a $b$`},
		{"too deep", "nesting past MaxDepth", strings.Repeat("{", MaxDepth+1) + "x" + strings.Repeat("}", MaxDepth+1)},
		{"too long", "TeX past MaxLen", strings.Repeat("x", MaxLen+1)},
		{"invalid UTF-8", "bytes that are not text", "x\xff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := Convert(tt.in, false); ok || got != "" {
				t.Errorf("Convert(%q) = %q, %v; want it refused: %s", tt.in, got, ok, tt.reason)
			}
		})
	}
}

// allowedAttrs are every attribute and value the package writes.
var allowedAttrs = map[string]bool{
	`display="block"`: true, `form="infix"`: true, `form="prefix"`: true, `form="postfix"`: true,
	`mathvariant="normal"`: true, `stretchy="false"`: true, `stretchy="true"`: true, `fence="true"`: true,
	`movablelimits="true"`: true, `displaystyle="true"`: true, `displaystyle="false"`: true,
	`linethickness="0"`: true, `accent="true"`: true, `accentunder="true"`: true,
}

// checkMarkup fails unless out is well-formed MathML made only of the
// package's own elements and constant attributes.
func checkMarkup(t *testing.T, in, out string) {
	t.Helper()
	for _, s := range spaces {
		allowedAttrs[strings.TrimSpace(s)] = true
	}
	for _, s := range bigSizes {
		for _, a := range strings.Fields(s) {
			allowedAttrs[a] = true
		}
	}
	tags := map[string]bool{"math": true, "mi": true, "mn": true, "mo": true, "mtext": true, "mrow": true,
		"mfrac": true, "msqrt": true, "mroot": true, "msub": true, "msup": true, "msubsup": true,
		"munder": true, "mover": true, "munderover": true, "mspace": true}
	doc := "<r>" + strings.ReplaceAll(out, "<wbr>", "") + "</r>"
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	d.Entity = map[string]string{}
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("Convert(%q) is not well formed: %v\n%s", in, err, out)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local != "r" {
			if !tags[se.Name.Local] {
				t.Fatalf("Convert(%q) wrote element %q", in, se.Name.Local)
			}
			for _, a := range se.Attr {
				if kv := a.Name.Local + `="` + a.Value + `"`; !allowedAttrs[kv] {
					t.Fatalf("Convert(%q) wrote attribute %s", in, kv)
				}
			}
		}
	}
}

func TestConvertOutputIsConstantMarkup(t *testing.T) {
	for _, in := range []string{
		`\frac{\hat p + \frac{z^2}{2n} \pm z\sqrt{\frac{\hat p(1-\hat p)}{n} + \frac{z^2}{4n^2}}}{1 + \frac{z^2}{n}}`,
		`\mathrm{CH_3COOH} + \mathrm{H_2O} \rightleftharpoons \mathrm{H_3O^+} + \mathrm{CH_3COO^-}`,
		`\dfrac{\lvert\{p \in P : f_{p,i} = 1 \text{ for every } i \in I_p\}\rvert}{\lvert P \rvert}`,
		`\Big( x \Big] \left\langle a \middle| b \right\rangle \mathcal{X} \boldsymbol{x} \mathsf{A}\mathtt{1} \binom{n}{k}`,
		`\underline{x} \overline{AB} \widehat{xy} \quad \; \, \! \int_0^1 f'(x)\,dx`,
	} {
		out, ok := Convert(in, false)
		if !ok {
			t.Errorf("Convert(%q) refused it", in)
			continue
		}
		checkMarkup(t, in, out)
	}
}

func FuzzConvert(f *testing.F) {
	for _, s := range []string{`x^2`, `\frac{a}{b}`, `\text{<b>}`, `\left(\sqrt[3]{x}\right)`, `\mathbb{R}^n`, `a_{i,j}'`} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, in string, display bool) {
		out, ok := Convert(in, display)
		if !ok {
			if out != "" {
				t.Fatalf("refused with output %q", out)
			}
			return
		}
		checkMarkup(t, in, out)
		if again, _ := Convert(in, display); again != out {
			t.Fatalf("Convert(%q) is not deterministic", in)
		}
	})
}
