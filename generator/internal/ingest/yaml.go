package ingest

import (
	"errors"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/yamlx"
)

// ReadOptional reads a benchmark folder's optional file path (a kind's
// reported.yaml), of at most max bytes, following a symbolic link: the
// folder belongs to the board's maintainers. found is false, with no
// error, when the file does not exist; any other failure is one fatal
// problem with code.
func ReadOptional(path string, max int64, code string) (data []byte, found bool, err error) {
	data, err = ReadFile(path, max, FollowLinks)
	var fe *FileError
	if errors.As(err, &fe) && fe.NotExist {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, board.Problems{{File: path, Code: code, Fatal: true, Msg: err.Error()}}
	}
	return data, true, nil
}

// DecodeYAML decodes data strictly into v: an unknown field is refused.
// Its error is one fatal problem with code: on the line where the document
// nests too deeply (yamlx.MaxDepth), else with the first line of the
// decoder's message.
func DecodeYAML(path string, data []byte, code string, v any) error {
	err := yamlx.Unmarshal(data, v, yaml.DisallowUnknownField())
	if err == nil {
		return nil
	}
	if de, ok := yamlx.ErrDepth(err); ok {
		return board.Problems{{File: path, Line: de.Line, Code: code, Fatal: true, Msg: de.Msg()}}
	}
	msg, _, _ := strings.Cut(strings.TrimSpace(err.Error()), "\n")
	return board.Problems{{File: path, Code: code, Fatal: true, Msg: msg}}
}
