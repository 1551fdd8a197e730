package ingest

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// checkQuick fails t if quickRecord accepts data where strictjson.Decode does
// not, or decodes another record. It returns whether quickRecord accepted.
func checkQuick(t *testing.T, data []byte) bool {
	t.Helper()
	var got sciifdata.Record
	if !quickRecord(data, &got) {
		return false
	}
	var want sciifdata.Record
	if p := strictjson.Decode(data, &want); p != nil {
		t.Errorf("quickRecord(%q) accepted what strictjson.Decode refuses: %v", data, p)
		return true
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quickRecord(%q) (-strictjson.Decode +quickRecord):\n%s", data, diff)
	}
	return true
}

var quickCases = []struct {
	in    string
	quick bool
}{
	{`{"id": "a", "response": "r"}`, true},
	{" {\"id\":\"a\",\"response\":\"line\\nline \\\"q\\\" \\u00e9\\/\"} \t", true},
	{`{"response": "r", "id": "a", "judges": {}}`, true},
	{`{"id": "a", "response": "", "judges": {"j1": {"correctness": "CORRECT: YES", "constraints": {"c1": "POINT 1: YES", "c2": ""}}, "j2": {}}}`, true},
	{`{"id": "a", "judges": {"j": {"constraints": {}}}}`, true},
	{`{}`, true},
	{`{"id": "naïve", "response": "日本語"}`, true},
	// Left to strictjson.Decode, which decodes them or names the problem.
	{`{"id": "a", "id": "b"}`, false},
	{`{"id": "a", "ID": "b"}`, false},
	{`{"id": "a", "extra": 1}`, false},
	{`{"id": null, "response": "r"}`, false},
	{`{"id": "a", "response": null}`, false},
	{`{"id": 1}`, false},
	{`{"id": "a", "judges": null}`, false},
	{`{"id": "a", "judges": {"j": null}}`, false},
	{`{"id": "a", "judges": {"j": {}, "j": {}}}`, false},
	{`{"id": "a", "judges": {"j": {"correctness": "x", "correctness": "y"}}}`, false},
	{`{"id": "a", "judges": {"j": {"constraints": {"c": "x", "c": "y"}}}}`, false},
	{`{"id": "a", "judges": {"j": {"constraints": {"c": 1}}}}`, false},
	{`{"id": "a", "judges": {"j": {"verdict": "x"}}}`, false},
	{`{"i\u0064": "a"}`, false},
	{`{"id": "\ud83d\ude00"}`, false},
	{`{"id": "a"} x`, false},
	{`{"id": "a"`, false},
	{`[{"id": "a"}]`, false},
	{"\f{\"id\": \"a\"}", false},
	{"{\"id\": \"tab\there\"}", false},
}

func TestQuickRecordAgreesWithDecodeStrict(t *testing.T) {
	for _, c := range quickCases {
		if got := checkQuick(t, []byte(c.in)); got != c.quick {
			t.Errorf("quickRecord(%s) read it itself: %v, want %v", c.in, got, c.quick)
		}
	}
}

// TestQuickRecordReadsSubmissions checks that every record of the
// repository's own submissions that strictjson.Decode accepts is read by
// quickRecord, identically: a change that sent them to the slow reader
// would pass every other test and lose the speed.
func TestQuickRecordReadsSubmissions(t *testing.T) {
	files := demotest.Files(t, filepath.Join("..", "..", ".."), "responses.jsonl", demotest.Rescored...)
	if len(files) < 5 {
		t.Fatalf("found %d submissions, want the demo ones: %v", len(files), files)
	}
	records := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, MaxLine)
		for n := 1; sc.Scan(); n++ {
			line := sc.Bytes()
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var r sciifdata.Record
			if strictjson.Decode(line, &r) != nil {
				continue
			}
			records++
			if !checkQuick(t, line) {
				t.Errorf("%s:%d: a good record left to strictjson.Decode", name, n)
			}
		}
	}
	if records < 100 {
		t.Errorf("read %d good records, want the demo submissions' (over 100)", records)
	}
}

func FuzzQuickRecord(f *testing.F) {
	for _, c := range quickCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return // Lines gives only valid UTF-8 (or nil) to its callers
		}
		checkQuick(t, data)
	})
}

// promptResponse is what PromptResponses decodes a line into.
type promptResponse struct {
	Prompt   *string `json:"prompt"`
	Response *string `json:"response"`
}

// checkQuickPR is checkQuick for quickPromptResponse.
func checkQuickPR(t *testing.T, data []byte) bool {
	t.Helper()
	var got promptResponse
	if !quickPromptResponse(data, &got.Prompt, &got.Response) {
		return false
	}
	var want promptResponse
	if p := strictjson.Decode(data, &want); p != nil {
		t.Errorf("quickPromptResponse(%q) accepted what strictjson.Decode refuses: %v", data, p)
		return true
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("quickPromptResponse(%q) (-strictjson.Decode +quickPromptResponse):\n%s", data, diff)
	}
	return true
}

var quickPRCases = []struct {
	in    string
	quick bool
}{
	{`{"prompt": "Write a haiku.", "response": "Leaves\nfall \"softly\""}`, true},
	{`{"response": "", "prompt": "p"}`, true},
	{`{"prompt": "p"}`, true},
	{`{}`, true},
	{`{"prompt": "p", "response": null}`, false},
	{`{"prompt": "p", "prompt": "q"}`, false},
	{`{"prompt": "p", "key": 1}`, false},
	{`{"Prompt": "p"}`, false},
	{`{"prompt": 1}`, false},
	{`{"prompt": "\ud800"}`, false},
	{`{"prompt": "p"}]`, false},
}

func TestQuickPromptResponseAgreesWithDecodeStrict(t *testing.T) {
	for _, c := range quickPRCases {
		if got := checkQuickPR(t, []byte(c.in)); got != c.quick {
			t.Errorf("quickPromptResponse(%s) read it itself: %v, want %v", c.in, got, c.quick)
		}
	}
	// The demo submissions' lines all take the fast path.
	root := filepath.Join("..", "..", "..")
	files := append(demotest.Files(t, root, "ifeval-demo.jsonl", demotest.Rescored...), demotest.Files(t, root, "ifbench-demo.jsonl", demotest.Rescored...)...)
	if len(files) < 2 {
		t.Fatalf("demo instruction submissions: %v", files)
	}
	lines := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n")) {
			lines++
			if !checkQuickPR(t, line) {
				t.Errorf("%s:%d: a good line left to strictjson.Decode", name, n+1)
			}
		}
	}
	if lines < 20 {
		t.Errorf("read %d lines of demo instruction submissions, want more", lines)
	}
}

func FuzzQuickPromptResponse(f *testing.F) {
	for _, c := range quickPRCases {
		f.Add([]byte(c.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !utf8.Valid(data) {
			return // Lines gives only valid UTF-8 (or nil) to its callers
		}
		checkQuickPR(t, data)
	})
}
