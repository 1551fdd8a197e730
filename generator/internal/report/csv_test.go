package report

import (
	"bytes"
	"strings"
	"testing"
)

type verdict int

func (v verdict) String() string { return "=1+1" }

func TestCheckRow(t *testing.T) {
	type good struct {
		Name   Text    `csv:"name"`
		Rank   int     `csv:"rank"`
		Key    int64   `csv:"key"`
		N      uint8   `csv:"n"`
		Rate   float64 `csv:"rate"`
		Pass   bool    `csv:"pass"`
		Hidden string  `csv:"-"`
		note   string
	}
	type plain struct {
		Name Text   `csv:"name"`
		Note string `csv:"note"`
	}
	type untagged struct{ Note string }
	type stringer struct {
		V verdict `csv:"v"`
	}
	type list struct {
		IDs []Text `csv:"ids"`
	}
	type pointer struct {
		Name *Text `csv:"name"`
	}
	tests := []struct {
		name, reason string
		row          any
		want         string // part of the error, "" for none
	}{
		{"good", "text is Text; numbers and booleans are plain; skipped and unexported fields are not written", good{note: "x"}, ""},
		{"pointer", "a pointer to a row is the row", &good{}, ""},
		{"plain string", "a plain string column would be written undefused", plain{}, "field Note: is a plain string"},
		{"untagged", "gocsv writes an untagged field under its name", untagged{}, "field Note: is a plain string"},
		{"stringer", "gocsv writes a type of its own with its String method, undefused", stringer{}, "field V: is a report.verdict"},
		{"slice", "gocsv would write a slice with fmt", list{}, "field IDs: is a []report.Text"},
		{"text pointer", "a *Text is not a cell type", pointer{}, "field Name: is a *report.Text"},
		{"not a struct", "a row is a struct", "x", "is not a struct"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckRow(tt.row)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckRow(%T) = %v, want nil (%s)", tt.row, err, tt.reason)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("CheckRow(%T) = %v, want an error saying %q (%s)", tt.row, err, tt.want, tt.reason)
			}
		})
	}
}

// TestCSVRefusesPlainStrings wants CSV to write nothing of rows whose type
// CheckRow refuses: a plain string column fails the build, not the
// spreadsheet.
func TestCSVRefusesPlainStrings(t *testing.T) {
	type row struct {
		Name string `csv:"name"`
	}
	for _, rows := range []any{[]row{{"=1+1"}}, &[]row{{"=1+1"}}, []*row{{"=1+1"}}} {
		var buf bytes.Buffer
		if err := CSV(&buf, rows); err == nil || buf.Len() != 0 {
			t.Errorf("CSV(%T) = %v, wrote %q; want an error and nothing written", rows, err, buf.String())
		}
	}
	type textRow struct {
		Name Text `csv:"name"`
	}
	if err := CSV(new(bytes.Buffer), textRow{Name: "m"}); err == nil {
		t.Error("CSV of a row, not a slice of rows, is not an error")
	}
}

// TestWriterAsGocsv wants rows written cell by cell, by one Writer or
// by a header and Writers of rows apart (NewRows), to be what CSV (gocsv)
// writes of the same rows: header, quoting, numbers, booleans and
// defused text.
func TestWriterAsGocsv(t *testing.T) {
	type row struct {
		Name  Text `csv:"name"`
		Count int  `csv:"count"`
		OK    bool `csv:"ok"`
		Note  Text `csv:"note,omitempty"`
	}
	rows := []row{
		{"plain", 3, true, ""},
		{"=HYPERLINK(\"x\")", -2, false, "a,b"},
		{"-1", 1000000, true, "\t@x"},
		{" lead\nline", 0, false, "\r"},
	}
	var want bytes.Buffer
	if err := CSV(&want, rows); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	w, err := NewWriter(&got, row{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		w.Text(r.Name)
		w.Int(r.Count)
		w.Bool(r.OK)
		w.Text(r.Note)
		w.End()
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("Writer wrote:\n%s\nwant (gocsv):\n%s", got.String(), want.String())
	}
	// The header alone, then each row by a Writer of its own (NewRows),
	// joined: the same bytes.
	var parts bytes.Buffer
	hw, err := NewWriter(&parts, row{})
	if err != nil {
		t.Fatal(err)
	}
	if err := hw.Flush(); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		rw, err := NewRows(&parts, row{})
		if err != nil {
			t.Fatal(err)
		}
		rw.Text(r.Name)
		rw.Int(r.Count)
		rw.Bool(r.OK)
		rw.Text(r.Note)
		rw.End()
		if err := rw.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if parts.String() != want.String() {
		t.Errorf("header and rows written apart:\n%s\nwant (gocsv):\n%s", parts.String(), want.String())
	}
	if !strings.Contains(got.String(), `"'=HYPERLINK(""x"")"`) || !strings.Contains(got.String(), "'-1,") {
		t.Errorf("text cells are not defused:\n%s", got.String())
	}
}

func TestWriterCountsCells(t *testing.T) {
	type row struct {
		A Text `csv:"a"`
		B Text `csv:"b"`
	}
	var buf bytes.Buffer
	w, err := NewWriter(&buf, row{})
	if err != nil {
		t.Fatal(err)
	}
	w.Text("x")
	w.Text("y")
	w.End()
	w.Text("only one")
	w.End()
	if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "row 2 has 1 cells, the header 2") {
		t.Errorf("Flush() = %v, want the short second row reported", err)
	}
}

func TestNewWriterRefusesPlainStrings(t *testing.T) {
	type row struct {
		Name string `csv:"name"`
	}
	var buf bytes.Buffer
	if _, err := NewWriter(&buf, row{}); err == nil || buf.Len() != 0 {
		t.Errorf("NewWriter(plain string row) = %v, wrote %q; want an error and nothing written", err, buf.String())
	}
}
