package equiv

import (
	"regexp"
	"strings"
)

// Normalisation turns the many spellings of an answer into one plain form
// that the rules below parse: math delimiters and \boxed are dropped, text
// wrappers are unwrapped, LaTeX operators and Unicode symbols become ASCII
// operators, Unicode superscripts become ^{...}.

var textWrappers = []string{`\boxed`, `\fbox`, `\text`, `\textbf`, `\textit`, `\textrm`, `\textnormal`, `\mathrm`, `\mathbf`, `\mathit`, `\mathsf`, `\mathtt`, `\operatorname`, `\mbox`, `\hbox`, `\rm`, `\bf`, `\displaystyle`, `\ce`, `\mathnormal`, `\pu`, `\textup`, `\emph`}

var symbolReplacer = strings.NewReplacer(
	`\\`, `\\`,
	`\dfrac`, `\frac`, `\tfrac`, `\frac`, `\cfrac`, `\frac`,
	`\rightarrow`, `->`, `\cdots`, `...`, `\left`, ``, `\right`, ``, `\bigl`, ``, `\bigr`, ``, `\Bigl`, ``, `\Bigr`, ``, `\big`, ``, `\Big`, ``,
	`\!`, ``, `\,`, ` `, `\;`, ` `, `\:`, ` `, `\ `, ` `, `\quad`, ` , `, `\qquad`, ` , `, `~`, ` `,
	`\cdot`, `*`, `\times`, `*`, `\ast`, `*`, `·`, `*`, `⋅`, `*`, `×`, `*`, `\div`, `/`, `÷`, `/`,
	`\lt`, `<`, `\gt`, `>`, `\leqslant`, `<=`, `\geqslant`, `>=`, `\leq`, `<=`, `\geq`, `>=`, `\le`, `<=`, `\ge`, `>=`, `\neq`, `!=`, `\ne`, `!=`,
	`≤`, `<=`, `≥`, `>=`, `≠`, `!=`, `=<`, `<=`, `=>`, `>=`, `\approx`, `≈`, `\simeq`, `=`, `\equiv`, `=`,
	`−`, `-`, `–`, `-`, `‐`, `-`, `‑`, `-`, `\%`, `%`, `\$`, ``,
	`^\circ`, `°`, `^{\circ}`, `°`, `\circ`, `°`, `\degree`, `°`, `º`, `°`, `℃`, `°C`, `℉`, `°F`,
	`\mu`, `μ`, `µ`, `μ`, `\Omega`, `Ω`, `Ω`, `Ω`, `\AA`, `Å`, `\mathring{A}`, `Å`, `Å`, `Å`,
	`\infty`, `∞`, `\pm`, `±`, `\mp`, `∓`, `\cup`, `∪`, `\{`, `⦃`, `\}`, `⦄`, `\lbrace`, `⦃`, `\rbrace`, `⦄`,
	`\langle`, `(`, `\rangle`, `)`, `\lbrack`, `[`, `\rbrack`, `]`,
	"\u00a0", " ", "\u2009", " ", "\u202f", " ", "\u2002", " ", "\u2003", " ", "\u200b", "", "\t", " ", "\n", " ", "\r", " ",
	"⁰", "^{0}", "¹", "^{1}", "²", "^{2}", "³", "^{3}", "⁴", "^{4}", "⁵", "^{5}", "⁶", "^{6}", "⁷", "^{7}", "⁸", "^{8}", "⁹", "^{9}", "⁻", "^{-}", "⁺", "^{+}",
	"₀", "_{0}", "₁", "_{1}", "₂", "_{2}", "₃", "_{3}", "₄", "_{4}", "₅", "_{5}", "₆", "_{6}", "₇", "_{7}", "₈", "_{8}", "₉", "_{9}",
	`{,}`, `,`, `\ldots`, `...`, `\dots`, `...`, `\colon`, `:`, `\to`, `->`,
)

