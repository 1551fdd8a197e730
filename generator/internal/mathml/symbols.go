package mathml

import "unicode/utf8"

// The commands the converter knows, by what they become. Every attribute
// written anywhere is one of these constants or one in mathml.go: no byte
// of the TeX ever reaches an attribute.

// class says how an operator sits in a formula: inline formulas may break
// after a relation or a binary operator that follows an operand.
type class uint8

const (
	ord class = iota
	bin
	rel
)

// sym is what a symbol command or character becomes: an element of one
// leaf (mi, mo or mn) with constant attributes.
type sym struct {
	tag   string
	text  string
	class class
	// limits marks operators whose scripts go under and over them in
	// display style (∑, lim); Chromium moves them to the side inline.
	limits bool
}

const upright = ` mathvariant="normal"`

// greek holds the Greek letters; capitals are upright, as in TeX.
var greek = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ",
	"varepsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ",
	"iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ",
	"pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ",
	"varsigma": "ς", "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ",
	"chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ",
	"Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ",
	"Omega": "Ω",
}

// symbols holds every other symbol command.
var symbols = map[string]sym{
	// Binary operators.
	"times": {"mo", "×", bin, false}, "cdot": {"mo", "⋅", bin, false},
	"pm": {"mo", "±", bin, false}, "mp": {"mo", "∓", bin, false},
	"div": {"mo", "÷", bin, false}, "ast": {"mo", "∗", bin, false},
	"star": {"mo", "⋆", bin, false}, "circ": {"mo", "∘", bin, false},
	"bullet": {"mo", "∙", bin, false}, "odot": {"mo", "⊙", bin, false},
	"otimes": {"mo", "⊗", bin, false}, "oplus": {"mo", "⊕", bin, false},
	"cap": {"mo", "∩", bin, false}, "cup": {"mo", "∪", bin, false},
	"wedge": {"mo", "∧", bin, false}, "vee": {"mo", "∨", bin, false},
	"land": {"mo", "∧", bin, false}, "lor": {"mo", "∨", bin, false},
	"setminus": {"mo", "∖", bin, false},
	// Relations.
	"approx": {"mo", "≈", rel, false}, "le": {"mo", "≤", rel, false},
	"leq": {"mo", "≤", rel, false}, "ge": {"mo", "≥", rel, false},
	"geq": {"mo", "≥", rel, false}, "ne": {"mo", "≠", rel, false},
	"neq": {"mo", "≠", rel, false}, "ll": {"mo", "≪", rel, false},
	"gg": {"mo", "≫", rel, false}, "propto": {"mo", "∝", rel, false},
	"sim": {"mo", "∼", rel, false}, "simeq": {"mo", "≃", rel, false},
	"cong": {"mo", "≅", rel, false}, "equiv": {"mo", "≡", rel, false},
	"lesssim": {"mo", "≲", rel, false}, "gtrsim": {"mo", "≳", rel, false},
	"in": {"mo", "∈", rel, false}, "notin": {"mo", "∉", rel, false},
	"ni": {"mo", "∋", rel, false}, "subset": {"mo", "⊂", rel, false},
	"subseteq": {"mo", "⊆", rel, false}, "supset": {"mo", "⊃", rel, false},
	"supseteq": {"mo", "⊇", rel, false}, "perp": {"mo", "⊥", rel, false},
	"parallel": {"mo", "∥", rel, false}, "mid": {"mo", "∣", rel, false},
	"to": {"mo", "→", rel, false}, "rightarrow": {"mo", "→", rel, false},
	"leftarrow": {"mo", "←", rel, false}, "gets": {"mo", "←", rel, false},
	"leftrightarrow": {"mo", "↔", rel, false}, "Rightarrow": {"mo", "⇒", rel, false},
	"Leftarrow": {"mo", "⇐", rel, false}, "Leftrightarrow": {"mo", "⇔", rel, false},
	"implies": {"mo", "⟹", rel, false}, "iff": {"mo", "⟺", rel, false},
	"longrightarrow": {"mo", "⟶", rel, false}, "longleftarrow": {"mo", "⟵", rel, false},
	"rightleftharpoons": {"mo", "⇌", rel, false}, "leftrightarrows": {"mo", "⇆", rel, false},
	"uparrow": {"mo", "↑", rel, false}, "downarrow": {"mo", "↓", rel, false},
	"mapsto": {"mo", "↦", rel, false},
	// Large operators: scripts under and over in display style.
	"sum": {"mo", "∑", ord, true}, "prod": {"mo", "∏", ord, true},
	"coprod": {"mo", "∐", ord, true}, "bigcup": {"mo", "⋃", ord, true},
	"bigcap": {"mo", "⋂", ord, true}, "bigwedge": {"mo", "⋀", ord, true},
	"bigvee": {"mo", "⋁", ord, true}, "bigoplus": {"mo", "⨁", ord, true},
	"bigotimes": {"mo", "⨂", ord, true},
	"int":       {"mo", "∫", ord, false}, "iint": {"mo", "∬", ord, false},
	"iiint": {"mo", "∭", ord, false}, "oint": {"mo", "∮", ord, false},
	// Ordinary symbols.
	"infty": {"mi", "∞", ord, false}, "partial": {"mi", "∂", ord, false},
	"nabla": {"mi", "∇", ord, false}, "hbar": {"mi", "ℏ", ord, false},
	"ell": {"mi", "ℓ", ord, false}, "emptyset": {"mi", "∅", ord, false},
	"varnothing": {"mi", "∅", ord, false}, "forall": {"mo", "∀", ord, false},
	"exists": {"mo", "∃", ord, false}, "neg": {"mo", "¬", ord, false},
	"lnot": {"mo", "¬", ord, false}, "angle": {"mi", "∠", ord, false},
	"triangle": {"mi", "△", ord, false}, "degree": {"mi", "°", ord, false},
	"prime": {"mo", "′", ord, false}, "dots": {"mo", "…", ord, false},
	"ldots": {"mo", "…", ord, false}, "cdots": {"mo", "⋯", ord, false},
	"vdots": {"mo", "⋮", ord, false}, "ddots": {"mo", "⋱", ord, false},
	"aleph": {"mi", "ℵ", ord, false}, "Re": {"mi", "ℜ", ord, false},
	"Im": {"mi", "ℑ", ord, false}, "wp": {"mi", "℘", ord, false},
	"top": {"mi", "⊤", ord, false}, "bot": {"mi", "⊥", ord, false},
	"colon": {"mo", ":", ord, false},
	// Delimiters met outside \left and \right.
	"langle": {"mo", "⟨", ord, false}, "rangle": {"mo", "⟩", ord, false},
	"lvert": {"mo", "|", ord, false}, "rvert": {"mo", "|", ord, false},
	"vert": {"mo", "|", ord, false}, "lVert": {"mo", "‖", ord, false},
	"rVert": {"mo", "‖", ord, false}, "Vert": {"mo", "‖", ord, false},
	"lfloor": {"mo", "⌊", ord, false}, "rfloor": {"mo", "⌋", ord, false},
	"lceil": {"mo", "⌈", ord, false}, "rceil": {"mo", "⌉", ord, false},
	"lbrace": {"mo", "{", ord, false}, "rbrace": {"mo", "}", ord, false},
	"{": {"mo", "{", ord, false}, "}": {"mo", "}", ord, false},
	"|": {"mo", "‖", ord, false},
	// Escaped characters.
	"%": {"mo", "%", ord, false}, "$": {"mo", "$", ord, false},
	"#": {"mo", "#", ord, false}, "&": {"mo", "&", ord, false},
	"_": {"mo", "_", ord, false},
}

