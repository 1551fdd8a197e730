package equiv

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// dims is an SI exponent vector: m, kg, s, A, K, mol, cd.
type dims [7]int

var dimNames = [7]string{"m", "kg", "s", "A", "K", "mol", "cd"}

// kinds tells apart quantities of one SI dimension that are different
// kinds of quantity: plane angle (rad) and cycles (Hz = cycle/s) against
// activity (Bq), absorbed dose (Gy) against equivalent dose (Sv), energy (J)
// against torque (N m). Each entry is an exponent, multiplied like dims.
// A unit without a tag (s^-1, J/kg, kg m^2 s^-2) is generic and matches
// any kind of its dimension; two tagged units match only when one's tags
// are a part of the other's (Gy = J/kg), or through the one conversion
// physics defines between them, a cycle = 2π rad (Hz to rad/s).
type kinds [7]int8

// Indices of kinds.
const (
	kRad = iota // plane angle; sr is rad^2
	kCyc        // cycles: Hz
	kBq         // radioactive decays
	kGy         // absorbed dose
	kSv         // equivalent and effective dose
	kJ          // energy written as energy (J, eV, cal)
	kN          // force written as force (N, dyn), so N m is not J
)

var quantityKindNames = [7]string{"rad", "cycle", "Bq", "Gy", "Sv", "J", "N"}

func kindOf(pairs ...int) kinds {
	var k kinds
	for i := 0; i+1 < len(pairs); i += 2 {
		k[pairs[i]] = int8(pairs[i+1])
	}
	return k
}

var (
	kAngle  = kindOf(kRad, 1)
	kEnergy = kindOf(kJ, 1)
	kForce  = kindOf(kN, 1)
)

// sub reports whether every tag of a is in b with the same exponent.
func (a kinds) sub(b kinds) bool {
	for i := range a {
		if a[i] != 0 && a[i] != b[i] {
			return false
		}
	}
	return true
}

// cycles reads cycles as 2π rad and returns how many were read.
func (a kinds) cycles() (kinds, int) {
	n := int(a[kCyc])
	a[kRad] += a[kCyc]
	a[kCyc] = 0
	return a, n
}

// matchKinds reports whether two units of one dimension measure the same
// kind of quantity, and if so how many cycles to read as 2π rad in each to
// compare them (0 and 0 when both compare in plain SI).
func matchKinds(a, b kinds) (ok bool, ca, cb int) {
	if a.sub(b) || b.sub(a) {
		return true, 0, 0
	}
	a2, ca := a.cycles()
	b2, cb := b.cycles()
	if a2 == b2 {
		return true, ca, cb
	}
	return false, 0, 0
}

func (a kinds) String() string {
	var parts []string
	for i, e := range a {
		switch {
		case e == 1:
			parts = append(parts, quantityKindNames[i])
		case e != 0:
			parts = append(parts, quantityKindNames[i]+"^"+strconv.Itoa(int(e)))
		}
	}
	if len(parts) == 0 {
		return "generic"
	}
	return strings.Join(parts, " ")
}

// unitDef is one row of the unit table.
type unitDef struct {
	d      dims
	k      kinds
	scale  float64 // SI value of one unit
	offset float64 // SI value of the unit's zero (absolute temperatures)
	prefix bool    // accepts SI prefixes
	temp   bool    // a temperature unit whose difference scale is scale
}

func d(m, kg, s, a, k, mol, cd int) dims { return dims{m, kg, s, a, k, mol, cd} }

var (
	dLen    = d(1, 0, 0, 0, 0, 0, 0)
	dMass   = d(0, 1, 0, 0, 0, 0, 0)
	dTime   = d(0, 0, 1, 0, 0, 0, 0)
	dNone   = dims{}
	dEnergy = d(2, 1, -2, 0, 0, 0, 0)
	dPress  = d(-1, 1, -2, 0, 0, 0, 0)
	dVol    = d(3, 0, 0, 0, 0, 0, 0)
)

