package report

// CSV downloads: one writer for the tables gocsv encodes from tagged
// structs and for the files streamed row by row, and one text cell type
// whose encoding defuses spreadsheet formulas, so that no caller has to
// remember to.

import (
	"encoding/csv"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/gocarina/gocsv"
)

// Text is a text cell of a CSV download. Every text column of every row
// type the site writes is a Text (CheckRow refuses a plain string), and a
// Text is written defused (see MarshalCSV): a model name, an item id or a
// judge's reason cannot start a formula in a spreadsheet. Numbers and
// booleans stay plain Go numbers and booleans.
type Text string

// MarshalCSV is t as written in a cell: a text that starts with '=',
// '+', '-', '@', a tab or a carriage return gets a leading apostrophe,
// which spreadsheets show as text. gocsv calls it for every Text field;
// Writer.Text calls it for streamed rows.
func (t Text) MarshalCSV() (string, error) { return safeCell(string(t)), nil }

// safeCell defuses spreadsheet formula injection (see Text.MarshalCSV).
// A text that looks like a negative number is defused too: a column of
// text is text, and only number columns (Go numbers) hold numbers.
func safeCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

var textType = reflect.TypeFor[Text]()

// CheckRow says whether row, a struct (or a pointer to one), may be
// written as a CSV row: each of its exported fields that a csv tag does
// not skip ("-") is a Text, a bool or a predeclared integer or float
// type. A plain string (or any type of its own, which gocsv would write
// with its String method) is refused, since it would be written
// undefused. CSV and NewWriter refuse such rows.
func CheckRow(row any) error {
	t := reflect.TypeOf(row)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return checkRow(t)
}

func checkRow(t reflect.Type) error {
	if t == nil || t.Kind() != reflect.Struct {
		return fmt.Errorf("csv row %v is not a struct", t)
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("csv") == "-" {
			continue
		}
		if err := checkCell(f.Type); err != nil {
			return fmt.Errorf("csv row %v: field %s: %w", t, f.Name, err)
		}
	}
	return nil
}

func checkCell(t reflect.Type) error {
	if t == textType {
		return nil
	}
	if t.PkgPath() == "" { // predeclared, or unnamed
		switch t.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			return nil
		case reflect.String:
			return fmt.Errorf("is a plain %v, written undefused: make it a report.Text", t)
		}
	}
	return fmt.Errorf("is a %v: a cell is a report.Text, a bool, an integer or a float", t)
}

// Header is the header of row's CSV file: the csv tag names of its
// fields, as gocsv writes them (the field's name when it has no tag).
func Header(row any) ([]string, error) {
	if err := CheckRow(row); err != nil {
		return nil, err
	}
	t := reflect.TypeOf(row)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var h []string
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("csv")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		h = append(h, name)
	}
	return h, nil
}

// CSV writes rows, a slice (or a pointer to one) of structs with csv
// tags that CheckRow accepts, header first. gocsv encodes them into a
// Writer; no package-level gocsv setting is touched.
func CSV(w io.Writer, rows any) error {
	t := reflect.TypeOf(rows)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || (t.Kind() != reflect.Slice && t.Kind() != reflect.Array) {
		return fmt.Errorf("csv rows are a %v, not a slice", reflect.TypeOf(rows))
	}
	e := t.Elem()
	for e.Kind() == reflect.Pointer {
		e = e.Elem()
	}
	if err := checkRow(e); err != nil {
		return err
	}
	cw := &Writer{w: csv.NewWriter(w)}
	if err := gocsv.MarshalCSV(rows, gocsvSink{cw}); err != nil {
		return err
	}
	return cw.Flush()
}

// Writer writes a CSV file: through CSV, rows that gocsv encodes; or,
// for files of millions of cells, a header (NewWriter) and then rows cell
// by cell, with no reflection and no allocation per cell. A text cell is
// a Text, written defused; there is no way to write a plain string.
type Writer struct {
	w     *csv.Writer
	rec   []string
	width int // cells in a row, from the header; 0 for gocsv's tables
	rows  int
	err   error
}

// NewWriter returns a Writer that writes to w, with the header of row,
// a struct that CheckRow accepts (see Header). Each row's cells must be
// written in the order of row's fields.
func NewWriter(w io.Writer, row any) (*Writer, error) {
	h, err := Header(row)
	if err != nil {
		return nil, err
	}
	cw := &Writer{w: csv.NewWriter(w), rec: make([]string, 0, len(h)), width: len(h)}
	cw.record(h)
	return cw, nil
}

// NewRows returns a Writer of rows only, shaped as row's header (see
// NewWriter) but without it: a part of a file whose header and other
// rows are written apart, byte for byte as one Writer would write them.
func NewRows(w io.Writer, row any) (*Writer, error) {
	h, err := Header(row)
	if err != nil {
		return nil, err
	}
	return &Writer{w: csv.NewWriter(w), rec: make([]string, 0, len(h)), width: len(h)}, nil
}

// Text adds a text cell to the row, defused (see Text.MarshalCSV).
func (w *Writer) Text(t Text) { w.rec = append(w.rec, safeCell(string(t))) }

// Bool adds a boolean cell, true or false, as gocsv writes it.
func (w *Writer) Bool(b bool) { w.rec = append(w.rec, strconv.FormatBool(b)) }

// Int adds an integer cell, as gocsv writes it.
func (w *Writer) Int(n int) { w.rec = append(w.rec, strconv.Itoa(n)) }

// End ends the row. A row with more or fewer cells than the header is
// an error, which Flush returns; the row is written all the same.
func (w *Writer) End() {
	w.rows++
	if len(w.rec) != w.width && w.err == nil {
		w.err = fmt.Errorf("csv row %d has %d cells, the header %d", w.rows, len(w.rec), w.width)
	}
	w.record(w.rec)
	w.rec = w.rec[:0]
}

func (w *Writer) record(rec []string) {
	if err := w.w.Write(rec); err != nil && w.err == nil {
		w.err = err
	}
}

// Flush writes what is buffered and returns the first error of any
// write or row.
func (w *Writer) Flush() error {
	w.w.Flush()
	if w.err != nil {
		return w.err
	}
	return w.w.Error()
}

// gocsvSink is a Writer as gocsv's CSVWriter: gocsv hands it records
// whose Text cells it has encoded with Text.MarshalCSV.
type gocsvSink struct{ w *Writer }

func (s gocsvSink) Write(rec []string) error { s.w.record(rec); return s.w.err }
func (s gocsvSink) Flush()                   { s.w.w.Flush() }
func (s gocsvSink) Error() error {
	if s.w.err != nil {
		return s.w.err
	}
	return s.w.w.Error()
}
