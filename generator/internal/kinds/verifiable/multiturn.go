package verifiable

// Multi-turn instruction benchmarks (benchmark.yaml turns: multi), as
// IFBench's multi-turn variant: the request and the constraint are split
// over two user turns with an assistant answer between them, and the
// checkers judge only the answer to the last turn. Conversations are
// handled by package chat; this file maps the input records onto the
// official prompt reader and reads the submissions matched by key or by
// the whole conversation.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// mtFields are the fields a multi-turn input record may carry: ours, and
// those of the published IFBench multi-turn set (allenai/IFBench_multi-turn),
// whose "prompt" (the request and constraint in one, the single-turn form)
// and "dataset" are read past: the conversation is what is asked.
var mtFields = map[string]bool{"key": true, "messages": true, "instruction_id_list": true, "kwargs": true, "prompt": true, "dataset": true}

// readConversations reads a multi-turn input file: one {"key", "messages",
// "instruction_id_list", "kwargs"} object a line, the last message the
// user's constraint turn. The instructions are read by the official reader,
// on the last turn as the prompt, so that ids and arguments are checked
// exactly as for a single-turn benchmark. Every problem is returned.
func readConversations(path string, reg *instr.Registry) ([]instr.Prompt, [][]chat.Message, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	var probs instr.Problems
	var convs [][]chat.Message
	var flat bytes.Buffer // the records in the single-turn form, line for line
	for n, line := range bytes.Split(data, []byte("\n")) {
		ln := n + 1
		if len(bytes.TrimSpace(line)) == 0 {
			flat.WriteByte('\n')
			continue
		}
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(line, &rec); err != nil {
			probs = append(probs, instr.Problem{File: path, Line: ln, Msg: "not a JSON object"})
			flat.WriteByte('\n')
			continue
		}
		var unknown []string
		for k := range rec {
			if !mtFields[k] {
				unknown = append(unknown, strconv.Quote(k))
			}
		}
		if len(unknown) > 0 {
			probs = append(probs, instr.Problem{File: path, Line: ln, Msg: "unknown field " + strings.Join(sortedStrings(unknown), ", ") + " (want key, messages, instruction_id_list, kwargs)"})
		}
		raw, ok := rec["messages"]
		var msgs []chat.Message
		if !ok {
			probs = append(probs, instr.Problem{File: path, Line: ln, Field: "messages", Msg: "missing: a multi-turn record is a conversation"})
		} else if msgs, err = chat.Decode(raw); err != nil {
			probs = append(probs, instr.Problem{File: path, Line: ln, Field: "messages", Msg: err.Error()})
		} else if err := chat.Check(msgs); err != nil {
			probs = append(probs, instr.Problem{File: path, Line: ln, Field: "messages", Msg: err.Error()})
		}
		convs = append(convs, msgs)
		out := map[string]json.RawMessage{"prompt": mustJSON(chat.Last(msgs))}
		for _, k := range []string{"key", "instruction_id_list", "kwargs"} {
			if v, ok := rec[k]; ok {
				out[k] = v
			}
		}
		b, _ := json.Marshal(out)
		flat.Write(b)
		flat.WriteByte('\n')
	}
	prompts, err := instr.ReadPrompts(&flat, path, reg)
	if err != nil {
		if ps, ok := err.(instr.Problems); ok {
			probs = append(probs, ps...)
		} else {
			return nil, nil, err
		}
	}
	if len(probs) > 0 {
		sortProblems(probs)
		return nil, nil, probs
	}
	if len(prompts) != len(convs) {
		return nil, nil, fmt.Errorf("%s: %d records read as %d prompts", path, len(convs), len(prompts))
	}
	return prompts, convs, nil
}