// functions are the operator names TeX sets upright; those with limits
// take their scripts under them in display style, as \lim does.
var functions = map[string]bool{
	"sin": false, "cos": false, "tan": false, "cot": false, "sec": false,
	"csc": false, "sinh": false, "cosh": false, "tanh": false, "coth": false,
	"arcsin": false, "arccos": false, "arctan": false, "ln": false,
	"log": false, "lg": false, "exp": false, "deg": false, "arg": false,
	"dim": false, "ker": false, "hom": false,
	"lim": true, "max": true, "min": true, "sup": true, "inf": true,
	"det": true, "gcd": true, "Pr": true, "limsup": true, "liminf": true,
	"argmax": true, "argmin": true,
}

// spaces are TeX's spacing commands and their widths.
var spaces = map[string]string{
	",": ` width="0.1667em"`, ":": ` width="0.2222em"`, ">": ` width="0.2222em"`,
	";": ` width="0.2778em"`, " ": ` width="0.3333em"`, "quad": ` width="1em"`,
	"qquad": ` width="2em"`, "enspace": ` width="0.5em"`, "thinspace": ` width="0.1667em"`,
	"!": "", "negthinspace": "",
}

// accents are the accents over (or, for underline, under) their argument.
var accents = map[string]string{
	"bar": "¯", "overline": "‾", "hat": "^", "widehat": "^", "tilde": "~",
	"widetilde": "~", "dot": "˙", "ddot": "¨", "vec": "→", "check": "ˇ",
	"breve": "˘", "acute": "´", "grave": "`", "overrightarrow": "→",
	"overleftarrow": "←", "underline": "_",
}

