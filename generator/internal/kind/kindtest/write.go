package kindtest

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// write checks every format of Write, on the empty and the scored board.
func (h *harness) write(t *testing.T) {
	opt := kind.Options{Policies: board.Policies}
	for _, c := range []struct {
		name string
		bd   kind.Board
	}{{"empty board", h.rank(t, nil)}, {"scored board", h.rank(t, h.runs)}} {
		for _, format := range []string{"table", "csv", "json"} {
			var a, b bytes.Buffer
			if err := c.bd.Write(&a, format, opt); err != nil {
				t.Errorf("%s: Write(%q): %v", c.name, format, err)
				continue
			}
			if err := c.bd.Write(&b, format, opt); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("%s: Write(%q) is not deterministic: two calls differ", c.name, format)
			}
			switch format {
			case "table":
				if len(bytes.TrimSpace(a.Bytes())) == 0 {
					t.Errorf("%s: Write(\"table\") wrote nothing", c.name)
				}
			case "json":
				if err := oneJSON(a.Bytes()); err != nil {
					t.Errorf("%s: Write(\"json\"): %v", c.name, err)
				}
			case "csv":
				for _, msg := range CheckCSV(a.Bytes()) {
					t.Errorf("%s: Write(\"csv\"): %s", c.name, msg)
				}
			}
		}
	}
}

// oneJSON reports whether data is one JSON value and nothing more.
func oneJSON(data []byte) error {
	if !utf8.Valid(data) {
		return errors.New("not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// CheckCSV parses data as CSV (encoding/csv: every row as many cells as
// the first) and reports each cell a spreadsheet could run as a formula:
// one starting with '=', '+', '@', a tab or a carriage return, or with '-'
// where it is no number. A cell defused with a leading apostrophe is
// fine.
func CheckCSV(data []byte) []string {
	r := csv.NewReader(bytes.NewReader(data))
	var out []string
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			if row == 1 {
				out = append(out, "no rows: want at least the header")
			}
			return out
		}
		if err != nil {
			return append(out, "does not parse: "+err.Error())
		}
		for col, cell := range rec {
			if msg := formula(cell); msg != "" && len(out) < 20 {
				out = append(out, fmt.Sprintf("row %d, column %d: %q %s", row, col+1, excerpt(cell), msg))
			}
		}
	}
}

// formula says why a spreadsheet could run cell as a formula, or "".
func formula(cell string) string {
	if cell == "" {
		return ""
	}
	switch cell[0] {
	case '=', '+', '@', '\t', '\r':
		return "starts with " + strconv.QuoteRune(rune(cell[0])) + ": a spreadsheet may run it as a formula (defuse it with a leading apostrophe)"
	case '-':
		if _, err := strconv.ParseFloat(cell, 64); err != nil {
			return "starts with '-' and is no number: a spreadsheet may run it as a formula (defuse it with a leading apostrophe)"
		}
	}
	return ""
}

// excerpt is s cut to 40 bytes, for messages.
func excerpt(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