func mustJSON(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

func sortedStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

func sortProblems(ps instr.Problems) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && ps[j].Line < ps[j-1].Line; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// conversation is prompt i's conversation: its messages, or its text as
// the one user message.
func (b *benchmark) conversation(i int) []chat.Message {
	if b.multi() {
		return b.convs[i]
	}
	return chat.Prompt(b.ib.Prompts[i].Prompt)
}

// TurnLine is one line of a multi-turn benchmark's submission file: the
// response to the conversation named by its key or given whole.
type TurnLine struct {
	Key      *int64         `json:"key,omitempty"`
	Messages []chat.Message `json:"messages,omitempty"`
	Response string         `json:"response"`
}

// CodeKeyMismatch marks a record whose key and conversation name
// different prompts.
const CodeKeyMismatch = "prompt_response.key_mismatch"

// turnKey is how a record names its conversation: "k:<key>" by key, else
// "m:<chat.Key>" by the whole conversation; "" when it names none. A
// record giving both is read by its key, and its conversation must be that
// key's (lookup refuses the pair otherwise).
func turnKey(r *TurnLine) string {
	switch {
	case r.Key != nil && r.Messages != nil:
		return "k:" + strconv.FormatInt(*r.Key, 10) + "\x00" + chat.Key(r.Messages)
	case r.Key != nil:
		return "k:" + strconv.FormatInt(*r.Key, 10)
	case r.Messages != nil:
		return "m:" + chat.Key(r.Messages)
	}
	return ""
}

// showTurnKey says a turnKey as the record wrote it: "key 7", "messages
// "…"" or "key 7 with messages that are not its conversation".
func showTurnKey(k string) string {
	switch {
	case strings.HasPrefix(k, "k:"):
		num, _, both := strings.Cut(k[2:], "\x00")
		if both {
			return "key " + num + " with messages that are not its conversation"
		}
		return "key " + num
	case strings.HasPrefix(k, "m:"):
		return "messages " + records.Quote(k[2:])
	}
	return records.Quote(k)
}

// turnRecords is how records.Read reads a multi-turn submission: every
// record names its conversation by key or by the whole conversation (never
// by a turn of it), a second record of one conversation is refused, and an
// unanswered conversation follows none of its instructions.
func (b *benchmark) turnRecords() *records.Spec[TurnLine] {
	byKey := make(map[int64]int, len(b.ib.Prompts))
	byConv := make(map[string]int, len(b.ib.Prompts))
	for i, p := range b.ib.Prompts {
		byKey[p.Key] = i
		byConv[chat.Key(b.convs[i])] = i
	}
	lookup := func(k string) (int, bool) {
		switch {
		case strings.HasPrefix(k, "m:"):
			i, ok := byConv[k[2:]]
			return i, ok
		case strings.HasPrefix(k, "k:"):
			num, conv, both := strings.Cut(k[2:], "\x00")
			n, err := strconv.ParseInt(num, 10, 64)
			if err != nil {
				return 0, false
			}
			i, ok := byKey[n]
			if ok && both && chat.Key(b.convs[i]) != conv {
				return 0, false
			}
			return i, ok
		}
		return 0, false
	}
	codes := records.CodesOf("prompt_response")
	codes.Line, codes.Missing, codes.Response = ingest.CodePromptLine, ingest.CodePromptLine, ingest.CodePromptLine
	codes.Incomplete = "instr.incomplete"
	return &records.Spec[TurnLine]{
		Benchmark: b.spec.Name, N: len(b.ib.Prompts), Lookup: lookup,
		KeyField: "key", KeyName: "conversation", Key: turnKey, Show: showTurnKey,
		ResponseField: "response", Response: func(r *TurnLine) string { return r.Response },
		Items: "conversations", Name: func(i int) string { return fmt.Sprint(b.ib.Prompts[i].Key) }, Unanswered: "scored as following none of their instructions",
		WarnEmpty: true, Codes: codes,
	}
}

// turnResponses reads a multi-turn submission file.
func (b *benchmark) turnResponses(ctx context.Context, path string) (texts []string, answered []bool, probs board.Problems) {
	texts = make([]string, b.ib.N)
	res := records.Read(ctx, path, b.turnRecords(), func(i, _ int, r *TurnLine) board.Problems {
		texts[i] = r.Response
		return nil
	})
	answered = make([]bool, b.ib.N)
	for i, l := range res.Lines {
		answered[i] = l > 0
	}
	return texts, answered, res.Problems
}

// pairedSingle opens the single-turn benchmark a multi-turn one is
// compared with (benchmark.yaml single: <name>, a sibling folder).
func pairedSingle(spec kind.Spec, name string, checkers []instr.Checker) (*benchmark, error) {
	dir := filepath.Join(filepath.Dir(spec.Dir), name)
	self := &kind.Kind{Name: spec.Kind, Open: func(s kind.Spec) (kind.Benchmark, error) { return open(s, checkers) }}
	ps, _, ok, err := kind.ReadSpec([]*kind.Kind{self}, dir)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("no %s benchmark in %s", spec.Kind, dir)
	}
	ob, err := open(ps, checkers)
	if err != nil {
		return nil, err
	}
	sb := ob.(*benchmark)
	if sb.multi() {
		return nil, fmt.Errorf("%s is a multi-turn benchmark: want a single-turn one", name)
	}
	return sb, nil
}
