package chat

import "strings"

// A chat template's markers: how a turn opens (with its role) and closes.
type template struct {
	name string
	// open precedes the role, head follows it; end closes the turn.
	open, head, end string
}

// templates are the chat templates FromTemplate reads: ChatML (Qwen, many
// fine-tunes) and Llama 3's header tokens.
var templates = []template{
	{name: "chatml", open: "<|im_start|>", head: "\n", end: "<|im_end|>"},
	{name: "llama3", open: "<|start_header_id|>", head: "<|end_header_id|>", end: "<|eot_id|>"},
}

// FromTemplate reads a chat-templated text (OpenRLHF's query: the prompt
// rendered by the tokenizer's chat template, then the generated response)
// back into its turns: ChatML (<|im_start|>role … <|im_end|>) or Llama 3
// (<|start_header_id|>role<|end_header_id|> … <|eot_id|>). The last turn
// may be unterminated (a response cut at the budget); text outside the
// turns (a BOS token) is dropped, and contents are trimmed of the blank
// lines templates put around them. ok is false when text holds no turn of
// either template.
func FromTemplate(text string) (msgs []Message, ok bool) {
	for _, t := range templates {
		if !strings.Contains(text, t.open) {
			continue
		}
		parts := strings.Split(text, t.open)
		for _, p := range parts[1:] {
			role, rest, found := strings.Cut(p, t.head)
			if !found {
				return nil, false
			}
			content, _, _ := strings.Cut(rest, t.end)
			msgs = append(msgs, Message{Role: strings.TrimSpace(role), Content: strings.Trim(content, "\n")})
		}
		return msgs, len(msgs) > 0
	}
	return nil, false
}

// SplitResponse returns the conversation msgs answered and the response:
// the content of msgs' last turn when it is an assistant turn (ok false
// otherwise).
func SplitResponse(msgs []Message) (conv []Message, response string, ok bool) {
	if len(msgs) == 0 || msgs[len(msgs)-1].Role != Assistant {
		return msgs, "", false
	}
	return msgs[:len(msgs)-1], msgs[len(msgs)-1].Content, true
}