// bigSizes are the heights of \big and its kin, as KaTeX draws them.
var bigSizes = map[string]string{
	"big": ` minsize="1.2em" maxsize="1.2em"`, "bigl": ` minsize="1.2em" maxsize="1.2em"`,
	"bigr": ` minsize="1.2em" maxsize="1.2em"`, "bigm": ` minsize="1.2em" maxsize="1.2em"`,
	"Big": ` minsize="1.623em" maxsize="1.623em"`, "Bigl": ` minsize="1.623em" maxsize="1.623em"`,
	"Bigr": ` minsize="1.623em" maxsize="1.623em"`, "Bigm": ` minsize="1.623em" maxsize="1.623em"`,
	"bigg": ` minsize="2.047em" maxsize="2.047em"`, "biggl": ` minsize="2.047em" maxsize="2.047em"`,
	"biggr": ` minsize="2.047em" maxsize="2.047em"`, "biggm": ` minsize="2.047em" maxsize="2.047em"`,
	"Bigg": ` minsize="2.470em" maxsize="2.470em"`, "Biggl": ` minsize="2.470em" maxsize="2.470em"`,
	"Biggr": ` minsize="2.470em" maxsize="2.470em"`, "Biggm": ` minsize="2.470em" maxsize="2.470em"`,
}

// delimiters are what \left, \right, \middle and \big may size.
var delimiters = map[string]string{
	"(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "/": "/", ".": "",
	`\{`: "{", `\}`: "}", `\lbrace`: "{", `\rbrace`: "}", `\langle`: "⟨",
	`\rangle`: "⟩", `\lvert`: "|", `\rvert`: "|", `\vert`: "|", `\|`: "‖",
	`\Vert`: "‖", `\lVert`: "‖", `\rVert`: "‖", `\lfloor`: "⌊", `\rfloor`: "⌋",
	`\lceil`: "⌈", `\rceil`: "⌉", "<": "⟨", ">": "⟩",
}

// ignored are commands that change nothing the converter draws.
var ignored = map[string]bool{
	"displaystyle": true, "textstyle": true, "limits": true, "nolimits": true,
	"nonumber": true, "notag": true,
}

// unicodeClass is the class of the symbols above when they are typed as
// characters (× rather than \times).
var unicodeClass = func() map[rune]class {
	m := map[rune]class{'−': bin}
	for _, s := range symbols {
		r, size := utf8.DecodeRuneInString(s.text)
		if s.class != ord && size == len(s.text) {
			m[r] = s.class
		}
	}
	return m
}()