// unitTable maps symbols and names to units. Symbols are case-sensitive;
// names are matched in lower case. Extend it by adding rows.
var unitTable = map[string]unitDef{
	// SI base and derived units.
	"m":   {d: dLen, scale: 1, prefix: true},
	"g":   {d: dMass, scale: 1e-3, prefix: true},
	"s":   {d: dTime, scale: 1, prefix: true},
	"A":   {d: d(0, 0, 0, 1, 0, 0, 0), scale: 1, prefix: true},
	"K":   {d: d(0, 0, 0, 0, 1, 0, 0), scale: 1, prefix: true, temp: true},
	"mol": {d: d(0, 0, 0, 0, 0, 1, 0), scale: 1, prefix: true},
	"cd":  {d: d(0, 0, 0, 0, 0, 0, 1), scale: 1},
	"Hz":  {d: d(0, 0, -1, 0, 0, 0, 0), k: kindOf(kCyc, 1), scale: 1, prefix: true},
	"N":   {d: d(1, 1, -2, 0, 0, 0, 0), k: kForce, scale: 1, prefix: true},
	"Pa":  {d: dPress, scale: 1, prefix: true},
	"J":   {d: dEnergy, k: kEnergy, scale: 1, prefix: true},
	"W":   {d: d(2, 1, -3, 0, 0, 0, 0), scale: 1, prefix: true},
	"C":   {d: d(0, 0, 1, 1, 0, 0, 0), scale: 1, prefix: true},
	"V":   {d: d(2, 1, -3, -1, 0, 0, 0), scale: 1, prefix: true},
	"Ω":   {d: d(2, 1, -3, -2, 0, 0, 0), scale: 1, prefix: true},
	"ohm": {d: d(2, 1, -3, -2, 0, 0, 0), scale: 1, prefix: true},
	"F":   {d: d(-2, -1, 4, 2, 0, 0, 0), scale: 1, prefix: true},
	"S":   {d: d(-2, -1, 3, 2, 0, 0, 0), scale: 1, prefix: true},
	"T":   {d: d(0, 1, -2, -1, 0, 0, 0), scale: 1, prefix: true},
	"Wb":  {d: d(2, 1, -2, -1, 0, 0, 0), scale: 1, prefix: true},
	"H":   {d: d(2, 1, -2, -2, 0, 0, 0), scale: 1, prefix: true},
	"Bq":  {d: d(0, 0, -1, 0, 0, 0, 0), k: kindOf(kBq, 1), scale: 1, prefix: true},
	"Gy":  {d: d(2, 0, -2, 0, 0, 0, 0), k: kindOf(kGy, 1, kJ, 1), scale: 1, prefix: true},
	"Sv":  {d: d(2, 0, -2, 0, 0, 0, 0), k: kindOf(kSv, 1, kJ, 1), scale: 1, prefix: true},
	"kat": {d: d(0, 0, -1, 0, 0, 1, 0), scale: 1},
	"lm":  {d: d(0, 0, 0, 0, 0, 0, 1), k: kindOf(kRad, 2), scale: 1, prefix: true},  // lumen, cd sr
	"lx":  {d: d(-2, 0, 0, 0, 0, 0, 1), k: kindOf(kRad, 2), scale: 1, prefix: true}, // lux, lm/m^2
	// Accepted and common units.
	"L":     {d: dVol, scale: 1e-3, prefix: true},
	"l":     {d: dVol, scale: 1e-3, prefix: true},
	"M":     {d: d(-3, 0, 0, 0, 0, 1, 0), scale: 1e3, prefix: true}, // mol/L
	"min":   {d: dTime, scale: 60},
	"h":     {d: dTime, scale: 3600},
	"hr":    {d: dTime, scale: 3600},
	"day":   {d: dTime, scale: 86400},
	"yr":    {d: dTime, scale: 31557600, prefix: true}, // Julian year
	"atm":   {d: dPress, scale: 101325},
	"bar":   {d: dPress, scale: 1e5, prefix: true},
	"Torr":  {d: dPress, scale: 101325.0 / 760},
	"torr":  {d: dPress, scale: 101325.0 / 760},
	"mmHg":  {d: dPress, scale: 133.322387415},
	"psi":   {d: dPress, scale: 6894.757293168},
	"eV":    {d: dEnergy, k: kEnergy, scale: 1.602176634e-19, prefix: true},
	"cal":   {d: dEnergy, k: kEnergy, scale: 4.184, prefix: true},
	"erg":   {d: dEnergy, k: kEnergy, scale: 1e-7},
	"Wh":    {d: dEnergy, k: kEnergy, scale: 3600, prefix: true},
	"Å":     {d: dLen, scale: 1e-10},
	"Da":    {d: dMass, scale: 1.66053906660e-27, prefix: true},
	"u":     {d: dMass, scale: 1.66053906660e-27},
	"amu":   {d: dMass, scale: 1.66053906660e-27},
	"t":     {d: dMass, scale: 1000},
	"lb":    {d: dMass, scale: 0.45359237},
	"ft":    {d: dLen, scale: 0.3048},
	"mi":    {d: dLen, scale: 1609.344},
	"au":    {d: dLen, scale: 149597870700},
	"AU":    {d: dLen, scale: 149597870700},
	"ly":    {d: dLen, scale: 9460730472580800},
	"pc":    {d: dLen, scale: 3.0856775814913673e16, prefix: true},
	"G":     {d: d(0, 1, -2, -1, 0, 0, 0), scale: 1e-4}, // gauss
	"Ci":    {d: d(0, 0, -1, 0, 0, 0, 0), k: kindOf(kBq, 1), scale: 3.7e10, prefix: true},
	"rad":   {d: dNone, k: kAngle, scale: 1, prefix: true}, // mrad: the milliradian, or the millirad of dose
	"sr":    {d: dNone, k: kindOf(kRad, 2), scale: 1},
	"°":     {d: dNone, k: kAngle, scale: math.Pi / 180},
	"deg":   {d: dNone, k: kAngle, scale: math.Pi / 180},
	"%":     {d: dNone, scale: 0.01},
	"‰":     {d: dNone, scale: 0.001},
	"ppm":   {d: dNone, scale: 1e-6},
	"ppb":   {d: dNone, scale: 1e-9},
	"°C":    {d: d(0, 0, 0, 0, 1, 0, 0), scale: 1, offset: 273.15, temp: true},
	"°F":    {d: d(0, 0, 0, 0, 1, 0, 0), scale: 5.0 / 9, offset: 459.67 * 5 / 9, temp: true},
	"degC":  {d: d(0, 0, 0, 0, 1, 0, 0), scale: 1, offset: 273.15, temp: true},
	"degF":  {d: d(0, 0, 0, 0, 1, 0, 0), scale: 5.0 / 9, offset: 459.67 * 5 / 9, temp: true},
	"°R":    {d: d(0, 0, 0, 0, 1, 0, 0), scale: 5.0 / 9, temp: true},
	"c":     {d: d(1, 0, -1, 0, 0, 0, 0), scale: 299792458},  // only after a number: 0.5c
	"D":     {d: d(1, 0, 1, 1, 0, 0, 0), scale: 3.33564e-30}, // debye
	"dyn":   {d: d(1, 1, -2, 0, 0, 0, 0), k: kForce, scale: 1e-5},
	"P":     {d: d(-1, 1, -1, 0, 0, 0, 0), scale: 0.1, prefix: true}, // poise
	"St":    {d: d(2, 0, -1, 0, 0, 0, 0), scale: 1e-4, prefix: true},
	"molal": {d: d(0, -1, 0, 0, 0, 1, 0), scale: 1},
	"rem":   {d: d(2, 0, -2, 0, 0, 0, 0), k: kindOf(kSv, 1, kJ, 1), scale: 0.01, prefix: true},
}