var (
	reSupRun    = regexp.MustCompile(`(?:\^\{[-+0-9]\})+`)
	reSubRun    = regexp.MustCompile(`(?:_\{[0-9]\})+`)
	reSpaces    = regexp.MustCompile(` +`)
	reThinComma = regexp.MustCompile(`,\\!\s*`)
	reDblSlash  = regexp.MustCompile(`(^|[^\\])\\\\((?:[dtc]?frac|sqrt|left|right|leq?|geq?|lt|gt|neq?|pi|cdot|times|infty|text|mathrm|boxed|in|cup|pm|sin|cos|tan|ln|log|exp|alpha|beta|theta|mathbf)\b)`)
	reSlashNum  = regexp.MustCompile(`(^|[^\\])\\(\d)`)
	reLeadWords = regexp.MustCompile(`(?i)^(?:(?:(?:the\s+)?(?:final\s+)?answer(?:\s+is\b|\s*:)?|therefore|thus|so|hence|approximately|approx\.?|about|roughly|around)(?:\s*[,:]\s*|\s+)|≈\s*)`)
	reDegTemp   = regexp.MustCompile(`(?i)\b(?:degrees?|deg)\.?\s*(celsius|centigrade|fahrenheit|kelvin)\b`)
	reConcise   = regexp.MustCompile(`(\d\.\d{3,})\(\d{1,2}\)`)
	reMuSpace   = regexp.MustCompile(`μ\s+([A-Za-zΩ])`)
	reThousands = regexp.MustCompile(`^([-+]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?)(\s*[^,\d].*)?$`)
	reSpaced    = regexp.MustCompile(`^([-+]?[1-9]\d{0,2}(?: \d{3})+(?:\.\d+)?)(\s*[^,\d\s].*)?$`)
)

