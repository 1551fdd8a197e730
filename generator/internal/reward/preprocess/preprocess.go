// Package preprocess holds the named presets that prepare a response before
// a reward checks it: the end-of-sequence and end-of-turn markers of current
// model families, removed from the end of every response under every
// preset, and what a training recipe removes besides (a reasoning model's
// thinking, answer tags). It imports only the standard library, so that
// every kind's reward can apply the preset it is given; it knows no kind.
//
// A preset reaches a kind's reward through the context (With, From): the
// reward package puts there the preset a request or the config chose, and
// a kind applies From(ctx) to the response before checking it.
package preprocess

import (
	"context"
	"fmt"
	"strings"
	"unicode"
)

// Marker is an end-of-sequence or end-of-turn token as a decoder that keeps
// special tokens writes it, with the model families that end a response
// with it.
type Marker struct {
	Text     string
	Families string
}

// Markers are the end-of-sequence and end-of-turn markers removed from the
// end of a response under every preset, from the chat templates of the
// families named.
var Markers = []Marker{
	{"<|im_end|>", "ChatML: Qwen 2–3, Phi-4, Yi, OLMo chat"},
	{"<|endoftext|>", "Qwen, Phi-3, OLMo 2, Tülu 3, GPT-2-style base models"},
	{"<|eot_id|>", "Llama 3.x (end of turn)"},
	{"<|eom_id|>", "Llama 3.1–3.3 (end of message, tool calls)"},
	{"<|end_of_text|>", "Llama 3.x base"},
	{"<|eot|>", "Llama 4 (end of turn)"},
	{"<end_of_turn>", "Gemma 2–3"},
	{"<eos>", "Gemma"},
	{"</s>", "Llama 2, Mistral, Mixtral"},
	{"<|end|>", "Phi-3, gpt-oss (end of a message)"},
	{"<|return|>", "gpt-oss (end of the final answer)"},
	{"<｜end▁of▁sentence｜>", "DeepSeek V3, R1 (full-width bars, U+2581)"},
	{"<|END_OF_TURN_TOKEN|>", "Cohere Command R"},
}

// MarkerTexts lists the markers' texts.
func MarkerTexts() []string {
	out := make([]string, len(Markers))
	for i, m := range Markers {
		out[i] = m.Text
	}
	return out
}

// StripMarkers removes end-of-sequence markers from the end of s, with the
// whitespace after each (a decoder's trailing newline), as often as they
// repeat. Whitespace before a marker is the response's and is kept; s
// without a marker at its end is returned unchanged.
func StripMarkers(s string) string {
	for {
		t := strings.TrimRightFunc(s, isPySpace)
		found := false
		for _, m := range Markers {
			if strings.HasSuffix(t, m.Text) {
				s, found = t[:len(t)-len(m.Text)], true
				break
			}
		}
		if !found {
			return s
		}
	}
}

// A Preset is a named way of preparing a response before checking it.
type Preset struct {
	// Name is what the config and requests call it.
	Name string
	// Doc says what the preset does, for messages and the docs.
	Doc string
	// EmptyFails makes a response that is empty once prepared fail every
	// check: open-instruct's IFEvalVerifier scores it 0 without checking.
	EmptyFails bool
	prepare    func(string) string
}

// Apply prepares response: the end-of-sequence markers go, then whatever
// the preset removes.
func (p *Preset) Apply(response string) string {
	s := StripMarkers(response)
	if p != nil && p.prepare != nil {
		s = p.prepare(s)
	}
	return s
}

// None checks the response as written, apart from the end-of-sequence
// markers at its end. It is the default.
var None = &Preset{Name: "none", Doc: "the response as written, without end-of-sequence markers at its end"}

// OpenInstruct does to a response what open-instruct's IFEvalVerifier does
// before checking it (open_instruct/ground_truth_utils.py,
// remove_thinking_section, at allenai/open-instruct commit e6c3044): every
// "<|assistant|>" is removed and the text stripped; of the text, only what
// follows the last "</think>" is kept (all of it when there is none: an
// unclosed <think> stays); every "<answer>" and "</answer>" is removed; the
// result is stripped of whitespace as Python's str.strip does. A response
// that is then empty follows no instruction.
var OpenInstruct = &Preset{
	Name:       "open-instruct",
	Doc:        "as open-instruct's IFEvalVerifier: <|assistant|> removed, only the text after the last </think>, <answer> and </answer> removed, stripped; empty follows nothing",
	EmptyFails: true,
	prepare:    openInstruct,
}

func openInstruct(s string) string {
	s = pyStrip(strings.ReplaceAll(s, "<|assistant|>", ""))
	if i := strings.LastIndex(s, "</think>"); i >= 0 {
		s = s[i+len("</think>"):]
	}
	s = strings.ReplaceAll(s, "<answer>", "")
	s = strings.ReplaceAll(s, "</answer>", "")
	return pyStrip(s)
}

// isPySpace is Python's str.isspace for one code point: Go's Unicode white
// space plus the information separators U+001C–U+001F.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// pyStrip is Python's str.strip() without arguments.
func pyStrip(s string) string { return strings.TrimFunc(s, isPySpace) }

// Presets lists the presets, the default first.
var Presets = []*Preset{None, OpenInstruct}

// Names lists the presets' names, for messages.
func Names() string {
	names := make([]string, len(Presets))
	for i, p := range Presets {
		names[i] = p.Name
	}
	return strings.Join(names, ", ")
}

// Lookup returns the preset named name; "" is None.
func Lookup(name string) (*Preset, error) {
	if name == "" {
		return None, nil
	}
	for _, p := range Presets {
		if p.Name == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("unknown preset %q (one of %s)", name, Names())
}

type ctxKey struct{}

// With returns ctx carrying p, the preset of the rewards computed under it.
func With(ctx context.Context, p *Preset) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From returns the preset ctx carries, None if it carries none.
func From(ctx context.Context) *Preset {
	if p, ok := Chosen(ctx); ok {
		return p
	}
	return None
}

// Chosen returns the preset ctx carries and whether it carries one.
func Chosen(ctx context.Context) (*Preset, bool) {
	p, ok := ctx.Value(ctxKey{}).(*Preset)
	return p, ok && p != nil
}
