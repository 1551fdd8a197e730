package reward

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

// TestErrorsQuoteLittleOfTheInput checks that an error about a long name,
// key or label quotes a bounded excerpt of it, still saying what is wrong
// and where: a 512 KiB unknown key, benchmark or preset name used to come
// back whole in the error (twice, in "error" and "field"), so that a bad
// request of 1 MiB got an answer of 1 MiB.
func TestErrorsQuoteLittleOfTheInput(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxBody = 4 << 20
	srv := formulaServer(t, opt)
	long := strings.Repeat("é", 256<<10) // 512 KiB, two bytes a rune
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	const gr, rw = "/get_reward?benchmark=complex-if", "/v1/rewards"
	tests := []struct {
		name, reason, path, body string
		code                     int
		want                     []string
	}{
		{"body-key", "an unknown field of the body", gr, `{` + q(long) + `:1}`, 400, []string{`unknown field`, `want query, prompts, labels`}},
		{"batch-benchmark", "an unknown benchmark for the batch", rw, `{"benchmark":` + q(long) + `,"records":[{}]}`, 404, []string{`unknown benchmark`, `"field":"benchmark"`}},
		{"batch-preset", "an unknown preset for the batch", rw, `{"preprocess":` + q(long) + `,"records":[{}]}`, 400, []string{`unknown preset`, `"field":"preprocess"`}},
		{"record-benchmark", "an unknown benchmark for one record", rw, `{"records":[{"benchmark":` + q(long) + `,"record":{}}]}`, 200, []string{`unknown benchmark`, `"field":"benchmark"`}},
		{"record-preset", "an unknown preset for one record", rw, `{"records":[{"benchmark":"complex-if","preprocess":` + q(long) + `,"record":{}}]}`, 200, []string{`unknown preset`, `"field":"preprocess"`}},
		{"record-key", "an unknown field of a record", rw, `{"benchmark":"complex-if","records":[{` + q(long) + `:1}]}`, 200, []string{`unknown field`}},
		{"label-key", "an unknown field of a label", gr, `{"query":["q"],"labels":[{` + q(long) + `:1}]}`, 422, []string{`"index":0`, `unknown field`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code || len(data) > 4<<10 || !json.Valid(data) {
				t.Fatalf("%d, %d bytes (%.200s…), want %d, at most 4 KiB of JSON (%s)", resp.StatusCode, len(data), data, tc.code, tc.reason)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(data), w) {
					t.Errorf("%s lacks %s (%s)", data, w, tc.reason)
				}
			}
			if !strings.Contains(string(data), "éé") {
				t.Errorf("%s quotes nothing of the input (%s)", data, tc.reason)
			}
		})
	}

	t.Run("stream", func(t *testing.T) {
		cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
		set, err := NewSet(nil, cfg, kind.Options{})
		if err != nil {
			t.Fatal(err)
		}
		f, _ := set.Lookup("complex-if")
		for _, format := range []string{"jsonl", "csv"} {
			var out bytes.Buffer
			in := `{"pi":[true]}` + "\n" + `{` + q(long) + `:1}` + "\n"
			if _, err := Stream(context.Background(), strings.NewReader(in), &out, f.Rewards, format); err != nil {
				t.Fatal(err)
			}
			if out.Len() > 4<<10 || !utf8.Valid(out.Bytes()) || !strings.Contains(out.String(), "unknown field") || !strings.Contains(out.String(), "éé") {
				t.Errorf("%s: %d bytes (%.300s…), want at most 4 KiB naming the unknown field", format, out.Len(), out.Bytes())
			}
		}
	})
}