// unitNames are spelled-out units, matched case-insensitively, singular
// or plural.
var unitNames = map[string]string{
	"meter": "m", "metre": "m", "kilometer": "km", "kilometre": "km", "centimeter": "cm", "centimetre": "cm",
	"millimeter": "mm", "millimetre": "mm", "micrometer": "μm", "micrometre": "μm", "micron": "μm", "nanometer": "nm", "nanometre": "nm",
	"gram": "g", "kilogram": "kg", "milligram": "mg", "microgram": "μg", "second": "s", "sec": "s", "millisecond": "ms",
	"minute": "min", "hour": "h", "day": "day", "year": "yr", "liter": "L", "litre": "L", "milliliter": "mL", "millilitre": "mL",
	"mole": "mol", "millimole": "mmol", "joule": "J", "kilojoule": "kJ", "calorie": "cal", "kilocalorie": "kcal",
	"kelvin": "K", "newton": "N", "watt": "W", "kilowatt": "kW", "volt": "V", "ampere": "A", "amp": "A", "coulomb": "C",
	"pascal": "Pa", "kilopascal": "kPa", "atmosphere": "atm", "hertz": "Hz", "ohm": "Ω", "farad": "F", "tesla": "T",
	"mile": "mi", "foot": "ft", "feet": "ft", "pound": "lb", "degree": "°", "radian": "rad", "angstrom": "Å", "ångström": "Å",
	"electronvolt": "eV", "dalton": "Da", "kilodalton": "kDa", "percent": "%", "pct": "%", "percentage": "%", "molar": "M",
	"celsius": "°C", "fahrenheit": "°F", "gauss": "G", "henry": "H", "becquerel": "Bq",
	"gray": "Gy", "sievert": "Sv", "steradian": "sr", "curie": "Ci", "lumen": "lm", "lux": "lx", "candela": "cd",
}

