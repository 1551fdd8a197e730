package ifbench

import (
	"errors"
	"strings"
)

// readPyCSV parses text the way Python's csv.reader(io.StringIO(text)) does
// with the default (excel) dialect and the given delimiter: blank lines give
// empty rows, a quote inside an unquoted field is kept, a stray character
// after a closing quote continues the field, and an unfinished record at the
// end is kept only if its last field has text or is still quoted.
func readPyCSV(text string, delim rune) ([][]string, error) {
	p := &pyCSVParser{delim: delim}
	var rows [][]string
	// As the reader's iterator does, feed one line at a time, then the end
	// of the line, and take the record once the parser is back at its start.
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		for _, c := range line {
			if err := p.step(c); err != nil {
				return rows, err
			}
		}
		p.step(pyCSVEOL)
		if p.state == pyCSVStartRecord {
			rows = append(rows, p.fields)
			p.fields = nil
		}
	}
	if p.field.Len() > 0 || p.state == pyCSVInQuoted {
		p.save()
		rows = append(rows, p.fields)
	}
	return rows, nil
}

// The states of pyCSVParser: those of CPython's _csv.c reader that the
// excel dialect reaches (it has no escape character).
const (
	pyCSVStartRecord = iota
	pyCSVStartField
	pyCSVInField
	pyCSVInQuoted
	pyCSVQuoteInQuoted
	pyCSVEatCRNL
)

// pyCSVEOL is the character step is fed at the end of every line.
const pyCSVEOL = -1

// pyCSVParser is the state machine of Python's csv reader
// (parse_process_char in CPython's _csv.c): the record read so far and
// the field being read.
type pyCSVParser struct {
	delim  rune
	state  int
	fields []string
	field  strings.Builder
}

// save ends the field being read and adds it to the record.
func (p *pyCSVParser) save() {
	p.fields = append(p.fields, p.field.String())
	p.field.Reset()
}

// step feeds the parser one character c, or pyCSVEOL at the end of a line.
func (p *pyCSVParser) step(c rune) error {
	switch p.state {
	case pyCSVStartRecord:
		if c == pyCSVEOL {
			return nil
		}
		if c == '\n' || c == '\r' {
			p.state = pyCSVEatCRNL
			return nil
		}
		p.state = pyCSVStartField
		fallthrough
	case pyCSVStartField:
		switch {
		case c == '\n' || c == '\r' || c == pyCSVEOL:
			p.save()
			p.state = pyCSVEatCRNL
			if c == pyCSVEOL {
				p.state = pyCSVStartRecord
			}
		case c == '"':
			p.state = pyCSVInQuoted
		case c == p.delim:
			p.save()
		default:
			p.field.WriteRune(c)
			p.state = pyCSVInField
		}
	case pyCSVInField:
		switch {
		case c == '\n' || c == '\r' || c == pyCSVEOL:
			p.save()
			p.state = pyCSVEatCRNL
			if c == pyCSVEOL {
				p.state = pyCSVStartRecord
			}
		case c == p.delim:
			p.save()
			p.state = pyCSVStartField
		default:
			p.field.WriteRune(c)
		}
	case pyCSVInQuoted:
		switch {
		case c == pyCSVEOL:
		case c == '"':
			p.state = pyCSVQuoteInQuoted
		default:
			p.field.WriteRune(c)
		}
	case pyCSVQuoteInQuoted:
		switch {
		case c == '"':
			p.field.WriteRune(c)
			p.state = pyCSVInQuoted
		case c == p.delim:
			p.save()
			p.state = pyCSVStartField
		case c == '\n' || c == '\r' || c == pyCSVEOL:
			p.save()
			p.state = pyCSVEatCRNL
			if c == pyCSVEOL {
				p.state = pyCSVStartRecord
			}
		default:
			p.field.WriteRune(c)
			p.state = pyCSVInField
		}
	case pyCSVEatCRNL:
		switch {
		case c == '\n' || c == '\r':
		case c == pyCSVEOL:
			p.state = pyCSVStartRecord
		default:
			return errors.New("new-line character seen in unquoted field")
		}
	}
	return nil
}
