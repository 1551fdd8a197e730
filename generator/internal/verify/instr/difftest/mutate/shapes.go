package main

import (
	"encoding/json"
	"regexp"
	"strings"
)

// bulletMarker finds a Markdown bullet at a line's start.
var bulletMarker = regexp.MustCompile(`(?m)^([ \t]*)[*-] `)

// bulletShapes rewrites the response's bullets as other list markers, some
// of which the official patterns take (`^\s*\*[^\*].*$`, `^\s*-.*$`) and
// some not; a response without bullets gets one on every line.
func bulletShapes(resp string, add func(name, s string)) {
	if !bulletMarker.MatchString(resp) {
		add("bullets_every_line", everyLine(resp, "* "))
		return
	}
	for _, sh := range []struct{ name, marker string }{
		{"dash", "- "}, {"plus", "+ "}, {"bullet", "• "}, {"triangle", "‣ "}, {"numbered", "1. "},
		{"paren", "1) "}, {"star_tab", "*\t"}, {"star_two_spaces", "*  "}, {"star_bare", "*"},
		{"dash_bare", "-"}, {"double_star", "** "}, {"en_dash", "– "}, {"fullwidth_hyphen", "－ "},
		{"nbsp_indent", "\u00a0* "}, {"ideographic_indent", "\u3000- "}, {"indented", "    * "},
	} {
		m := strings.ReplaceAll(sh.marker, "$", "$$")
		add("bullet_shape_"+sh.name, bulletMarker.ReplaceAllString(resp, "$1"+m))
	}
}

