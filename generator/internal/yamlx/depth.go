package yamlx

// CheckDepth returns a *DepthError if data nests deeper than max, and nil
// otherwise. It reads data once, in time linear in its length and in
// memory bounded by max, without parsing it: it follows block levels
// (indentation, and each `- ` or `? ` indicator opening one more), flow
// collections (`[` and `{`), quoted scalars, block scalars (`|`, `>`),
// whose text it skips, and comments. It may overestimate the depth of a
// malformed document, never that of one go-yaml reads.
func CheckDepth(data []byte, max int) error {
	s := depthScan{data: data, max: max, line: 1, scalarIndent: -1}
	return s.run()
}

type depthScan struct {
	data []byte
	max  int
	// i is the offset of the next byte; line its 1-based line, which
	// starts at offset lineOff.
	i, line, lineOff int
	// block holds the columns of the open block levels.
	block []int
	// flow counts the open flow collections.
	flow int
	// scalarIndent is the indentation of the line that opened a block
	// scalar, whose text is every following line indented more (or
	// blank); -1 outside one.
	scalarIndent int
	err          *DepthError
}

func (s *depthScan) deeper() bool {
	if d := len(s.block) + s.flow; d > s.max {
		s.err = &DepthError{Line: s.line, Depth: d, Max: s.max}
		return true
	}
	return false
}

func (s *depthScan) run() error {
	for s.i < len(s.data) && s.err == nil {
		s.lineStart()
	}
	if s.err != nil {
		return s.err
	}
	return nil
}

// eol reports whether offset i ends a line.
func (s *depthScan) eol(i int) bool {
	return i >= len(s.data) || s.data[i] == '\n' || s.data[i] == '\r'
}

// space reports whether the byte at i is a space or ends the line.
func (s *depthScan) space(i int) bool {
	return s.eol(i) || s.data[i] == ' ' || s.data[i] == '\t'
}

// nextLine moves past the end of the current line.
func (s *depthScan) nextLine() {
	s.toEOL()
	s.lineBreak()
}

// lineBreak moves past the line break at s.i, if there is one: "\n",
// "\r\n" or a lone "\r", all line breaks to YAML.
func (s *depthScan) lineBreak() bool {
	if s.i >= len(s.data) {
		return false
	}
	switch s.data[s.i] {
	case '\r':
		s.i++
		if s.i < len(s.data) && s.data[s.i] == '\n' {
			s.i++
		}
	case '\n':
		s.i++
	default:
		return false
	}
	s.line++
	s.lineOff = s.i
	return true
}

// skipSpaces moves past spaces and tabs on the current line.
func (s *depthScan) skipSpaces() {
	for s.i < len(s.data) && (s.data[s.i] == ' ' || s.data[s.i] == '\t') {
		s.i++
	}
}

// lineStart reads one line from its start.
func (s *depthScan) lineStart() {
	start := s.i
	for s.i < len(s.data) && s.data[s.i] == ' ' {
		s.i++
	}
	indent := s.i - start
	blank := s.eol(s.i) || (s.data[s.i] == '#')
	if s.scalarIndent >= 0 {
		if s.eol(s.i) || indent > s.scalarIndent {
			s.nextLine()
			return
		}
		s.scalarIndent = -1
	}
	if blank {
		s.nextLine()
		return
	}
	if s.flow > 0 {
		s.inFlow()
		if s.flow == 0 {
			// What follows the collection on its last line.
			s.value(indent)
		}
		s.rest()
		return
	}
	if indent == 0 && s.marker() {
		// A document start or end: every level closes.
		s.block = s.block[:0]
		s.i += 3
		s.skipSpaces()
		if s.eol(s.i) {
			s.nextLine()
			return
		}
	} else if indent == 0 && s.data[s.i] == '%' {
		s.nextLine() // a directive
		return
	}
	for len(s.block) > 0 && s.block[len(s.block)-1] > indent {
		s.block = s.block[:len(s.block)-1]
	}
	if len(s.block) == 0 || s.block[len(s.block)-1] < indent {
		s.block = append(s.block, indent)
		if s.deeper() {
			return
		}
	}
	s.value(indent)
	s.rest()
}

