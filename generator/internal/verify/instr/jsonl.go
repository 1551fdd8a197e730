package instr

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// Problem is one defect of an input file, printed as "file:line: field: msg".
type Problem struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (p Problem) Error() string {
	if p.Field == "" {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Field, p.Msg)
}

// Problems is every defect found in the input, in file and line order. A
// reader returns all of them, not only the first.
type Problems []Problem

func (ps Problems) Error() string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.Error()
	}
	return strings.Join(s, "\n")
}

// MaxLine bounds one line of an input or responses file, as for every
// file sciif reads (ingest.MaxLine): a longer line is refused, never read
// into memory.
const MaxLine = ingest.MaxLine

// jsonLines calls fn with each non-blank line of r and its 1-based number,
// until fn returns false. A line longer than MaxLine stops the read with
// an error naming it.
func jsonLines(r io.Reader, fn func(line int, b []byte) bool) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for n := 1; ; n++ {
		buf = buf[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			// The line end ("\r\n" at most) is not part of the line, as
			// for ingest.Lines, the board's reader.
			if len(buf)+len(chunk) > MaxLine+2 {
				return fmt.Errorf("line %d: longer than %d MiB; refused", n, MaxLine>>20)
			}
			buf = append(buf, chunk...)
			if err == bufio.ErrBufferFull {
				continue
			}
			if len(bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))) > MaxLine {
				return fmt.Errorf("line %d: longer than %d MiB; refused", n, MaxLine>>20)
			}
			if len(bytes.TrimSpace(buf)) > 0 && !fn(n, buf) {
				return nil
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			break
		}
	}
}

// members returns the top-level members of the record b, read by
// jsonobj.Members where it can and by encoding/json (and its error) where
// it cannot; the values share b's memory.
func members(b []byte) (map[string]json.RawMessage, error) {
	if m, ok := jsonobj.Members(b); ok {
		return m, nil
	}
	var m map[string]json.RawMessage
	err := json.Unmarshal(b, &m)
	return m, err
}

// ReadPrompts reads an IFEval-format input file: one JSON object per line
// with "key" (integer), "prompt" (string), "instruction_id_list" (strings)
// and "kwargs" (one object per instruction). Blank lines are skipped. If reg
// is not nil, every instruction id must be registered. An argument the
// checkers refuse (Registry.CheckArgs: a wrong type, a negative count, an
// unknown relation, a name the instruction does not take; only the values
// when reg is nil) is a defect too, since the official code raises on it
// or replaces it with a random value. Any defect makes the whole file fail,
// with every defect reported as Problems.
func ReadPrompts(r io.Reader, name string, reg *Registry) ([]Prompt, error) {
	var out []Prompt
	if err := ScanPrompts(r, name, reg, func(p Prompt) error {
		out = append(out, p)
		return nil
	}); err != nil {
		return nil, err
	}
	return out, nil
}

// ScanPrompts reads an IFEval-format input file as ReadPrompts does but
// keeps no prompt: it hands each record that is a JSON object to fn as it
// is read, defective ones too (their defects are returned at the end, all
// of them, as Problems), and stops at the first error fn returns,
// returning it.
func ScanPrompts(r io.Reader, name string, reg *Registry, fn func(Prompt) error) error {
	var probs Problems
	var stop error
	keys := map[int64]int{}
	err := jsonLines(r, func(line int, b []byte) bool {
		bad := func(field, format string, a ...any) {
			probs = append(probs, Problem{name, line, field, fmt.Sprintf(format, a...)})
		}
		rec, err := promptFieldsOf(b)
		if err != nil {
			bad("", "not a JSON object: %v", err)
			return true
		}
		p := Prompt{Line: line, Prompt: rec.prompt, InstructionIDs: rec.ids, Kwargs: rec.kwargs}
		if rec.key == nil {
			bad("key", "missing")
		} else if k, err := strconv.ParseInt(strings.Trim(string(rec.key), `"`), 10, 64); err != nil {
			// IFEval writes integer keys, IFBench integers in strings ("0").
			bad("key", "%s is not an integer", rec.key)
		} else {
			p.Key = k
			if prev, dup := keys[k]; dup {
				bad("key", "%d already used on line %d", k, prev)
			}
			keys[k] = line
		}
		if !rec.has[fieldPrompt] {
			bad("prompt", "missing")
		} else if !rec.ok[fieldPrompt] {
			bad("prompt", "not a string")
		}
		if !rec.has[fieldIDs] {
			bad("instruction_id_list", "missing")
		} else if !rec.ok[fieldIDs] {
			bad("instruction_id_list", "not a list of strings")
		} else {
			for _, id := range p.InstructionIDs {
				_, known := reg.lookupOrTrue(id)
				switch {
				case known && reg != nil:
					// A registry holds well-formed ids only.
				case !ValidID(id):
					bad("instruction_id_list", "malformed instruction id %q", id)
				case !known:
					bad("instruction_id_list", "unknown instruction id %q", id)
				}
			}
		}
		if !rec.has[fieldKwargs] {
			bad("kwargs", "missing")
		} else if !rec.ok[fieldKwargs] {
			bad("kwargs", "not a list of objects")
		} else if len(p.Kwargs) != len(p.InstructionIDs) {
			bad("kwargs", "%d argument objects for %d instructions", len(p.Kwargs), len(p.InstructionIDs))
		} else {
			for i, args := range p.Kwargs {
				for _, e := range reg.CheckArgs(p.InstructionIDs[i], args) {
					bad("kwargs", "%v", e)
				}
			}
		}
		stop = fn(p)
		return stop == nil
	})
	switch {
	case stop != nil:
		return stop
	case err != nil:
		return fmt.Errorf("%s: %w", name, err)
	case len(probs) > 0:
		return probs
	}
	return nil
}

