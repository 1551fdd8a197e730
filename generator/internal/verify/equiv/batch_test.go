package equiv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

func TestRunBatch(t *testing.T) {
	cases := []struct {
		name    string
		reason  string
		in      string
		want    string
		wantErr string
	}{
		{
			name:   "in order",
			reason: "one output line per input line, blank lines skipped",
			in: `{"gold": "1.5 km", "pred": "1500 m"}

{"gold": "B", "pred": "C", "type": "choice"}
{"gold": "5.0", "pred": "5.3", "tolerance": {"kind": "absolute", "value": 0.5}, "note": "ignored"}
{"gold": "x", "pred": "x", "type": "text"}
`,
			want: `{"verdict":"equal","reason":"unit: 1500 m is 1.5 km; 1.5 km vs 1.5 km: the same value"}
{"verdict":"not_equal","reason":"choice: option B vs option C"}
{"verdict":"equal","reason":"numeric: 5 vs 5.3: within absolute tolerance 0.5"}
{"verdict":"undecided","reason":"text: free-text references are left to the judges"}
`,
		},
		{
			name:   "all errors",
			reason: "every malformed line is reported with name:line: field; verdicts stop at the first one",
			in: `{"gold": "1", "pred": "1"}
not json
{"gold": true, "pred": "1"}
{"gold": "1"}
{"gold": "1", "pred": "1", "tolerance": {"kind": "fuzzy", "value": 1}}
`,
			wantErr: `in.jsonl:2: not a JSON object: invalid character 'o' in literal null (expecting 'u')
in.jsonl:3: gold: want a string
in.jsonl:4: pred: missing
in.jsonl:5: tolerance: unknown tolerance kind "fuzzy"`,
			want: `{"verdict":"equal","reason":"identical: the normalised answers are identical"}
`,
		},
		{
			name:   "labelled corpus fields",
			reason: "numbers for gold and pred, labels, subjects and a corpus's own type names are accepted; only our fields count",
			in: `{"gold": 42, "pred": "42.0", "label": true, "subject": "physics", "type": "physics"}
`,
			want: `{"verdict":"equal","reason":"numeric: 42 vs 42: the same value"}
`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := RunBatch(context.Background(), strings.NewReader(tc.in), &out, "in.jsonl")
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if diff := cmp.Diff(tc.wantErr, gotErr); diff != "" {
				t.Errorf("%s\nRunBatch error (-want +got):\n%s", tc.reason, diff)
			}
			if diff := cmp.Diff(tc.want, out.String()); diff != "" {
				t.Errorf("%s\nRunBatch output (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}

// TestRunBatchStreams checks that a verdict is written before the next
// line is read: RunBatch must not read its whole input first.
func TestRunBatchStreams(t *testing.T) {
	pr, pw := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- RunBatchOptions(context.Background(), pr, outW, "in.jsonl", BatchOptions{})
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	for i, pair := range []string{`{"gold": "1", "pred": "1"}`, `{"gold": "1", "pred": "2"}`} {
		if _, err := io.WriteString(pw, pair+"\n"); err != nil {
			t.Fatal(err)
		}
		line, err := out.ReadString('\n')
		if err != nil {
			t.Fatalf("pair %d: no verdict before more input: %v", i, err)
		}
		if !strings.Contains(line, "verdict") {
			t.Errorf("pair %d: got %q", i, line)
		}
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestRunBatchExtract(t *testing.T) {
	in := `{"gold": "35.2 kJ/mol", "pred": "We compute. So the energy is 35200 J/mol.\n\n**Final Answer**\n\n35.2 kJ/mol"}
{"gold": "4", "pred": "I am not sure how to proceed with this problem because it lacks data and context here."}
{"gold": "1", "pred": "` + strings.Repeat("x", maxBatchLine) + `"}
`
	var out bytes.Buffer
	err := RunBatchOptions(context.Background(), strings.NewReader(in), &out, "in.jsonl", BatchOptions{Extract: true})
	want := `{"verdict":"equal","reason":"identical: the normalised answers are identical"}
{"verdict":"undecided","reason":"extract: no final answer found in the response"}
`
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("RunBatch --extract output (-want +got):\n%s", diff)
	}
	if err == nil || !strings.Contains(err.Error(), "in.jsonl:3: line longer than") {
		t.Errorf("RunBatch with a long line: error %v, want in.jsonl:3: line longer than …", err)
	}
}

// TestBatchDecodingMatchesEncodingJSON checks the fast paths of
// parseBatchLine against encoding/json: jsonobj.Members against a map of
// raw members, jsonobj.Unquote against decoding a string.
func TestBatchDecodingMatchesEncodingJSON(t *testing.T) {
	lines := []string{
		`{}`, ` { } `, `{"gold": "1", "pred": "2"}`, `{"gold":"a\"b","pred":"\\frac{1}{2}","gold":"last"}`,
		`{"a": [1, {"b": "]}"}], "gold": 42, "x": null, "y": true, "z": -1.5e3}`,
		"{\"pred\": \"tab\\there\\nnl \\u00e9 \\ud83d\\ude00 \\/ \\ud800\"}\n",
		`{"g\u006fld": "escaped key"}`, `{"gölд": "x"}`, `[1]`, `null`, `"s"`, `{"gold": "1",}`, `{"gold" "1"}`,
		"{\"pred\": \"invalid \xff utf8\"}", `{"tolerance": {"kind": "absolute", "value": 0.5}, "type": "numeric"}`,
	}
	for _, r := range readScience(t) {
		b, _ := json.Marshal(map[string]any{"gold": r.Gold, "pred": r.Pred, "tolerance": r.Tolerance, "type": r.Type})
		lines = append(lines, string(b))
	}
	for _, line := range lines {
		var want map[string]json.RawMessage
		werr := json.Unmarshal([]byte(line), &want)
		got, ok := jsonobj.Members([]byte(line))
		if ok {
			if werr != nil {
				t.Errorf("jsonobj.Members(%q) accepted what encoding/json refuses: %v", line, werr)
			} else if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("jsonobj.Members(%q) (-want +got):\n%s", line, diff)
			}
		}
		for _, raw := range want {
			var ws string
			werr := json.Unmarshal(raw, &ws)
			gs, ok := jsonobj.Unquote(raw)
			if ok && (werr != nil || gs != ws) {
				t.Errorf("jsonobj.Unquote(%s) = %q, encoding/json: %q, %v", raw, gs, ws, werr)
			}
		}
	}
}
