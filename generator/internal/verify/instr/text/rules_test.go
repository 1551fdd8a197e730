package text

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// treebankExprs are NLTK's expressions and replacements for the rules of
// startingQuotes, punctuationA, punctuationB and endingQuotes, in order;
// "" marks a padding rule ([chars] → " $0 ").
var treebankExprs = [][][2]string{
	{{"([«“‘„]|[`]+)", " $1 "}, {`^"`, "``"}, {"(``)", " $1 "}, {`([ \(\[{<])("|'{2})`, "$1 `` "}},
	{{`([:,])([^\p{Nd}])`, " $1 $2"}, {`([:,])$`, " $1 "}, {`\.{2,}`, " $0 "}, {"", ""}},
	{{"", ""}, {`([^'])' `, "$1 ' "}, {"", ""}, {"", ""}, {`--`, " -- "}},
	{{"", ""}, {`''`, " '' "}, {`"`, " '' "}, {`([^' ])('[sS]|'[mM]|'[dD]|') `, "$1 $2 "}, {`([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) `, "$1 $2 "}},
}

// FuzzTreebankRulesMatchExpressions checks each hand-written rule against
// the expression it replaces.
func FuzzTreebankRulesMatchExpressions(f *testing.F) {
	for _, s := range []string{
		"«a» “b” ‘c’ „d ``e`` ```f", `"Hi," she said ("no" or ''yes'') [" <''`,
		"a:b, c,1 d:2,,e: ,", "wait... .. . ....", "it's I'M we'd she' s a' b'' x''s",
		"we'll THEY'LL you're WE'RE I've I'VE don't DON'T can'T 'll ", "--- - -- a--b", "\xff' \xff:x ,\xff",
		"é's ü'LL ,٣ :x", "'' \" '",
		"\xe2\x80' s \xf0\xe2\x80\x9c's x\x9cn't y ü\x80'll ", "«\xc2`` ,\xe2::\xab..",
	} {
		f.Add(s)
	}
	groups := [][]rule{startingQuotes, punctuationA, punctuationB, endingQuotes}
	res := map[string]*regexp.Regexp{}
	for _, g := range treebankExprs {
		for _, e := range g {
			if e[0] != "" {
				res[e[0]] = regexp.MustCompile(e[0])
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		for g, rules := range groups {
			if len(rules) != len(treebankExprs[g]) {
				t.Fatalf("group %d: %d rules, %d expressions", g, len(rules), len(treebankExprs[g]))
			}
			for i, ru := range rules {
				e := treebankExprs[g][i]
				if e[0] == "" {
					continue
				}
				want := res[e[0]].ReplaceAllString(s, e[1])
				if got := ru.edit(s); got != want {
					t.Errorf("%s on %q = %q, want %q", e[0], s, got, want)
				}
			}
		}
	})
}

// FuzzFieldsMatchesFieldsFunc checks the hand-written Fields against
// strings.FieldsFunc with IsSpace.
func FuzzFieldsMatchesFieldsFunc(f *testing.F) {
	for _, s := range []string{"", " a  b ", "\x1c\x1dx\u00a0y\u2003z\u3000", "\xff \xfe", "a\u0085b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.FieldsFunc(s, IsSpace)
		if got := Fields(s); !slices.Equal(got, want) {
			t.Errorf("Fields(%q) = %q, want %q", s, got, want)
		}
	})
}
