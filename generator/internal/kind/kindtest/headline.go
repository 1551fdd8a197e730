package kindtest

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// headline checks that Headline covers every model on the board.
func (h *harness) headline(t *testing.T) {
	bd := h.rank(t, h.runs)
	for _, id := range bd.Models() {
		lines, v := bd.Headline(id)
		if len(lines) == 0 {
			t.Errorf("Headline(%q) has no lines", id)
		}
		for i, l := range lines {
			if strings.TrimSpace(l) == "" {
				t.Errorf("Headline(%q) line %d is blank", id, i+1)
			}
		}
		if v == nil {
			t.Errorf("Headline(%q) has no JSON value", id)
			continue
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Errorf("Headline(%q)'s JSON value does not marshal: %v", id, err)
		} else if string(data) == "null" {
			t.Errorf("Headline(%q)'s JSON value is null", id)
		}
	}
}

// prompts checks that Prompts writes JSON objects, one a line.
func (h *harness) prompts(t *testing.T) {
	var a, b bytes.Buffer
	if err := h.bench.Prompts(&a); err != nil {
		t.Fatalf("Prompts: %v", err)
	}
	if err := h.bench.Prompts(&b); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("Prompts is not deterministic: two calls differ")
	}
	if a.Len() == 0 {
		t.Fatal("Prompts wrote nothing")
	}
	if !bytes.HasSuffix(a.Bytes(), []byte("\n")) {
		t.Errorf("Prompts: the last line has no newline")
	}
	for i, l := range bytes.Split(bytes.TrimSuffix(a.Bytes(), []byte("\n")), []byte("\n")) {
		if err := oneJSON(l); err != nil || !bytes.HasPrefix(bytes.TrimSpace(l), []byte("{")) {
			t.Errorf("Prompts line %d is no JSON object (%v): %s", i+1, err, excerpt(string(l)))
		}
	}
}
