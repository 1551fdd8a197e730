package render

import (
	"strconv"
	"strings"
)

// ParamsBillions reads a model's size from metadata's free-text params:
// the first number followed by a unit, K, M, B or T (thousand to
// trillion parameters, any case, a space allowed between), in billions
// ("8B" 8, "1.5T" 1500, "350M" 0.35, "MoE 47B, 13B active" 47). Text with
// no such size ("unknown", "undisclosed") has none.
func ParamsBillions(s string) (float64, bool) {
	// Sizes below a billion are divided, so that 350M is 0.35 exactly.
	units := map[byte]float64{'k': -1e6, 'm': -1e3, 'b': 1, 't': 1e3}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) || i > 0 && (isDigit(s[i-1]) || s[i-1] == '.' || isLetter(s[i-1])) {
			continue
		}
		j := i
		for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
			j++
		}
		num := s[i:j]
		k := j
		if k < len(s) && s[k] == ' ' {
			k++
		}
		if k >= len(s) {
			return 0, false
		}
		u, ok := units[lower(s[k])]
		if !ok || k+1 < len(s) && isLetter(s[k+1]) && !strings.HasPrefix(strings.ToLower(s[k:]), "billion") && !strings.HasPrefix(strings.ToLower(s[k:]), "million") && !strings.HasPrefix(strings.ToLower(s[k:]), "trillion") {
			i = j
			continue
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil {
			i = j
			continue
		}
		if u < 0 {
			return v / -u, true
		}
		return v * u, true
	}
	return 0, false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// ParamsSort is ParamsBillions as a sort key and filter value: the size
// in billions, or "" when params give none.
func ParamsSort(s string) string {
	v, ok := ParamsBillions(s)
	if !ok {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ParamsLabel is a size in billions as a short label: "8B", "1.5T",
// "350M", or "—" for none.
func ParamsLabel(s string) string {
	v, ok := ParamsBillions(s)
	switch {
	case !ok:
		return "—"
	case v >= 1000:
		return strconv.FormatFloat(v/1000, 'g', 4, 64) + "T"
	case v >= 1:
		return strconv.FormatFloat(v, 'g', 4, 64) + "B"
	default:
		return strconv.FormatFloat(v*1000, 'g', 4, 64) + "M"
	}
}
