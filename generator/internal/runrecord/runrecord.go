// Package runrecord is a submission's run.json: the record `sciif run`
// leaves beside the files it wrote (Encode, PromptsDigest, with the
// runner's counts), and the build's check of that record against the
// submission's files and the benchmarks' current prompts (Checker).
//
// A record that matches proves that each file it names is byte for byte
// the file `sciif run` wrote from the answers to the benchmark's current
// prompts. It does not prove that a real model of the name it gives
// answered: whoever runs `sciif run` chooses the endpoint, and could write
// the same record by hand. A record that does not match, or cannot be
// read, is a warning and never a reason to refuse a submission.
//
// It reads through ingest (bounded) and writes nothing; it names no kind.
package runrecord

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// Generator is what a run.json's generator field says.
const Generator = "sciif run"

// PromptsDigest digests the answer tasks of a benchmark, in their order:
// each task's key and the chat.Hash of its conversation.
func PromptsDigest(tasks []kind.Task) string {
	h := sha256.New()
	for _, t := range tasks {
		fmt.Fprintf(h, "%d:%s %s\n", len(t.Key), t.Key, chat.Hash(t.Conversation()))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Encode is the bytes of rec as run.json: indented JSON ending in a
// newline, the same bytes for the same record.
func Encode(rec board.RunRecord) ([]byte, error) {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// FileDigest is the sha256 of the file at path, read through ingest.Open
// within ingest.MaxFile, as lower-case hex.
func FileDigest(path string) (string, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.NoLinks)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", err
	}
	if n > ingest.MaxFile {
		return "", fmt.Errorf("%s: file grew beyond the %s limit while it was read", path, ingest.Size(ingest.MaxFile))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Codes of the warnings about a run.json.
const (
	CodeFile     = "run.file"     // the file cannot be read, is not JSON of the record's shape, or holds a bad value
	CodeMismatch = "run.mismatch" // a benchmark's file or prompts are not those the record digests
)

// Read reads and checks the run.json at path: bounded (ingest.MaxSmall),
// strict (every field known, of its type, once), with sound values. Its
// problems are warnings, each naming the file, and its line and field
// where they are known.
func Read(path string) (board.RunRecord, board.Problems) {
	var rec board.RunRecord
	data, err := ingest.ReadFile(path, ingest.MaxSmall, ingest.NoLinks)
	if err != nil {
		msg := err.Error()
		var fe *ingest.FileError
		if errors.As(err, &fe) {
			msg = fe.Msg // the path is the diagnostic's file
		}
		return rec, board.Problems{{File: path, Code: CodeFile, Msg: msg}}
	}
	return Decode(path, data)
}

// Decode decodes and checks the bytes of a run.json; see Read.
func Decode(path string, data []byte) (board.RunRecord, board.Problems) {
	var rec board.RunRecord
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return rec, board.Problems{{File: path, Code: CodeFile, Msg: "want one JSON object, the record sciif run writes"}}
	}
	if e := strictjson.Decode(data, &rec); e != nil {
		d := board.Diagnostic{File: path, Field: e.Field, Code: CodeFile, Msg: e.Msg}
		if e.Column > 0 && e.Column <= len(data) {
			d.Line = 1 + bytes.Count(data[:e.Column], []byte("\n"))
		}
		return rec, board.Problems{d}
	}
	var probs board.Problems
	bad := func(field, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: path, Field: field, Code: CodeFile, Msg: fmt.Sprintf(format, args...)})
	}
	if rec.Generator != Generator {
		bad("generator", "want %q, got %q", Generator, rec.Generator)
	}
	if len(rec.Benchmarks) == 0 {
		bad("benchmarks", "no benchmark")
	}
	seen := map[string]bool{}
	for i, b := range rec.Benchmarks {
		at := fmt.Sprintf("benchmarks[%d].", i)
		switch {
		case b.Name == "":
			bad(at+"name", "empty benchmark name")
		case seen[b.Name]:
			bad(at+"name", "benchmark %q listed twice", b.Name)
		}
		seen[b.Name] = true
		if b.File == "" {
			bad(at+"file", "empty file name")
		}
		if b.Prompts < 0 {
			bad(at+"prompts", "negative count %d", b.Prompts)
		}
		for _, d := range []struct{ field, v string }{{"prompts_sha256", b.PromptsSHA256}, {"file_sha256", b.FileSHA256}} {
			if !sha256Hex(d.v) {
				bad(at+d.field, "%q is not a sha256 in lower-case hex", d.v)
			}
		}
		usageProblems(at+"answers.", &b.Answers, bad)
		if b.Judging != nil {
			usageProblems(at+"judging.", b.Judging, bad)
		}
	}
	return rec, probs
}

// usageProblems checks the counts of a usage: none negative, none over
// ingest.MaxDeclaredTokens (the bound of declared counts), so that the
// pages' sums of them cannot wrap around.
func usageProblems(at string, u *board.Usage, bad func(field, format string, args ...any)) {
	for _, c := range []struct {
		field string
		n     int64
	}{{"requests", int64(u.Requests)}, {"prompt_tokens", u.PromptTokens}, {"completion_tokens", u.CompletionTokens}} {
		switch {
		case c.n < 0:
			bad(at+c.field, "negative count %d", c.n)
		case c.n > ingest.MaxDeclaredTokens:
			bad(at+c.field, "%d is more than the %d allowed", c.n, int64(ingest.MaxDeclaredTokens))
		}
	}
}

func sha256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
