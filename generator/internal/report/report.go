// Package report is the toolkit every kind writes its scored board with,
// for spreadsheets and programs: CSV whose text cells are defused (Text)
// and JSON. It knows no kind: a kind's rows and text tables are its own
// (SciIF's LeaderboardRow is in kinds/sciif). It writes only to the
// io.Writer it is given and computes nothing.
package report

import (
	"encoding/json"
	"io"
)

// JSON writes a board's scores v as indented JSON with a final newline:
// the stable `sciif score --format json` download format of every kind.
func JSON(w io.Writer, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