func everyLine(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// sectionHeader finds a header such as "SECTION 2" or "Paragraph 3" at a
// line's start.
var sectionHeader = regexp.MustCompile(`(?m)^(SECTION|Section|section|PARAGRAPH|Paragraph|PART|Part|Chapter|CHAPTER|Day|DAY|Slide|SLIDE)( )(\d+)`)

// sectionShapes rewrites the response's section headers ("SECTION 1", or
// the instruction's own section_spliter) in other shapes: case, Markdown
// heading and bold, a colon, no number, other digits, no space, a Unicode
// space.
func sectionShapes(r record, resp string, add func(name, s string)) {
	re := sectionHeader
	for _, kw := range r.Kwargs {
		if s, ok := kw["section_spliter"].(string); ok && strings.TrimSpace(s) != "" {
			re = regexp.MustCompile(`(?m)^(` + regexp.QuoteMeta(strings.TrimSpace(s)) + `)( )(\d+)`)
		}
	}
	if !re.MatchString(resp) {
		return
	}
	shape := func(name string, f func(word, sp, num string) string) {
		add("section_shape_"+name, re.ReplaceAllStringFunc(resp, func(m string) string {
			g := re.FindStringSubmatch(m)
			return f(g[1], g[2], g[3])
		}))
	}
	shape("lower", func(w, sp, n string) string { return strings.ToLower(w) + sp + n })
	shape("upper", func(w, sp, n string) string { return strings.ToUpper(w) + sp + n })
	shape("markdown_heading", func(w, sp, n string) string { return "## " + w + sp + n })
	shape("bold", func(w, sp, n string) string { return "**" + w + sp + n + "**" })
	shape("colon", func(w, sp, n string) string { return w + sp + n + ":" })
	shape("no_number", func(w, sp, n string) string { return w })
	shape("no_space", func(w, sp, n string) string { return w + n })
	shape("nbsp", func(w, sp, n string) string { return w + "\u00a0" + n })
	shape("two_spaces", func(w, sp, n string) string { return w + "  " + n })
	shape("arabic_digits", func(w, sp, n string) string { return w + sp + shiftDigits(n, 0x0660) })
	shape("fullwidth_digits", func(w, sp, n string) string { return w + sp + shiftDigits(n, 0xFF10) })
	shape("roman", func(w, sp, n string) string { return w + sp + strings.Repeat("I", min(len(n)+1, 3)) })
	shape("indented", func(w, sp, n string) string { return " " + w + sp + n })
}

// jsonVariants writes the response, or the JSON it holds, in the shapes
// Python's json.loads and the official fence stripping accept or refuse:
// fences of other spellings, Unicode white space that str.strip removes and
// json does not, a byte-order mark, NaN and Infinity, numbers beyond
// float64, lone surrogates, trailing commas, comments, single quotes,
// control characters, several documents. Records with a JSON instruction
// get every variant, the others three in turn.
func jsonVariants(idx int, r record, resp string, add func(name, s string)) {
	obj := jsonBody(resp)
	inner := strings.TrimSpace(obj)
	withMember := func(member string) string {
		if strings.HasPrefix(inner, "{") && strings.HasSuffix(inner, "}") && strings.TrimSpace(inner[1:len(inner)-1]) != "" {
			return "{" + member + ", " + inner[1:]
		}
		return "{" + member + `, "value": ` + inner + "}"
	}
	str, _ := json.Marshal(resp)
	variants := []struct{ name, s string }{
		{"json_object", obj},
		{"json_string", string(str)},
		{"json_fence_upper", "```JSON\n" + obj + "\n```"},
		{"json_fence_capital", "```Json\n" + obj + "\n```"},
		{"json_fence_plain", "```\n" + obj + "\n```"},
		{"json_fence_tilde", "~~~json\n" + obj + "\n~~~"},
		{"json_fence_space", "``` json\n" + obj + "\n```"},
		{"json_fence_unclosed", "```json\n" + obj},
		{"json_unicode_ws", "\u3000" + obj + "\u2028"},
		{"json_nbsp_inside", strings.Replace(inner, "{", "{\u00a0", 1)},
		{"json_bom", "\ufeff" + obj},
		{"json_nan", withMember(`"x": NaN`)},
		{"json_infinity", withMember(`"x": -Infinity`)},
		{"json_huge_number", withMember(`"x": 1e400`)},
		{"json_lone_surrogate", withMember(`"x": "\ud800"`)},
		{"json_trailing_comma", strings.TrimSuffix(inner, "}") + ",}"},
		{"json_single_quotes", strings.ReplaceAll(inner, `"`, `'`)},
		{"json_comment", "// note\n" + obj},
		{"json_control_char", withMember("\"x\": \"a\tb\"")},
		{"json_two_documents", obj + "\n" + obj},
		{"json_deep", strings.Repeat("[", 300) + inner + strings.Repeat("]", 300)},
		{"json_duplicate_keys", withMember(`"x": 1, "x": 2`)},
	}
	all := false
	for _, id := range r.IDs {
		all = all || strings.Contains(strings.ToLower(id), "json")
	}
	if all {
		for _, v := range variants {
			add(v.name, v.s)
		}
		for _, v := range []struct{ name, s string }{{"json_scalar_number", "42"}, {"json_scalar_string", `"text"`}, {"json_null", "null"}, {"json_empty_fence", "```json\n```"}, {"json_empty_object", "{}"}} {
			add(v.name, v.s)
		}
		return
	}
	for k := 0; k < 3; k++ {
		v := variants[(3*idx+k)%len(variants)]
		add(v.name, v.s)
	}
}

// jsonBody is the JSON document of a response with its fences stripped, or,
// when the response holds none, the response as an object's member.
func jsonBody(resp string) string {
	s := strings.TrimSpace(resp)
	for _, p := range []string{"```json", "```JSON", "```"} {
		s = strings.TrimPrefix(s, p)
	}
	s = strings.TrimSpace(strings.TrimSuffix(s, "```"))
	if json.Valid([]byte(s)) {
		return s
	}
	b, _ := json.Marshal(map[string]string{"response": resp})
	return string(b)
}

// digitVariants writes the response's digits in two other scripts, in turn
// by record, and as superscripts (digits, but not decimal digits).
func digitVariants(idx int, resp string, add func(name, s string)) {
	for k := 0; k < 2; k++ {
		d := digitScripts[(2*idx+k)%len(digitScripts)]
		add("digits_"+d.name, shiftDigits(resp, d.zero))
	}
	add("digits_superscript", strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return superscripts[c-'0']
		}
		return c
	}, resp))
}

func shiftDigits(s string, zero rune) string {
	return strings.Map(func(c rune) rune {
		if c >= '0' && c <= '9' {
			return zero + c - '0'
		}
		return c
	}, s)
}
