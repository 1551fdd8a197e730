package equiv

import "strings"

// logToBase reads a logarithm to a base written as a name, w followed by
// rest: log10(x) and log2(x), as programs write them (log10(2) is not
// ln 20), lg2(x) likewise, log2 x and lg2 x with a space before the
// argument, and lb(x), the binary logarithm of ISO 80000-2 (ld in German
// texts), not l·b·x nor pounds. It returns the function and how many
// bytes of rest its name takes. A base run into a number or a name
// (log28: log 28 or log2 8? log2x) is errSyntax, never a product.
func logToBase(w, rest string) (string, int, bool, error) {
	switch {
	case w == "log" || w == "lg":
		for _, base := range []string{"10", "2"} {
			if !strings.HasPrefix(rest, base) {
				continue
			}
			after := rest[len(base):]
			switch {
			case strings.HasPrefix(after, "("),
				strings.HasPrefix(after, " ") && logArgument(strings.TrimLeft(after, " ")):
				return "log_" + base, len(base), true, nil
			case after != "" && (isDigit(after[0]) || isLetter(after[0]) || after[0] == '.'):
				return "", 0, false, errSyntax
			}
			break
		}
	case (w == "lb" || w == "ld") && strings.HasPrefix(rest, "("):
		return "log_2", 0, true, nil
	}
	return "", 0, false, nil
}

// logArgument reports whether s begins with what a function applies to:
// a number, a letter, a bracket or a LaTeX command.
func logArgument(s string) bool {
	return s != "" && (isDigit(s[0]) || isLetter(s[0]) || s[0] == '(' || s[0] == '\\')
}