// The fields of a prompt record besides its key.
const (
	fieldPrompt = iota
	fieldIDs
	fieldKwargs
)

// promptFields is a prompt record as read: the key's raw value (nil when
// missing) and, for each other field, whether it is there, whether its
// value has the right type, and the value.
type promptFields struct {
	key     json.RawMessage
	has, ok [3]bool
	prompt  string
	ids     []string
	kwargs  []Args
}

// promptFieldsOf reads the prompt record b in one pass when it has the
// usual shape (quickPromptFields), else splits it into its members and
// decodes each; the error is that of a line that is not a JSON object.
func promptFieldsOf(b []byte) (promptFields, error) {
	if f, ok := quickPromptFields(b); ok {
		return f, nil
	}
	return memberPromptFields(b)
}

// memberPromptFields is promptFieldsOf for any record: it splits b into
// its members and decodes each.
func memberPromptFields(b []byte) (promptFields, error) {
	rec, err := members(b)
	if err != nil {
		return promptFields{}, err
	}
	var f promptFields
	f.key = rec["key"]
	var raw json.RawMessage
	if raw, f.has[fieldPrompt] = rec["prompt"]; f.has[fieldPrompt] {
		f.ok[fieldPrompt] = decodeString(raw, &f.prompt)
	}
	if raw, f.has[fieldIDs] = rec["instruction_id_list"]; f.has[fieldIDs] {
		f.ok[fieldIDs] = decodeIDs(raw, &f.ids)
	}
	if raw, f.has[fieldKwargs] = rec["kwargs"]; f.has[fieldKwargs] {
		f.ok[fieldKwargs] = decodeKwargs(raw, &f.kwargs)
	}
	return f, nil
}

// quickPromptFields reads b in one pass when it is an object of the four
// fields of a prompt record, each once and of the right type (the key a
// number, or a string without escapes), as the official files are;
// ok is false for anything else.
func quickPromptFields(b []byte) (f promptFields, ok bool) {
	var seen [4]bool
	end := jsonobj.Object(b, 0, func(key []byte, at int) int {
		var end int
		var ok bool
		var field int
		switch string(key) {
		case "key":
			if seen[3] {
				return -1
			}
			seen[3] = true
			if at < len(b) && b[at] == '"' {
				// A string without escapes is its own value.
				_, end, ok = jsonobj.StringAt(b, at)
				ok = ok && bytes.IndexByte(b[at:end], '\\') < 0
			} else {
				end = numberEnd(b, at)
				ok = end >= 0
			}
			if ok {
				f.key = json.RawMessage(b[at:end])
				return end
			}
			return -1
		case "prompt":
			field = fieldPrompt
			f.prompt, end, ok = jsonobj.StringAt(b, at)
		case "instruction_id_list":
			field = fieldIDs
			f.ids, end, ok = quickList(b, at, func(b []byte, i int) (string, int, bool) { return jsonobj.StringAt(b, i) })
		case "kwargs":
			field = fieldKwargs
			f.kwargs, end, ok = quickList(b, at, quickArgs)
		default:
			return -1
		}
		if !ok || seen[field] {
			return -1
		}
		seen[field], f.has[field], f.ok[field] = true, true, true
		return end
	})
	return f, end >= 0 && jsonobj.SkipSpace(b, end) == len(b) && seen == [4]bool{true, true, true, true}
}