// TestBodyErrorsNameTheIndex checks that a body refused at one element
// of an array names the element: the field with its index, and "index"
// as in a 422 on a label. A malformed label or record named only
// "labels" or "records", and no refusal of the body carried "index".
func TestBodyErrorsNameTheIndex(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	const gr, rw = "/get_reward?benchmark=complex-if", "/v1/rewards"
	tests := []struct {
		name, reason, path, body string
		field                    string
		index                    int
	}{
		{"query-type", "a number among the queries", gr, `{"query":["a",1],"labels":["l","l"]}`, "query[1]", 1},
		{"query-escape", "a bad escape in a query", gr, `{"query":["a","b","\x"],"labels":["l","l","l"]}`, "query[2]", 2},
		{"prompt-type", "an object among the prompts", gr, `{"query":["a","b"],"prompts":["a",{}]}`, "prompts[1]", 1},
		{"label-syntax", "a malformed object label", gr, `{"query":["a","b"],"labels":["l",{"pi":]}]}`, "labels[1]", 1},
		{"label-nesting", "a label nested 20,000 deep", gr, `{"query":["a","b"],"labels":["l",` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `]}`, "labels[1]", 1},
		{"label-escape", "a bad escape in a string label", gr, `{"query":["a","b"],"labels":["l","\q"]}`, "labels[1]", 1},
		{"record-syntax", "a malformed record", rw, `{"benchmark":"complex-if","records":[{},{},{"pi":[true,]}]}`, "records[2]", 2},
		{"record-word", "a misspelt literal", rw, `{"benchmark":"complex-if","records":[{"pi":[true]},nul]}`, "records[1]", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			var got struct {
				Error, Field string
				Index        *int
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err := json.Unmarshal(data, &got); err != nil || resp.StatusCode != 400 || got.Field != tc.field || got.Index == nil || *got.Index != tc.index || !strings.Contains(got.Error, tc.field) {
				t.Errorf("%d %s, want 400 on field %s, index %d (%s)", resp.StatusCode, data, tc.field, tc.index, tc.reason)
			}
		})
	}
}

// TestQueryParametersStrict checks that the query string is read as
// strictly as the body: a misspelt parameter (preproces) used to be
// ignored, so that the rewards silently lacked the preset asked for, a
// parameter given twice was read as its first value, and a malformed one
// (a semicolon, a bad escape) was dropped, the benchmark then "missing".
func TestQueryParametersStrict(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	gbody := `{"query":["q"],"labels":["{\"pi\":[true]}"]}`
	rbody := `{"benchmark":"complex-if","records":[{"pi":[true]}]}`
	tests := []struct {
		name, reason, path, body string
		code                     int
		want                     string
	}{
		{"misspelt", "a misspelt preprocess is not ignored", "/get_reward?benchmark=complex-if&preproces=open-instruct", gbody, 400, `"field":"preproces"`},
		{"twice", "a parameter given twice is ambiguous", "/get_reward?benchmark=complex-if&benchmark=ifeval", gbody, 400, `"field":"benchmark"`},
		{"semicolon", "a semicolon is no separator", "/get_reward?benchmark=complex-if;preprocess=none", gbody, 400, `semicolon`},
		{"bad-escape", "a bad escape", "/get_reward?benchmark=complex-if&preprocess=%zz", gbody, 400, `"error"`},
		{"rewards-param", "/v1/rewards takes its benchmark in the body", "/v1/rewards?benchmark=complex-if", rbody, 400, `"field":"benchmark"`},
		{"good", "both parameters", "/get_reward?benchmark=complex-if&preprocess=none", gbody, 200, `"rewards":[1]`},
		{"good-rewards", "no parameter", "/v1/rewards", rbody, 200, `"reward":1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code || !strings.Contains(string(data), tc.want) {
				t.Errorf("POST %s: %d %s, want %d with %s (%s)", tc.path, resp.StatusCode, data, tc.code, tc.want, tc.reason)
			}
		})
	}
}

// TestBodyMayStartWithBOM checks that a body starting with a byte order
// mark is read as without it, as RFC 8259 §8.1 allows and `sciif reward`
// does for its first line: it was refused as "invalid character 'ï'".
func TestBodyMayStartWithBOM(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	resp, err := http.Post(srv.URL+"/v1/rewards", "application/json", strings.NewReader("\uFEFF"+`{"benchmark":"complex-if","records":[{"pi":[true]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(data), `"reward":1`) {
		t.Errorf("a body after a BOM: %d %s, want its reward", resp.StatusCode, data)
	}
	// A BOM elsewhere is no white space.
	resp, err = http.Post(srv.URL+"/v1/rewards", "application/json", strings.NewReader(`{"benchmark":"complex-if",`+"\uFEFF"+`"records":[{"pi":[true]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("a BOM inside the object: %d %s, want 400", resp.StatusCode, data)
	}
}

// TestNullPromptsAreAbsent checks that "prompts": null is read as no
// prompts, as encoding/json reads it and as a client that sends None
// means: it was an empty list, refused as "0 prompts for 1 queries".
func TestNullPromptsAreAbsent(t *testing.T) {
	srv := formulaServer(t, DefaultOptions())
	resp, err := http.Post(srv.URL+"/get_reward?benchmark=complex-if", "application/json", strings.NewReader(`{"query":["q"],"prompts":null,"labels":["{\"pi\":[true]}"]}`))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(data), `"rewards":[1]`) {
		t.Errorf("prompts null: %d %s, want the reward as without prompts", resp.StatusCode, data)
	}
}