// marker reports whether the line starts with "---" or "..." followed by
// a space or its end.
func (s *depthScan) marker() bool {
	d := s.data[s.i:]
	if len(d) < 3 || !(string(d[:3]) == "---" || string(d[:3]) == "...") {
		return false
	}
	return s.space(s.i + 3)
}

// value reads a node that starts at s.i on a line indented indent: block
// indicators, then a flow collection, a quoted or block scalar, or a
// plain scalar that may be a key.
func (s *depthScan) value(indent int) {
	for s.err == nil {
		s.skipSpaces()
		if s.eol(s.i) {
			return
		}
		switch c := s.data[s.i]; {
		case (c == '-' || c == '?' || c == ':') && s.space(s.i+1):
			// `- x`, `? x`, `: x`: one level more, at the column of x.
			s.i++
			s.skipSpaces()
			s.block = append(s.block, s.col())
			if s.deeper() {
				return
			}
		case c == '[' || c == '{':
			// What follows on the line (`: value` after a key, or
			// anything else: an overestimate costs nothing) is read on.
			s.inFlow()
			if s.flow > 0 {
				return // the collection goes on next line
			}
		case c == '"' || c == '\'':
			s.quoted(c)
		case c == '|' || c == '>':
			// What follows the indicator is its header and a comment.
			s.scalarIndent = indent
			s.toEOL()
			return
		case c == '&' || c == '!' || c == '*':
			// An anchor, tag or alias: a token before the node.
			for !s.space(s.i) {
				s.i++
			}
		case c == '#':
			s.toEOL()
			return
		default:
			if !s.plain() {
				return
			}
			// plain stopped at `: `: the value follows.
		}
	}
}

// plain moves through a plain scalar to the end of the line or to a
// `: ` after it (then it reports true, s.i past the colon).
func (s *depthScan) plain() bool {
	for !s.eol(s.i) {
		c := s.data[s.i]
		if c == ':' && s.space(s.i+1) {
			s.i++
			return true
		}
		if c == '#' && s.i > 0 && (s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t') {
			s.toEOL()
			return false
		}
		s.i++
	}
	return false
}

// col is the column of s.i.
func (s *depthScan) col() int { return s.i - s.lineOff }

// toEOL moves to the end of the current line, not past it.
func (s *depthScan) toEOL() {
	for !s.eol(s.i) {
		s.i++
	}
}

// rest moves past the end of the current line.
func (s *depthScan) rest() {
	if s.err == nil {
		s.nextLine()
	}
}

// inFlow reads flow content from s.i until the outermost collection
// closes or the line ends (the next lines continue it).
func (s *depthScan) inFlow() {
	tokenStart := true
	for !s.eol(s.i) && s.err == nil {
		c := s.data[s.i]
		switch {
		case c == '[' || c == '{':
			s.flow++
			s.i++
			if s.deeper() {
				return
			}
			tokenStart = true
			continue
		case c == ']' || c == '}':
			s.i++
			if s.flow > 0 {
				s.flow--
			}
			if s.flow == 0 {
				return
			}
			tokenStart = false
			continue
		case c == ',' || c == ':' || c == '?' || c == '-':
			tokenStart = true
		case c == ' ' || c == '\t':
		case c == '#' && (s.i == s.lineOff || s.data[s.i-1] == ' ' || s.data[s.i-1] == '\t'):
			s.toEOL()
			return
		case (c == '"' || c == '\'') && tokenStart:
			s.quoted(c)
			tokenStart = false
			continue
		default:
			tokenStart = false
		}
		s.i++
	}
}

// quoted moves past a quoted scalar that opens at s.i, across lines.
func (s *depthScan) quoted(q byte) {
	s.i++
	for s.i < len(s.data) {
		if s.lineBreak() {
			continue
		}
		c := s.data[s.i]
		switch {
		case q == '"' && c == '\\':
			s.i++
			if s.lineBreak() {
				continue
			}
		case c == q:
			if q == '\'' && s.i+1 < len(s.data) && s.data[s.i+1] == '\'' {
				s.i++
			} else {
				s.i++
				return
			}
		}
		s.i++
	}
}
