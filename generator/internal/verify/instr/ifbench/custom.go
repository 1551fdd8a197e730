package ifbench

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func checkMultiples(_, resp string, _ instr.Args) instr.Result {
	got := digitRun.FindAllString(strings.ReplaceAll(resp, ",", ", "), -1)
	want := []string{"14", "21", "28", "35", "42", "49"}
	return verdict(slices.Equal(got, want), "found the numbers [%s], need exactly [%s]",
		strings.Join(got, " "), strings.Join(want, " "))
}

var (
	questionSplit = regexp.MustCompile(`\n*(?:Question [` + text.DigitClass + `]+[.|):;]?[` + text.SpaceChars + `]*)`)
	optionLine    = regexp.MustCompile(`^[A-Ea-e][.|)][` + text.SpaceChars + `]*[` + text.WordClass + `]+`)
)

// checkMCQ needs the response to start with "Question", then four questions
// ("Question N") of five options each (lines "A." to "E." or "a)"), the
// question texts growing strictly longer.
func checkMCQ(_, resp string, _ instr.Args) instr.Result {
	i := strings.Index(resp, "Question")
	rest := ""
	if i >= 0 {
		rest = resp[i:]
	} else if rs := []rune(resp); len(rs) > 0 {
		rest = string(rs[len(rs)-1:]) // Python's value[-1:]
	}
	if rest != resp {
		return verdict(false, "the response does not start with \"Question\"")
	}
	parts := questionSplit.Split(resp, -1)
	if len(parts) > 0 && parts[0] == "" {
		parts = parts[1:]
	}
	var qs []string
	for _, p := range parts {
		if p = text.Strip(p); p != "" {
			qs = append(qs, p)
		}
	}
	if len(qs) != 4 {
		return verdict(false, "found %s, need 4", plural(len(qs), "question"))
	}
	var lens []int
	for qi, q := range qs {
		var para strings.Builder
		options, done := 0, false
		for _, line := range strings.Split(q, "\n") {
			if optionLine.MatchString(text.Strip(line)) {
				options++
				done = true
			} else if !done {
				para.WriteString(" " + text.Strip(line))
			}
		}
		if options != 5 {
			return verdict(false, "question %d has %s, need 5", qi+1, plural(options, "option"))
		}
		lens = append(lens, runeLen(text.Strip(para.String())))
	}
	for i := 0; i+1 < len(lens); i++ {
		if lens[i] >= lens[i+1] {
			return verdict(false, "question lengths are %v characters, need them to grow", lens)
		}
	}
	return verdict(true, "four questions of five options, growing longer")
}

// toASCII is the reference's normalize_text: NFKD, then drop every non-ASCII
// character.
func toASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r > unicode.MaxASCII {
			return -1
		}
		return r
	}, norm.NFKD.String(s))
}

func checkReverseNewline(_, resp string, _ instr.Args) instr.Result {
	var lines []string
	for _, l := range strings.Split(resp, "\n") {
		if l = trimPunctSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	start := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Zimbabwe") })
	if start < 0 {
		return verdict(false, "found no line with Zimbabwe")
	}
	target := lines[start:]
	if len(target) < 52 {
		return verdict(false, "found %s from Zimbabwe on, need at least 52", plural(len(target), "line"))
	}
	norms := make([]string, len(target))
	for i, l := range target {
		norms[i] = toASCII(l)
	}
	ok := sort.SliceIsSorted(norms, func(i, j int) bool { return norms[i] > norms[j] })
	return verdict(ok, "%s from Zimbabwe on; need them in reverse alphabetical order", plural(len(target), "line"))
}

// checkWordReverse needs "bald eagle" in the response read backwards word by
// word (lower case, punctuation removed).
func checkWordReverse(_, resp string, _ instr.Args) instr.Result {
	words := text.Fields(removePunct(text.Strip(text.Lower(resp))))
	slices.Reverse(words)
	v := strings.Join(words, " ")
	if !strings.Contains(v, "bald eagle") {
		return verdict(false, "read backwards the response does not contain \"bald eagle\"")
	}
	return verdict(slices.Contains(text.Sentences(v), v), "read backwards the response is one sentence with \"bald eagle\"")
}

func checkCharacterReverse(_, resp string, _ instr.Args) instr.Result {
	ok := strings.Contains(text.Lower(resp), "elgae dlab")
	return verdict(ok, "need \"elgae dlab\" (\"bald eagle\" reversed) in the response")
}

func checkSentenceAlphabet(_, resp string, _ instr.Args) instr.Result {
	ss := text.Sentences(resp)
	if len(ss) != 26 {
		return verdict(false, "found %s, need 26", plural(len(ss), "sentence"))
	}
	for i, s := range ss {
		words := text.Fields(s)
		want := rune('a' + i)
		if len(words) == 0 || firstRune(text.Lower(words[0])) != want {
			return verdict(false, "sentence %d does not start with %q", i+1, want)
		}
	}
	return verdict(true, "26 sentences from A to Z")
}

var capitalsByLatitude = []string{"Reykjavik", "Helsinki", "Oslo", "Tallinn", "Stockholm", "Riga", "Moscow",
	"Copenhagen", "Vilnius", "Minsk", "Dublin", "Berlin", "Amsterdam", "Warsaw", "London", "Brussels", "Prague",
	"Luxembourg", "Paris", "Vienna", "Bratislava", "Budapest", "Vaduz", "Chisinau", "Bern", "Ljubljana", "Zagreb"}

func checkCapitalsSort(_, resp string, _ instr.Args) instr.Result {
	var caps []string
	for _, c := range strings.Split(toASCII(resp), ",") {
		if text.Strip(c) != "" {
			caps = append(caps, text.Strip(c))
		}
	}
	if len(caps) != len(capitalsByLatitude) {
		return verdict(false, "found %s, need %d", plural(len(caps), "comma-separated item"), len(capitalsByLatitude))
	}
	for i, c := range caps {
		if c != capitalsByLatitude[i] {
			return verdict(false, "item %d is %s, need %s", i+1, quote(c), capitalsByLatitude[i])
		}
	}
	return verdict(true, "the 27 capitals in order of latitude")
}

func checkCSVCity(_, resp string, _ instr.Args) instr.Result {
	rows, err := readPyCSV(resp, ',')
	if err != nil {
		return verdict(false, "not valid CSV: %v", err)
	}
	if len(rows) != 8 {
		return verdict(false, "found %s, need a header and 7 rows", plural(len(rows), "CSV row"))
	}
	if want := []string{"ID", "Country", "City", "Year", "Count"}; !slices.Equal(rows[0], want) {
		return verdict(false, "the header is %q, need %q", rows[0], want)
	}
	for i, r := range rows[1:] {
		if len(r) != 5 {
			return verdict(false, "row %d has %s, need 5", i+1, plural(len(r), "field"))
		}
	}
	return verdict(true, "a header and 7 rows of 5 fields")
}

var (
	productHeader = regexp.MustCompile(`^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$`)
	studentHeader = regexp.MustCompile(`^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *(Semester|"Semester")\t *(Score|"Score")$`)
	quotedSpecial = regexp.MustCompile(`^".*[^` + text.WordClass + text.SpaceChars + `].*"`)
)

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return text.Strip(s)
}