var prefixes = []struct {
	p string
	f float64
}{
	{"da", 1e1}, {"Y", 1e24}, {"Z", 1e21}, {"E", 1e18}, {"P", 1e15}, {"T", 1e12}, {"G", 1e9}, {"M", 1e6}, {"k", 1e3},
	{"h", 1e2}, {"d", 1e-1}, {"c", 1e-2}, {"m", 1e-3}, {"μ", 1e-6}, {"u", 1e-6}, {"n", 1e-9}, {"p", 1e-12},
	{"f", 1e-15}, {"a", 1e-18}, {"z", 1e-21}, {"y", 1e-24},
}

// unit is a parsed compound unit.
type unit struct {
	d      dims
	k      kinds
	scale  float64
	offset float64 // nonzero only for a lone absolute temperature
	dscale float64 // scale when read as a temperature difference
	opaque string  // unknown words, canonical ("yuan" or "apple^1 box^-1")
	text   string
	temp   bool // a lone temperature unit (°C, °F, K)
}

// lookupUnit resolves one symbol: exact, then by name, then prefix+symbol.
func lookupUnit(sym string) (unitDef, bool) {
	if u, ok := unitTable[sym]; ok {
		return u, true
	}
	low := strings.ToLower(sym)
	for _, cand := range []string{low, strings.TrimSuffix(low, "s"), strings.TrimSuffix(low, "es")} {
		if s, ok := unitNames[cand]; ok {
			return lookupUnit(s)
		}
	}
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(sym, p.p); ok && rest != "" {
			if u, ok := unitTable[rest]; ok && u.prefix {
				u.scale *= p.f
				return u, true
			}
		}
	}
	return unitDef{}, false
}

// parseUnit reads a compound unit: factors separated by spaces, *, or .,
// with exponents (^2, ^{-1}, 2, -1) and divisions. After a "/", every
// factor up to the next "/" or ")" is in the denominator, as in
// "J/mol K" = J mol^-1 K^-1.
func parseUnit(s string) (*unit, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 200 {
		return nil, false
	}
	p := &unitParser{s: s}
	u, ok := p.product()
	if !ok || p.i != len(p.s) {
		return nil, false
	}
	u.text = s
	return u, true
}

type unitParser struct {
	s     string
	i     int
	depth int
	// factor count and temperature tracking for the °C rule.
	factors int
	tempDef *unitDef
	tempExp int
}

type acc struct {
	d      dims
	k      kinds
	scale  float64
	dscale float64
	opaque map[string]int
}

func (p *unitParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '*') {
		p.i++
	}
}

func (p *unitParser) product() (*unit, bool) {
	a, ok := p.seq()
	if !ok {
		return nil, false
	}
	u := &unit{d: a.d, k: a.k, scale: a.scale, dscale: a.dscale, opaque: canonOpaque(a.opaque)}
	if p.factors == 1 && p.tempDef != nil && p.tempExp == 1 {
		u.offset = p.tempDef.offset
		u.temp = true
	}
	return u, true
}

// seq parses factors and divisions until ")" or the end.
func (p *unitParser) seq() (acc, bool) {
	a := acc{scale: 1, dscale: 1}
	p.depth++
	if p.depth > 20 {
		return a, false
	}
	defer func() { p.depth-- }()
	sign := 1
	n := 0
	for {
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] == ')' {
			break
		}
		if p.s[p.i] == '/' {
			if n == 0 && sign == 1 {
				return a, false
			}
			p.i++
			sign = -1
			continue
		}
		if p.s[p.i] == '.' && n > 0 {
			p.i++
			continue
		}
		f, ok := p.factor()
		if !ok {
			return a, false
		}
		a.mul(f, sign)
		n++
	}
	return a, n > 0
}

func (a *acc) mul(f acc, sign int) {
	for i := range a.d {
		a.d[i] += sign * f.d[i]
	}
	for i := range a.k {
		a.k[i] += int8(sign) * f.k[i]
	}
	if sign > 0 {
		a.scale *= f.scale
		a.dscale *= f.dscale
	} else {
		a.scale /= f.scale
		a.dscale /= f.dscale
	}
	for k, v := range f.opaque {
		if a.opaque == nil {
			a.opaque = map[string]int{}
		}
		a.opaque[k] += sign * v
		if a.opaque[k] == 0 {
			delete(a.opaque, k)
		}
	}
}

