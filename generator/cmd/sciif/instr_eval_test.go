package main

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	in := write("in.jsonl", `{"key": 1, "prompt": "a", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}`+"\n")
	bad := write("bad.jsonl", `{"key": 1}`+"\n")
	resp := write("resp.jsonl", `{"prompt": "a", "response": "b"}`+"\n")
	tests := []struct {
		name, reason string
		args         []string
		want         int
	}{
		{"ok", "a complete run", []string{"--input", in, "--responses", resp, "--out", dir + "/out"}, 0},
		{"help", "asking for help is not an error", []string{"--help"}, 0},
		{"missing flag", "all three flags are required", []string{"--input", in}, 2},
		{"extra argument", "positional arguments are not accepted", []string{"--input", in, "--responses", resp, "--out", dir, "x"}, 2},
		{"bad input", "a malformed record", []string{"--input", bad, "--responses", resp, "--out", dir + "/out2"}, 1},
		{"missing file", "an unreadable file is bad input", []string{"--input", dir + "/none", "--responses", resp, "--out", dir}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb strings.Builder
			if got := runIFEval(context.Background(), tt.args, &out, &errb); got != tt.want {
				t.Errorf("%s: exit %d, want %d; stderr:\n%s", tt.reason, got, tt.want, errb.String())
			}
		})
	}
}
