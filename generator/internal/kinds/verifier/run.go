package verifier

// The prompts of a verifier benchmark (sciif prompts) and what `sciif run`
// asks of it (kind.Runnable): every item in every prompt style, and the
// submission file built from the verifier's outputs.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

var _ kind.Runnable = (*benchmark)(nil)

// promptLine is one line of `sciif prompts` for a verifier benchmark.
type promptLine struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"` // "verify"
	Style    string `json:"style"`
	Prompt   string `json:"prompt"`
	LastLine string `json:"last_line"`
}

// Prompts writes, per item, its verification prompt in every style, with
// the last line Strict accepts.
func (b *benchmark) Prompts(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for i := range b.items {
		for s := range b.styles {
			st := &b.styles[s]
			if err := enc.Encode(promptLine{ID: b.items[i].ID, Kind: "verify", Style: st.Name, Prompt: st.Fill(&b.items[i]), LastLine: st.LastLine()}); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

func (b *benchmark) Scaffold() string {
	return fmt.Sprintf(`one line per item of %[1]s (%[2]d items; `+"`sciif prompts --benchmark %[3]s`"+` lists the prompts of each style) and prompt style:
     {"id": "<item id>", "output": "<the verifier's raw output, ending with a last line %[4]q>",
      "style": "default", "output_tokens": <tokens the verifier wrote, optional>}`,
		b.spec.Title, len(b.items), b.spec.Dir, "Final Judgment: True")
}

// AnswerKey is the key of item id's task in style.
func AnswerKey(id, style string) string { return kind.Key(id, style) }

// Judged is false: the verifier is the model under test.
func (b *benchmark) Judged() bool { return false }

// AnswerTasks is one task per item: its default-style prompt. A run
// answers the default style, the one the board ranks; an output without
// a Loose verdict is asked for once more.
func (b *benchmark) AnswerTasks() []kind.Task {
	st := &b.styles[0]
	out := make([]kind.Task, len(b.items))
	for i := range b.items {
		out[i] = kind.Task{Key: AnswerKey(b.items[i].ID, st.Name), Prompt: st.Fill(&b.items[i]),
			Valid: func(s string) bool { return Loose(s, st) != None }}
	}
	return out
}

// JudgeTasks is nil: nothing judges a verifier but the labels.
func (b *benchmark) JudgeTasks(map[string]string) []kind.Task { return nil }

// Submission is one default-style record per answered item, in benchmark
// order, the output as the verifier wrote it.
func (b *benchmark) Submission(a kind.Answers) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	st := b.styles[0].Name
	for i := range b.items {
		out, ok := a.Model[AnswerKey(b.items[i].ID, st)]
		if !ok {
			continue
		}
		rec := struct {
			ID     string `json:"id"`
			Output string `json:"output"`
			Style  string `json:"style"`
		}{b.items[i].ID, out, st}
		if err := enc.Encode(rec); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}