// checkCSVSpecial parses the CSV with every '"' tripled, as the reference
// does, so that quotes survive into the fields; a field that is quoted and
// holds a character other than a letter, digit or space is the special one.
func checkCSVSpecial(_, resp string, _ instr.Args) instr.Result {
	if !productHeader.MatchString(firstLine(resp)) {
		return verdict(false, "the first line is not the header ProductID,Category,Brand,Price,Stock")
	}
	rows, err := readPyCSV(strings.ReplaceAll(resp, `"`, `"""`), ',')
	if err != nil {
		return verdict(false, "not valid CSV: %v", err)
	}
	if len(rows) != 15 {
		return verdict(false, "found %s, need a header and 14 rows", plural(len(rows), "CSV row"))
	}
	for i, r := range rows[1:] {
		if len(r) != 5 {
			return verdict(false, "row %d has %s, need 5", i+1, plural(len(r), "field"))
		}
		for _, f := range r {
			if quotedSpecial.MatchString(f) {
				return verdict(true, "row %d has the quoted field %s with a special character", i+1, quote(f))
			}
		}
	}
	return verdict(false, "found no quoted field with a special character")
}

func checkCSVQuotes(_, resp string, _ instr.Args) instr.Result {
	if !studentHeader.MatchString(firstLine(resp)) {
		return verdict(false, "the first line is not the tab-separated header StudentID Subject Grade Semester Score")
	}
	rows, err := readPyCSV(strings.ReplaceAll(resp, `"`, `"""`), '\t')
	if err != nil {
		return verdict(false, "not valid CSV: %v", err)
	}
	if len(rows) != 4 {
		return verdict(false, "found %s, need a header and 3 rows", plural(len(rows), "row"))
	}
	for i, r := range rows {
		if len(r) != 5 {
			return verdict(false, "row %d has %s, need 5", i, plural(len(r), "field"))
		}
		for _, f := range r {
			f = text.Strip(f)
			if !strings.HasPrefix(f, `"`) || !strings.HasSuffix(f, `"`) {
				return verdict(false, "row %d has the unquoted field %s", i, quote(f))
			}
		}
	}
	return verdict(true, "a header and 3 rows, every field in double quotes")
}

var isoDate = regexp.MustCompile(`^[` + text.DigitClass + `]{4}-[` + text.DigitClass + `]{2}-[` + text.DigitClass + `]{2}$`)

// checkDateList needs comma-separated YYYY-MM-DD dates with years 1769 to
// 1821 and days within the month (February up to 29).
func checkDateList(_, resp string, _ instr.Args) instr.Result {
	dates := strings.Split(text.Strip(resp), ",")
	for _, d := range dates {
		d = text.Strip(d)
		if !isoDate.MatchString(d) {
			return verdict(false, "%s is not a YYYY-MM-DD date", quote(d))
		}
		p := strings.Split(d, "-")
		y, m, day := atoiPy(p[0]), atoiPy(p[1]), atoiPy(p[2])
		switch {
		case y < 1769 || y > 1821:
			return verdict(false, "%s is outside Napoleon's lifetime", d)
		case m > 12,
			slices.Contains([]int{1, 3, 5, 7, 8, 10, 12}, m) && day > 31,
			slices.Contains([]int{4, 6, 9, 11}, m) && day > 30,
			m == 2 && day > 29:
			return verdict(false, "%s is not a valid date", d)
		}
	}
	return verdict(true, "%s in YYYY-MM-DD format", plural(len(dates), "date"))
}

// atoiPy is int() of a string of Unicode decimal digits.
func atoiPy(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + digitValue(r)
	}
	return n
}

func digitValue(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	// Unicode decimal digits come in runs that start at zero.
	k := 0
	for text.IsDigit(r - rune(k) - 1) {
		k++
	}
	return k % 10
}
