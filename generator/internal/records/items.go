package records

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// Report records a problem of one line of a benchmark's items file: the
// item it is about ("" before its id is known), the field and the message.
type Report func(item, field, format string, args ...any)

// Items reads a benchmark's items file path, the maintainers' JSONL (at
// most ingest.MaxFile bytes; a symbolic link is followed): each line is
// decoded strictly (strictjson) into a T and handed to add with its line
// number and a Report for that line. Every problem is fatal, with code,
// and all are returned together as board.Problems: a board scored against
// a broken benchmark would mislead. A file without a single line is the
// problem "no <noun>".
func Items[T any](path, code, noun string, add func(line int, item *T, report Report)) error {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return board.Problems{{File: path, Code: code, Fatal: true, Msg: err.Error()}}
	}
	defer f.Close()
	var probs board.Problems
	read := 0
	err = ingest.Lines(path, f, func(line int, data []byte) {
		report := func(item, field, format string, args ...any) {
			probs = append(probs, board.Diagnostic{File: path, Line: line, Item: item, Field: field, Code: code, Fatal: true, Msg: fmt.Sprintf(format, args...)})
		}
		var it T
		if e := strictjson.Decode(data, &it); e != nil {
			report("", e.Field, "%s", e.Text())
			return
		}
		read++
		add(line, &it, report)
	})
	if err != nil {
		probs = append(probs, board.Diagnostic{File: path, Code: code, Fatal: true, Msg: err.Error()})
	}
	if len(probs) == 0 && read == 0 {
		probs = append(probs, board.Diagnostic{File: path, Code: code, Fatal: true, Msg: "no " + noun})
	}
	if len(probs) > 0 {
		return probs
	}
	return nil
}
