// Package chat is the one place conversations are handled: the message
// type every kind, the runner and the reward server share (a task is a list
// of messages, as the OpenAI-compatible chat API takes them), its
// validation, its identity (the key and hash that match a submission's
// record or a journal line to a conversation), the reading of a
// chat-templated text back into messages (OpenRLHF sends those), and the
// view of a conversation turn by turn that pages render.
//
// It is a leaf of the toolkit: it imports only the standard library, reads
// no file and renders no page.
package chat

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The roles a message may have.
const (
	System    = "system"
	User      = "user"
	Assistant = "assistant"
)

// Message is one turn of a conversation.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Prompt is the conversation of one user message: what a single-prompt
// benchmark sends.
func Prompt(text string) []Message { return []Message{{Role: User, Content: text}} }

// IsPrompt reports whether msgs is one user message, the shorthand of a
// single prompt.
func IsPrompt(msgs []Message) bool { return len(msgs) == 1 && msgs[0].Role == User }

// Check says what is wrong with msgs as a conversation to answer: it must
// hold at least one message, each with a known role and valid UTF-8, a
// system message only first, user and assistant turns alternating, and a
// user turn last (the turn the model answers). Nil if nothing is.
func Check(msgs []Message) error {
	if len(msgs) == 0 {
		return fmt.Errorf("an empty conversation: want at least one user message")
	}
	prev := ""
	for i, m := range msgs {
		switch m.Role {
		case System:
			if i != 0 {
				return fmt.Errorf("message %d: a system message may only come first", i+1)
			}
		case User, Assistant:
			if m.Role == prev {
				return fmt.Errorf("message %d: two %s turns in a row (user and assistant turns alternate)", i+1, m.Role)
			}
		default:
			return fmt.Errorf("message %d: role %q (want system, user or assistant)", i+1, m.Role)
		}
		if !utf8.ValidString(m.Content) {
			return fmt.Errorf("message %d: content is not valid UTF-8", i+1)
		}
		if m.Role == User && strings.TrimSpace(m.Content) == "" {
			return fmt.Errorf("message %d: an empty user turn", i+1)
		}
		prev = m.Role
	}
	if msgs[len(msgs)-1].Role != User {
		return fmt.Errorf("the last message is a %s turn: want the user turn the model answers", msgs[len(msgs)-1].Role)
	}
	return nil
}

// Decode reads a JSON array of {"role", "content"} objects, refusing any
// other field, a missing role or content and a value of the wrong type.
// The conversation is not Checked.
func Decode(data []byte) ([]Message, error) {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return nil, fmt.Errorf("want an array of messages, got null")
	}
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("want an array of {\"role\", \"content\"} objects")
	}
	out := make([]Message, len(raw))
	for i, obj := range raw {
		for k := range obj {
			if k != "role" && k != "content" {
				return nil, fmt.Errorf("message %d: unknown field %q (want role and content)", i+1, k)
			}
		}
		for _, f := range []struct {
			name string
			dst  *string
		}{{"role", &out[i].Role}, {"content", &out[i].Content}} {
			v, ok := obj[f.name]
			if !ok {
				return nil, fmt.Errorf("message %d: %s missing", i+1, f.name)
			}
			if err := json.Unmarshal(v, f.dst); err != nil || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
				return nil, fmt.Errorf("message %d: %s is not a string", i+1, f.name)
			}
		}
	}
	return out, nil
}

// Key is the identity of a conversation as text: a single user message is
// its content (so a prompt keys as it always has), any other conversation
// the canonical JSON of its messages. Two conversations have one key only
// if they are equal.
func Key(msgs []Message) string {
	if IsPrompt(msgs) {
		return msgs[0].Content
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(msgs) // a []Message of strings always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// Hash is the hex SHA-256 of Key: a journal line's record of what was
// asked. A single prompt hashes as its text, as journals written before
// conversations did.
func Hash(msgs []Message) string {
	h := sha256.Sum256([]byte(Key(msgs)))
	return hex.EncodeToString(h[:])
}

// Equal reports whether a and b are the same conversation.
func Equal(a, b []Message) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Last is the content of the last message ("" for none): the turn a
// response answers.
func Last(msgs []Message) string {
	if len(msgs) == 0 {
		return ""
	}
	return msgs[len(msgs)-1].Content
}

// Transcript writes msgs as plain text for a judge prompt: each turn
// headed by its role in capitals, in order, the contents verbatim. A
// single prompt is its text alone.
func Transcript(msgs []Message) string {
	if IsPrompt(msgs) {
		return msgs[0].Content
	}
	var b strings.Builder
	for i, m := range msgs {
		if i > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "[%s]\n%s", strings.ToUpper(m.Role), m.Content)
	}
	return b.String()
}

// Turn is one message as a page shows it.
type Turn struct {
	// N counts the turns from 1.
	N int
	// Role is the message's role and Label its name for readers ("User").
	Role, Label string
	Content     string
	// Long marks a turn pages collapse behind its first lines.
	Long bool
}

// LongTurn is the length in bytes from which a turn is Long. The last turn
// (the one answered) is never collapsed.
const LongTurn = 1200

// Turns is the view of msgs that pages render, turn by turn.
func Turns(msgs []Message) []Turn {
	out := make([]Turn, len(msgs))
	for i, m := range msgs {
		label := m.Role
		if label != "" {
			label = strings.ToUpper(label[:1]) + label[1:]
		}
		out[i] = Turn{N: i + 1, Role: m.Role, Label: label, Content: m.Content,
			Long: i < len(msgs)-1 && len(m.Content) >= LongTurn}
	}
	return out
}
