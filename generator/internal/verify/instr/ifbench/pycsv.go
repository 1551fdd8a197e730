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
	const (
		startRecord = iota
		startField
		inField
		inQuoted
		quoteInQuoted
		eatCRNL
	)
	const eol = -1
	var (
		rows   [][]string
		fields []string
		field  strings.Builder
		state  = startRecord
	)
	save := func() {
		fields = append(fields, field.String())
		field.Reset()
	}
	step := func(c rune) error {
		switch state {
		case startRecord:
			if c == eol {
				return nil
			}
			if c == '\n' || c == '\r' {
				state = eatCRNL
				return nil
			}
			state = startField
			fallthrough
		case startField:
			switch {
			case c == '\n' || c == '\r' || c == eol:
				save()
				state = eatCRNL
				if c == eol {
					state = startRecord
				}
			case c == '"':
				state = inQuoted
			case c == delim:
				save()
			default:
				field.WriteRune(c)
				state = inField
			}
		case inField:
			switch {
			case c == '\n' || c == '\r' || c == eol:
				save()
				state = eatCRNL
				if c == eol {
					state = startRecord
				}
			case c == delim:
				save()
				state = startField
			default:
				field.WriteRune(c)
			}
		case inQuoted:
			switch {
			case c == eol:
			case c == '"':
				state = quoteInQuoted
			default:
				field.WriteRune(c)
			}
		case quoteInQuoted:
			switch {
			case c == '"':
				field.WriteRune(c)
				state = inQuoted
			case c == delim:
				save()
				state = startField
			case c == '\n' || c == '\r' || c == eol:
				save()
				state = eatCRNL
				if c == eol {
					state = startRecord
				}
			default:
				field.WriteRune(c)
				state = inField
			}
		case eatCRNL:
			switch {
			case c == '\n' || c == '\r':
			case c == eol:
				state = startRecord
			default:
				return errors.New("new-line character seen in unquoted field")
			}
		}
		return nil
	}
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		for _, c := range line {
			if err := step(c); err != nil {
				return rows, err
			}
		}
		step(eol)
		if state == startRecord {
			rows = append(rows, fields)
			fields = nil
		}
	}
	if field.Len() > 0 || state == inQuoted {
		save()
		rows = append(rows, fields)
	}
	return rows, nil
}
