package rules

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/verify"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/verify/equiv"
)

// constant is a physical constant the constant-value rule knows, found by
// its name (never by its symbol alone: R, h, c and e mean too many things).
type constant struct {
	// lit is a literal every match of name contains: a cheap filter.
	lit  string
	name *regexp.Regexp
	// values are accepted statements of the constant, value and unit,
	// in the notations textbooks use (CODATA 2018 values).
	values []string
	// bare are accepted values when a model states no unit.
	bare []string
}

// constants is the table of the constant-value rule. It is small on
// purpose: a constant belongs here only when its name is unambiguous.
var constants = []constant{
	{"gas constant", regexp.MustCompile(`\b(?:universal |molar |ideal[- ])?gas constant\b`),
		[]string{"8.314462618 J/(mol K)", "0.0820574 L atm/(mol K)", "1.987204 cal/(mol K)", "62.36367 L Torr/(mol K)", "0.08314463 L bar/(mol K)"},
		[]string{"8.314462618", "0.0820574", "1.987204", "62.36367", "0.08314463"}},
	{"boltzmann", regexp.MustCompile(`\bboltzmann(?:'s)? constant\b`),
		[]string{"1.380649e-23 J/K", "8.617333e-5 eV/K"},
		[]string{"1.380649e-23", "8.617333e-5"}},
	{"planck", regexp.MustCompile(`\bplanck(?:'s)? constant\b`),
		[]string{"6.62607015e-34 J s", "4.135667696e-15 eV s"},
		[]string{"6.62607015e-34", "4.135667696e-15"}},
	{"avogadro", regexp.MustCompile(`\bavogadro(?:'s)? (?:constant|number)\b`),
		[]string{"6.02214076e23 mol^-1"},
		[]string{"6.02214076e23"}},
	{"elementary charge", regexp.MustCompile(`\belementary charge\b`),
		[]string{"1.602176634e-19 C"},
		[]string{"1.602176634e-19"}},
	{"speed of light", regexp.MustCompile(`\bspeed of light\b`),
		[]string{"2.99792458e8 m/s"},
		[]string{"2.99792458e8"}},
	{"faraday", regexp.MustCompile(`\bfaraday(?:'s)? constant\b`),
		[]string{"96485.33212 C/mol"},
		[]string{"96485.33212"}},
	{"permittivity", regexp.MustCompile(`\b(?:vacuum permittivity|permittivity of (?:free space|vacuum))\b`),
		[]string{"8.8541878128e-12 F/m"},
		[]string{"8.8541878128e-12"}},
	{"stefan", regexp.MustCompile(`\bstefan[-–]boltzmann constant\b`),
		[]string{"5.670374419e-8 W/(m^2 K^4)"},
		[]string{"5.670374419e-8"}},
}

// constTolerance accepts the usual roundings (3.00e8 for c, 8.31 for R).
var constTolerance = equiv.Tolerance{Kind: equiv.Relative, Value: 0.01}

// stated finds "= value [unit]" (or "≈", "is", "of") shortly after a name.
var stated = regexp.MustCompile(`^[^.;\n]{0,40}?(?:=|≈|\\approx|\bis\b|\bof\b)\s*`)

func constantValues(ctx context.Context, _ *sciifdata.Item, ans *verify.Answer) sciifdata.RuleVerdict {
	const rule = "symbols_constants_standardization/constant-value"
	response := ans.Text
	// Names are matched in the ASCII-lower-cased text, which keeps byte
	// offsets, so values are read from the original text.
	lower := ans.Lower()
	for _, c := range constants {
		if !strings.Contains(lower, c.lit) {
			continue
		}
		for _, loc := range c.name.FindAllStringIndex(lower, -1) {
			after := response[loc[1]:]
			m := stated.FindStringIndex(after)
			if m == nil {
				continue
			}
			value := clipStatement(after[m[1]:])
			if value == "" {
				continue
			}
			name := response[loc[0]:loc[1]]
			if wrong, reason := wrongValue(ctx, c, value); wrong {
				return sciifdata.RuleVerdict{Outcome: outcome.Fail, Rule: rule, Evidence: name + " … " + value,
					Reason: fmt.Sprintf("the %s is stated as %s; %s", strings.ToLower(name), value, reason)}
			}
		}
	}
	return undecided(rule, "no named constant with a wrong value; completeness of the declarations is for the judges")
}

// clipStatement keeps the value and unit that start s: up to the end of the
// sentence, clause or math span.
func clipStatement(s string) string {
	end := len(s)
	for _, stop := range []string{"; ", ", ", ". ", ".\n", "\n", " (", " and ", " for ", " so ", " which "} {
		if i := strings.Index(s, stop); i >= 0 && i < end {
			end = i
		}
	}
	// Stop at the first ordinary word: units are short or spelled out.
	words := strings.Fields(s[:end])
	for i, w := range words {
		lw := strings.ToLower(strings.Trim(w, ".,;:$"))
		if i > 0 && len(lw) >= 5 && isWord(lw) && !spelledUnits[lw] {
			end = strings.Index(s, w)
			break
		}
	}
	if end > 60 {
		return ""
	}
	v := strings.TrimSpace(s[:end])
	v = strings.TrimSuffix(v, ".")
	v = strings.Trim(v, "$ ")
	return v
}

// wrongValue reports whether value is reliably not the constant c: some
// comparison decided NotEqual and none decided Equal.
func wrongValue(ctx context.Context, c constant, value string) (bool, string) {
	tol := constTolerance
	decidedNo := false
	try := func(refs []string, typ string) bool {
		for _, ref := range refs {
			r := equiv.Compare(ctx, ref, value, equiv.Options{Tolerance: &tol, Type: typ})
			switch r.Verdict {
			case equiv.Equal:
				return true
			case equiv.NotEqual:
				decidedNo = true
			}
		}
		return false
	}
	if bareNumber.MatchString(value) {
		if try(c.bare, "numeric") {
			return false, ""
		}
	} else if try(c.values, "numeric") {
		return false, ""
	}
	if !decidedNo {
		return false, ""
	}
	return true, "the accepted value is " + c.values[0] + " (CODATA 2018), within 1%"
}

// spelledUnits are unit names long enough to look like ordinary words.
var spelledUnits = map[string]bool{
	"kelvin": true, "kelvins": true, "joule": true, "joules": true, "meter": true, "metre": true,
	"meters": true, "metres": true, "second": true, "seconds": true, "liter": true, "litre": true,
	"liters": true, "litres": true, "coulomb": true, "coulombs": true, "pascal": true, "pascals": true,
	"moles": true, "farad": true, "farads": true, "electronvolt": true, "electronvolts": true,
}

func isWord(s string) bool {
	for _, r := range s {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}