// normalize returns the plain form of an answer.
func normalize(s string) string {
	s = strings.TrimSpace(s)
	s = stripDelims(s)
	s = strings.Trim(strings.ReplaceAll(s, `\"`, `"`), `"`)
	// "\\frac" is an escaping slip for "\frac"; "\\" before a space or a
	// digit is a matrix row break and stays.
	//
	// Each regular expression runs only when s has a substring that every
	// match needs: most answers need none of them.
	if strings.Contains(s, `\\`) {
		s = reDblSlash.ReplaceAllString(s, `$1\$2`)
	}
	if strings.Contains(s, `\`) {
		s = reSlashNum.ReplaceAllString(s, `$1$2`)
	}
	if strings.Contains(s, `,\!`) {
		s = reThinComma.ReplaceAllString(s, ",")
	}
	s = symbolReplacer.Replace(s)
	// Joined Unicode superscripts: ^{-}^{1} -> ^{-1}.
	if strings.Contains(s, "^{") {
		s = reSupRun.ReplaceAllStringFunc(s, func(m string) string {
			return "^{" + supJoiner.Replace(m) + "}"
		})
	}
	if strings.Contains(s, "_{") {
		s = reSubRun.ReplaceAllStringFunc(s, func(m string) string {
			return "_{" + subJoiner.Replace(m) + "}"
		})
	}
	s = unwrapBoxes(s)
	if strings.Contains(s, "μ") {
		s = reMuSpace.ReplaceAllString(s, "μ$1")
	}
	if mayContainFold(s, "deg") {
		s = reDegTemp.ReplaceAllStringFunc(s, degTemp)
	}
	if strings.Contains(s, "(") {
		// Concise uncertainty: 6.62607015(81) is 6.62607015 ± 0.00000081.
		// With few decimals, 0.1(6) is more likely a repeating decimal;
		// see reRepeating.
		s = reConcise.ReplaceAllString(s, "$1")
	}
	s = stripDelims(s)
	s = strings.ReplaceAll(s, "$", " ")
	if strings.Contains(s, "  ") {
		s = reSpaces.ReplaceAllString(s, " ")
	}
	s = strings.TrimSpace(s)
	for i := 0; i < 3 && mayLeadWord(s); i++ {
		t := strings.TrimSpace(reLeadWords.ReplaceAllString(s, ""))
		if t == s || t == "" {
			break
		}
		s = t
	}
	s = strings.TrimRight(s, " .;,")
	s = strings.TrimSuffix(s, `\`)
	s = strings.TrimSpace(s)
	if strings.Contains(s, ",") {
		if m := reThousands.FindStringSubmatch(s); m != nil {
			return strings.ReplaceAll(m[1], ",", "") + m[2]
		}
	}
	if strings.Contains(s, " ") {
		if m := reSpaced.FindStringSubmatch(s); m != nil {
			return strings.ReplaceAll(m[1], " ", "") + m[2]
		}
	}
	return s
}

var (
	supJoiner = strings.NewReplacer("^{", "", "}", "")
	subJoiner = strings.NewReplacer("_{", "", "}", "")
)

// degTemp replaces "degrees Celsius" and the like by a unit symbol.
func degTemp(m string) string {
	switch strings.ToLower(reDegTemp.FindStringSubmatch(m)[1]) {
	case "fahrenheit":
		return "°F"
	case "kelvin":
		return "K"
	}
	return "°C"
}

// mayContainFold reports whether s may contain needle (lower-case ASCII
// letters) under the case folding of (?i): an ASCII search, and true for
// any s with non-ASCII bytes (ſ folds to s, K to k).
func mayContainFold(s, needle string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	for i := 0; i+len(needle) <= len(s); i++ {
		j := 0
		for j < len(needle) && s[i+j]|0x20 == needle[j] {
			j++
		}
		if j == len(needle) {
			return true
		}
	}
	return false
}

// mayLeadWord reports whether reLeadWords may match s: its words start
// with a, f, h, r, s or t in either case, or with a non-ASCII character
// (≈, or one that folds to an ASCII letter).
func mayLeadWord(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] | 0x20 {
	case 'a', 'f', 'h', 'r', 's', 't':
		return true
	}
	return s[0] >= 0x80
}

// stripDelims removes math delimiters around the whole answer.
func stripDelims(s string) string {
	for i := 0; i < 4; i++ {
		t := strings.TrimSpace(s)
		t = strings.TrimRight(t, " .")
		switch {
		case strings.HasPrefix(t, "$$") && strings.HasSuffix(t, "$$") && len(t) >= 4:
			t = t[2 : len(t)-2]
		case strings.HasPrefix(t, "$") && strings.HasSuffix(t, "$") && len(t) >= 2:
			t = t[1 : len(t)-1]
		case strings.HasPrefix(t, `\(`) && strings.HasSuffix(t, `\)`):
			t = t[2 : len(t)-2]
		case strings.HasPrefix(t, `\[`) && strings.HasSuffix(t, `\]`):
			t = t[2 : len(t)-2]
		}
		t = strings.TrimSpace(t)
		if t == s {
			return t
		}
		s = t
	}
	return s
}

// unwrapBoxes replaces \boxed{X}, \text{X} and similar wrappers by X, and
// several boxes side by side by their contents joined with commas.
func unwrapBoxes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		matched := false
		for _, w := range textWrappers {
			if !strings.HasPrefix(s[i:], w) {
				continue
			}
			j := i + len(w)
			if j < len(s) && isLetter(s[j]) {
				continue // a longer command, e.g. \textbf when matching \text
			}
			k := j
			for k < len(s) && s[k] == ' ' {
				k++
			}
			if k < len(s) && s[k] == '{' {
				end := matchBrace(s, k)
				if end < 0 {
					end = len(s) // an unclosed box runs to the end
					s += "}"
				}
				inner := unwrapBoxes(s[k+1 : end])
				if w == `\boxed` || w == `\fbox` {
					// Adjacent boxes are a list of answers.
					if strings.HasSuffix(strings.TrimSpace(b.String()), "}") || strings.HasSuffix(strings.TrimSpace(b.String()), boxMark) {
						b.WriteString(", ")
					}
					b.WriteString(inner)
					b.WriteString(boxMark)
				} else if w == `\ce` || w == `\mathrm` || w == `\mathbf` || w == `\mathit` || w == `\mathsf` || w == `\mathnormal` || w == `\pu` {
					b.WriteString(inner)
				} else {
					// Keep words apart ("5\text{kg}", "1\text{ and }2") without
					// splitting a unit from its exponent ("\text{s}^{-1}").
					if out := b.String(); out != "" && isLetter(out[len(out)-1]) {
						b.WriteByte(' ')
					}
					b.WriteString(inner)
					if end+1 < len(s) && (isLetter(s[end+1]) || isDigit(s[end+1])) {
						b.WriteByte(' ')
					}
				}
				i = end + 1
			} else {
				i = j
			}
			matched = true
			break
		}
		if !matched {
			b.WriteByte(s[i])
			i++
		}
	}
	out := b.String()
	if strings.Contains(out, boxMark) {
		out = strings.ReplaceAll(out, boxMark, "")
	}
	return out
}

// boxMark marks the end of a box while unwrapping, so that adjacent boxes
// are joined by commas.
const boxMark = "\x00"

// matchBrace returns the index of the brace closing the one at s[i].
func matchBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++ // skip an escaped character
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