// decodeString sets *dst to the JSON string raw and reports whether raw is
// one (null is not), as json.Unmarshal into a string would; raw is a value
// of a record members has checked, so it is well formed. The usual
// strings (escapes, \uXXXX outside the surrogates, valid UTF-8) are decoded
// here rather than checked and scanned again by json.Unmarshal, which
// decodes the others.
func decodeString(raw json.RawMessage, dst *string) bool {
	if s, ok := jsonobj.Unquote(raw); ok {
		*dst = s
		return true
	}
	return json.Unmarshal(raw, dst) == nil && string(raw) != "null"
}

func (r *Registry) lookupOrTrue(id string) (Checker, bool) {
	if r == nil {
		return Checker{}, true
	}
	return r.Lookup(id)
}

// Response is one record of a responses file.
type Response struct {
	Prompt   string `json:"prompt"`
	Response string `json:"response"`
	// Line is where the record starts in its file.
	Line int `json:"-"`
}

// ReadResponses reads a responses file from r: one {"prompt", "response"}
// object per line; other fields are ignored. Any defect makes the whole
// file fail, with every defect reported as Problems. It is the plain
// reading of a file the tests hold the checkers to the official results
// with; `sciif ifeval` and the boards read responses through
// records.Read, with limits and the problems of a submission.
func ReadResponses(r io.Reader, name string) ([]Response, error) {
	var out []Response
	var probs Problems
	err := jsonLines(r, func(line int, b []byte) bool {
		rec, err := members(b)
		if err != nil {
			probs = append(probs, Problem{name, line, "", fmt.Sprintf("not a JSON object: %v", err)})
			return true
		}
		resp := Response{Line: line}
		for _, f := range []struct {
			name string
			dst  *string
		}{{"prompt", &resp.Prompt}, {"response", &resp.Response}} {
			raw, ok := rec[f.name]
			if !ok {
				probs = append(probs, Problem{name, line, f.name, "missing"})
			} else if !decodeString(raw, f.dst) {
				probs = append(probs, Problem{name, line, f.name, "not a string"})
			}
		}
		out = append(out, resp)
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return out, nil
}

// MatchResponses returns the response to each prompt, in prompt order,
// matched by exact prompt text as the official code does (when a prompt
// has several responses, the last one counts, as there). A prompt without a
// response gets the empty response, which follows no instruction, and is
// reported in missing at its line of the input file inputName (the official
// IFBench code scores such prompts the same way); responses to prompts that
// are not in the input are ignored.
func MatchResponses(prompts []Prompt, responses []Response, inputName, responsesName string) (matched []string, missing Problems) {
	byPrompt := make(map[string]string, len(responses))
	for _, r := range responses {
		byPrompt[r.Prompt] = r.Response
	}
	out := make([]string, len(prompts))
	for i, p := range prompts {
		r, ok := byPrompt[p.Prompt]
		if !ok {
			missing = append(missing, Problem{inputName, p.Line, "prompt",
				fmt.Sprintf("no response in %s for this prompt (key %d); scored as an empty response", responsesName, p.Key)})
			continue
		}
		out[i] = r
	}
	return out, missing
}

// WriteResults writes results as the official eval_results_*.jsonl files
// are written: one object per line with follow_all_instructions,
// follow_instruction_list, instruction_id_list, prompt and response, in that
// order, encoded as Python's json.dumps does (ASCII only, ", " and ": ").
func WriteResults(w io.Writer, results []PromptResult) error {
	bw := bufio.NewWriter(w)
	for _, r := range results {
		WriteResult(bw, r)
	}
	return bw.Flush()
}

// WriteResult writes one result as a line of the official
// eval_results_*.jsonl files.
func WriteResult(bw *bufio.Writer, r PromptResult) {
	writeResultHead(bw, r)
	writePyString(bw, r.Prompt)
	bw.WriteString(`, "response": `)
	writePyString(bw, r.Response)
	bw.WriteString("}\n")
}

// PairWriter writes the Strict and Loose results of each prompt, each as
// WriteResult does into its own file, encoding the prompt's and the
// response's text once for both.
type PairWriter struct {
	strict, loose *bufio.Writer
	// enc holds the two texts encoded.
	enc []byte
}

// NewPairWriter returns a PairWriter writing Strict results to strict and
// Loose results to loose.
func NewPairWriter(strict, loose *bufio.Writer) *PairWriter {
	return &PairWriter{strict: strict, loose: loose}
}

// Write writes the results of one prompt, strict to the Strict file and
// loose to the Loose one.
func (pw *PairWriter) Write(strict, loose PromptResult) {
	if strict.Prompt != loose.Prompt || strict.Response != loose.Response {
		WriteResult(pw.strict, strict)
		WriteResult(pw.loose, loose)
		return
	}
	pw.enc = appendPyString(pw.enc[:0], strict.Prompt)
	n := len(pw.enc)
	pw.enc = appendPyString(pw.enc, strict.Response)
	enc := pw.enc
	if cap(enc) > 1<<20 {
		pw.enc = nil // one long response does not stay held
	}
	for _, w := range [2]struct {
		bw *bufio.Writer
		r  PromptResult
	}{{pw.strict, strict}, {pw.loose, loose}} {
		writeResultHead(w.bw, w.r)
		w.bw.Write(enc[:n])
		w.bw.WriteString(`, "response": `)
		w.bw.Write(enc[n:])
		w.bw.WriteString("}\n")
	}
}

// writeResultHead writes a result's line up to its prompt's text.
func writeResultHead(bw *bufio.Writer, r PromptResult) {
	bw.WriteString(`{"follow_all_instructions": `)
	bw.WriteString(pyBool(r.FollowAll))
	bw.WriteString(`, "follow_instruction_list": [`)
	for i, ir := range r.Instructions {
		if i > 0 {
			bw.WriteString(", ")
		}
		bw.WriteString(pyBool(ir.Followed))
	}
	bw.WriteString(`], "instruction_id_list": [`)
	for i, ir := range r.Instructions {
		if i > 0 {
			bw.WriteString(", ")
		}
		writePyString(bw, ir.ID)
	}
	bw.WriteString(`], "prompt": `)
}

func pyBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// writePyString writes s as Python's json.dumps(ensure_ascii=True) does.
func writePyString(w *bufio.Writer, s string) {
	w.Write(appendPyString(w.AvailableBuffer(), s))
}

// appendPyString appends s to dst as Python's json.dumps(ensure_ascii=True)
// writes it: printable ASCII as it is but for the quote and the backslash,
// the usual two-letter escapes, \uXXXX (lowercase) for any other
// character, as a surrogate pair above U+FFFF.
func appendPyString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for len(s) > 0 {
		// Copy the run of characters that need no escape in one append.
		n := pyPlain(s)
		dst = append(dst, s[:n]...)
		s = s[n:]
		if len(s) == 0 {
			break
		}
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		switch {
		case r == '"':
			dst = append(dst, `\"`...)
		case r == '\\':
			dst = append(dst, `\\`...)
		case r == '\n':
			dst = append(dst, `\n`...)
		case r == '\r':
			dst = append(dst, `\r`...)
		case r == '\t':
			dst = append(dst, `\t`...)
		case r == '\b':
			dst = append(dst, `\b`...)
		case r == '\f':
			dst = append(dst, `\f`...)
		case r < 0x20 || (r >= 0x7f && r <= 0xffff):
			dst = append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		default:
			r -= 0x10000
			for _, u := range [2]rune{0xd800 + r>>10, 0xdc00 + r&0x3ff} {
				dst = append(dst, '\\', 'u', hex[u>>12&0xf], hex[u>>8&0xf], hex[u>>4&0xf], hex[u&0xf])
			}
		}
	}
	return append(dst, '"')
}

// pyPlain returns the length of the run at the start of s that
// json.dumps(ensure_ascii=True) copies as it is: bytes from 0x20 to 0x7e
// but the quote and the backslash. Eight bytes at a time, as
// jsonobj.Special: a byte is flagged where its own high bit is set (not
// ASCII), where x - 0x2020… borrows into it (below 0x20), and where x xor
// a repeated byte, less 0x0101…, borrows into it (equal to that byte: the
// quote, the backslash, DEL). A borrow flags only bytes above a true
// match, so the lowest flagged byte is the first.
func pyPlain(s string) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		q, b, d := x^(0x22*ones), x^(0x5c*ones), x^(0x7f*ones)
		if m := (x | (x - 0x20*ones) | (q - ones) | (b - ones) | (d - ones)) & high; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

// pyFloat formats x as Python's str(float) does for values in [0, 1].
func pyFloat(x float64) string {
	if x == math.Trunc(x) && !math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}
