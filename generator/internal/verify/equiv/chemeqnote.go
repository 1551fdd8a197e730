package equiv

import (
	"regexp"
	"slices"
	"sort"
	"strings"
)

// What a chemical equation may carry beside its species: conditions written
// over or under the arrow (\xrightarrow[MnO2]{\Delta}, ->[\Delta],
// \overset{heat}{->}) and marks of a gas given off or a precipitate (H2↑,
// AgCl↓, mhchem's "O2 ^" and "AgCl v"). They do not change the species, so
// they decide nothing alone: an equation equal by its species is still
// equal when the answer adds conditions or marks the reference lacks, and
// undecided when the reference writes conditions the answer lacks or
// differs on them, or when both write marks and the marks differ.

var (
	reXArrow  = regexp.MustCompile(`\\x(rightarrow|rightleftharpoons)\s*(?:\[([^\[\]{}]*)\])?\s*\{([^{}]*)\}`)
	reOverset = regexp.MustCompile(`\\(?:overset|stackrel)\s*\{([^{}]*)\}\s*\{\s*(->|→|⟶|\\longrightarrow|\\to)\s*\}`)
	// mhchem's ->[above][below], followed by a space: ->[Cu(NH3)4]SO4
	// writes a complex right after the arrow.
	reBrackets = regexp.MustCompile(`(->|→|⟶|⇌|<>=)\[([^\[\]]*)\](?:\[([^\[\]]*)\])?(\s|$)`)
	condWords  = strings.NewReplacer(`\text`, "", `\mathrm`, "", `\Delta`, "Δ", "△", "Δ", "{", "", "}", "", " ", "", `\`, "")
)

// eqConditions takes the conditions off the arrow of s, returning s with a
// plain arrow and the conditions in one canonical string ("" for none);
// ok is false when an arrow that carries conditions is not read.
func eqConditions(s string) (string, string, bool) {
	if !strings.Contains(s, `\x`) && !strings.Contains(s, "set") && !strings.Contains(s, "[") {
		return s, "", true
	}
	var conds []string
	add := func(parts ...string) {
		for _, part := range parts {
			for _, c := range strings.FieldsFunc(part, func(r rune) bool { return r == ',' || r == ';' }) {
				c = strings.ToLower(condWords.Replace(c))
				switch c {
				case "", "δ":
					if c == "δ" {
						conds = append(conds, "Δ")
					}
					continue
				case "heat", "heating", "heated", "warm":
					c = "Δ"
				}
				conds = append(conds, c)
			}
		}
	}
	s = reXArrow.ReplaceAllStringFunc(s, func(m string) string {
		g := reXArrow.FindStringSubmatch(m)
		add(g[2], g[3])
		if g[1] == "rightleftharpoons" {
			return " ⇌ "
		}
		return " -> "
	})
	s = reOverset.ReplaceAllStringFunc(s, func(m string) string {
		add(reOverset.FindStringSubmatch(m)[1])
		return " -> "
	})
	s = reBrackets.ReplaceAllStringFunc(s, func(m string) string {
		g := reBrackets.FindStringSubmatch(m)
		add(g[2], g[3])
		return g[1] + g[4]
	})
	if strings.Contains(s, `\x`) || strings.Contains(s, `\overset`) || strings.Contains(s, `\stackrel`) {
		return "", "", false
	}
	sort.Strings(conds)
	return s, strings.Join(slices.Compact(conds), ","), true
}

// eqMark takes a gas or precipitate mark off the end of a term.
func eqMark(t string) (string, byte) {
	t = strings.TrimSpace(t)
	for _, m := range []struct {
		suffix string
		mark   byte
	}{{"↑", 'g'}, {"↓", 's'}, {`\uparrow`, 'g'}, {`\downarrow`, 's'}, {" ^", 'g'}, {" v", 's'}} {
		if strings.HasSuffix(t, m.suffix) {
			return strings.TrimSpace(strings.TrimSuffix(t, m.suffix)), m.mark
		}
	}
	return t, 0
}

// annotationsAgree keeps an Equal verdict on the species only when the
// conditions and marks allow it (see the top of this file).
func annotationsAgree(g, p *chemEq, r Result) Result {
	if g.conds != "" && g.conds != p.conds {
		if p.conds == "" {
			return undecided("chem_equation", "the reference writes conditions over the arrow (%s), the answer none", g.conds)
		}
		return undecided("chem_equation", "the conditions over the arrow differ (%s vs %s)", g.conds, p.conds)
	}
	gm, pm := markList(g), markList(p)
	if gm != "" && pm != "" && gm != pm {
		return undecided("chem_equation", "the gas and precipitate marks differ (%s vs %s)", gm, pm)
	}
	return r
}

// markList lists the marked species of an equation in one string.
func markList(eq *chemEq) string {
	var marks []string
	for k, side := range eq.sides {
		for key, sp := range side {
			if sp.mark != 0 {
				marks = append(marks, string(rune('0'+k))+key+string(sp.mark))
			}
		}
	}
	sort.Strings(marks)
	return strings.Join(marks, " ")
}

// speciesOnly reports whether s is a sum of species without an arrow or an
// equals sign: a product, or the reactants, but no equation.
func speciesOnly(s string) bool {
	if strings.ContainsAny(s, "=<>→⟶⇌⇄\\") {
		return false
	}
	terms, ok := splitEqTerms(strings.TrimSpace(s))
	if !ok {
		return false
	}
	for _, t := range terms {
		if alts, ok := parseEqTermAlts(t); !ok || len(alts) != 1 {
			return false
		}
	}
	return true
}