func (p *unitParser) factor() (acc, bool) {
	var base acc
	if p.s[p.i] == '(' || p.s[p.i] == '{' {
		open := p.s[p.i]
		p.i++
		inner, ok := p.seq()
		if !ok || p.i >= len(p.s) || !(p.s[p.i] == ')' || (open == '{' && p.s[p.i] == '}')) {
			if open == '{' {
				return base, false
			}
			return base, false
		}
		p.i++
		base = inner
		p.factors += 2 // a group makes the unit compound
	} else {
		j := p.i
		for j < len(p.s) {
			r, n := utf8.DecodeRuneInString(p.s[j:])
			if !(unicode.IsLetter(r) || strings.ContainsRune("°%‰ΩÅ€£¥", r)) {
				break
			}
			j += n
			if r == '%' || r == '‰' {
				break
			}
		}
		if j == p.i {
			return base, false
		}
		sym := p.s[p.i:j]
		// "° C" written apart.
		if sym == "°" && j+1 < len(p.s) && p.s[j] == ' ' && (p.s[j+1] == 'C' || p.s[j+1] == 'F') && (j+2 == len(p.s) || !isLetter(p.s[j+2])) {
			sym, j = "°"+p.s[j+1:j+2], j+2
		}
		p.i = j
		def, ok := lookupUnit(sym)
		if ok {
			base = acc{d: def.d, k: def.k, scale: def.scale, dscale: def.scale}
			if def.temp {
				dd := def
				p.tempDef = &dd
			}
		} else {
			if !opaqueWord(sym) && !strings.ContainsAny(sym, "€£¥") {
				return base, false
			}
			base = acc{scale: 1, dscale: 1, opaque: map[string]int{strings.ToLower(strings.TrimSuffix(sym, "s")): 1}}
		}
		p.factors++
	}
	e, ok := p.exponent()
	if !ok {
		return base, false
	}
	if def := p.tempDef; def != nil && p.tempExp == 0 {
		p.tempExp = e
	}
	out := acc{scale: 1, dscale: 1}
	for k := 0; k < abs(e); k++ {
		out.mul(base, sign(e))
	}
	if e != 1 {
		p.factors++
	}
	return out, true
}

// exponent reads ^2, ^{-1}, ^(-1), or digits written straight after a
// symbol (m2, s-1); the default is 1.
func (p *unitParser) exponent() (int, bool) {
	s := p.s
	i := p.i
	if i < len(s) && s[i] == '^' {
		i++
		closeBy := byte(0)
		if i < len(s) && (s[i] == '{' || s[i] == '(') {
			closeBy = map[byte]byte{'{': '}', '(': ')'}[s[i]]
			i++
		}
		j := i
		if j < len(s) && (s[j] == '-' || s[j] == '+') {
			j++
		}
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		n, err := strconv.Atoi(s[i:j])
		if err != nil || n == 0 || n > 12 || n < -12 {
			return 0, false
		}
		if closeBy != 0 {
			if j >= len(s) || s[j] != closeBy {
				return 0, false
			}
			j++
		}
		p.i = j
		return n, true
	}
	j := i
	if j < len(s) && s[j] == '-' && j+1 < len(s) && isDigit(s[j+1]) {
		j++
	}
	k := j
	for k < len(s) && isDigit(s[k]) {
		k++
	}
	if k > j {
		n, err := strconv.Atoi(s[i:k])
		if err != nil || n == 0 || n > 12 || n < -12 {
			return 0, false
		}
		p.i = k
		return n, true
	}
	return 1, true
}

// opaqueWord accepts unknown lower-case words of three letters or more
// as units of their own ("5 apples", "0.06 yuan").
func opaqueWord(w string) bool {
	if utf8.RuneCountInString(w) < 3 || fnNames[w] || w == "and" || w == "or" || w == "pi" || w == "the" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

func canonOpaque(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k)
		if m[k] != 1 {
			b.WriteString("^" + strconv.Itoa(m[k]))
		}
	}
	return b.String()
}

func (dd dims) String() string {
	var parts []string
	for i, e := range dd {
		switch {
		case e == 1:
			parts = append(parts, dimNames[i])
		case e != 0:
			parts = append(parts, dimNames[i]+"^"+strconv.Itoa(e))
		}
	}
	if len(parts) == 0 {
		return "1"
	}
	return strings.Join(parts, " ")
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}
