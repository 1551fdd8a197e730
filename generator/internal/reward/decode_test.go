package reward

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/jsonobj"
)

// FuzzDecodeBody holds the server's token-by-token body decoders to
// encoding/json: whatever they accept, a strict encoding/json decode of
// the same body (unknown fields refused, nothing after the object)
// accepts with the same values, and no input makes them panic or return
// more records than the limit. A body read one byte at a time is accepted
// with the same values, or refused, as the body read at once (which of a
// body's faults is named first may differ: a read whose bytes are not
// UTF-8 is refused before the decoder sees them).
func FuzzDecodeBody(f *testing.F) {
	for _, s := range []string{
		`{"query":["q"],"prompts":["p"],"labels":["l"]}`,
		`{"query":["a\u00e9\n"],"labels":[{"instruction_id_list":["x"],"kwargs":[{}]}]}`,
		`{"benchmark":"complex-if","records":[{"pi":[true]},{"benchmark":"x","record":{}}]}`,
		`{"query":[1,1,1]}`, `{"records":[]} {}`, `{"query":null}`, "{\"query\":[\"\xff\"]}",
		`{"query":["a\\\"b\\\\","\ud83d\ude00"],"labels":[["\\\"]",{"a":"}"}],null]}`,
		`{"records":[1,-2.5e3,true,"x",{"record":[]}],"benchmark":null}`,
		"\xef\xbb\xbf{\"query\":[\"q\"]}", "\xef\xbb",
	} {
		f.Add([]byte(s))
	}
	const maxRecords = 8
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := decodeGetReward(bytes.NewReader(body), int64(len(body)), 1<<20, maxRecords)
		slow, serr := decodeGetReward(iotest.OneByteReader(bytes.NewReader(body)), 0, 1<<20, maxRecords)
		if diff := cmp.Diff(fmt.Sprint(req, err == nil), fmt.Sprint(slow, serr == nil)); (err == nil || serr == nil) && diff != "" {
			t.Errorf("read at once (-) and byte by byte (+) differ:\n%s", diff)
		}
		if err == nil {
			if len(req.Query) > maxRecords || len(req.Labels) > maxRecords || len(req.Prompts) > maxRecords {
				t.Fatalf("%d queries, %d labels, %d prompts: over %d", len(req.Query), len(req.Labels), len(req.Prompts), maxRecords)
			}
			var want getRewardRequest
			strict(t, body, &want)
			if diff := cmp.Diff(norm(want.Query), norm(req.Query)); diff != "" {
				t.Errorf("query (-encoding/json +ours):\n%s", diff)
			}
			if diff := cmp.Diff(norm(want.Prompts), norm(req.Prompts)); diff != "" {
				t.Errorf("prompts (-encoding/json +ours):\n%s", diff)
			}
			if diff := cmp.Diff(want.Labels, req.Labels, cmp.AllowUnexported(labelArg{})); diff != "" {
				t.Errorf("labels (-encoding/json +ours):\n%s", diff)
			}
		} else if err.code != 400 && err.code != 413 {
			t.Errorf("code %d for %q", err.code, err.msg)
		}
		rreq, rerr := decodeRewards(bytes.NewReader(body), int64(len(body)), 1<<20, maxRecords)
		rslow, rserr := decodeRewards(iotest.OneByteReader(bytes.NewReader(body)), 0, 1<<20, maxRecords)
		if diff := cmp.Diff(fmt.Sprint(rreq, rerr == nil), fmt.Sprint(rslow, rserr == nil)); (rerr == nil || rserr == nil) && diff != "" {
			t.Errorf("read at once (-) and byte by byte (+) differ:\n%s", diff)
		}
		if req, err := rreq, rerr; err == nil {
			var want rewardsRequest
			strict(t, body, &want)
			if want.Benchmark != req.Benchmark || len(want.Records) != len(req.Records) {
				t.Errorf("got %q with %d records, encoding/json %q with %d", req.Benchmark, len(req.Records), want.Benchmark, len(want.Records))
			}
		}
	})
}

// strict decodes body as encoding/json would with our rules, failing the
// test if it refuses.
func strict(t *testing.T, body []byte, v any) {
	t.Helper()
	// A leading byte order mark is ours to ignore (RFC 8259 §8.1), not
	// encoding/json's.
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("accepted %q, which encoding/json refuses: %v", body, err)
	}
	if dec.More() {
		t.Fatalf("accepted %q, which has more after the object", body)
	}
}

// norm makes an empty list and a missing one alike.
func norm(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestDecodeLongValues reads strings and labels longer than the lexer's
// reads, with escapes, escaped quotes and runs of backslashes wherever a
// read may end, as encoding/json does, at once and a few bytes at a time.
func TestDecodeLongValues(t *testing.T) {
	var q []string
	for n := range 6 {
		piece := strings.Repeat(`\`, n) + `"é` + "\n\t\u2028 {[" + strings.Repeat("x", 997*n)
		q = append(q, strings.Repeat(piece, 40000/len(piece)+n))
	}
	labels := []any{map[string]any{"instruction_id_list": []string{"a"}, "kwargs": []any{map[string]any{"s": q[3]}}}, q[5], 12.5, nil}
	body, err := json.Marshal(map[string]any{"query": q, "prompts": q[:4:4], "labels": labels})
	if err != nil {
		t.Fatal(err)
	}
	body = append(body[:len(body)-1], []byte(" \n}\n")...)
	var want getRewardRequest
	strict(t, body, &want)
	for _, r := range []struct {
		name string
		r    io.Reader
		size int64
	}{
		{"at once, of known size", bytes.NewReader(body), int64(len(body))},
		{"at once", bytes.NewReader(body), 0},
		{"7 bytes at a time", &chunked{body, 7}, 0},
		{"byte by byte", iotest.OneByteReader(bytes.NewReader(body)), 0},
	} {
		got, berr := decodeGetReward(r.r, r.size, 1<<22, 8)
		if berr != nil {
			t.Fatalf("%s: %v", r.name, berr)
		}
		if diff := cmp.Diff(want.Query, got.Query); diff != "" {
			t.Errorf("%s: query (-encoding/json +ours):\n%.2000s", r.name, diff)
		}
		if diff := cmp.Diff(want.Prompts, got.Prompts); diff != "" {
			t.Errorf("%s: prompts (-encoding/json +ours):\n%.2000s", r.name, diff)
		}
		if diff := cmp.Diff(want.Labels, got.Labels, cmp.AllowUnexported(labelArg{})); diff != "" {
			t.Errorf("%s: labels (-encoding/json +ours):\n%.2000s", r.name, diff)
		}
	}
}

// chunked reads n bytes at a time.
type chunked struct {
	b []byte
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.b)
	c.b = c.b[k:]
	return k, nil
}

// TestUnquoteAgreesWithEncodingJSON checks the lexer's string decoder
// (jsonobj.UnquoteInPlace) on the cases its shortcuts could get wrong: a
// control character at every place in an eight-byte word, escapes of
// each kind next to each other and at the ends, hexadecimal digits in
// both cases, surrogate escapes and bytes above 0x7f.
func TestUnquoteAgreesWithEncodingJSON(t *testing.T) {
	cases := []string{``, `a`, `\n`, `\\`, `\"`, `\/\b\f\n\r\t`, `\u00e9\u00E9\u20AC`, `\u0000`, `\ud83d\ude00`, `x\u`, `\x`, `é€😀`, `\\\\\"`, "a\u007fb"}
	for i := range 17 {
		cases = append(cases, strings.Repeat("a", i)+"\x1f"+strings.Repeat("b", 16-i), strings.Repeat("é", i)+"\t", strings.Repeat(`\n`, i)+"\x00",
			strings.Repeat("a", i)+`\"`+strings.Repeat("ü", 16-i)+`\\`, strings.Repeat("\x7f\x80", i)+`\u00ff`+"\x1f")
	}
	for _, c := range cases {
		raw := []byte(`"` + c + `"`)
		var want string
		werr := json.Unmarshal(raw, &want)
		body := bytes.Clone(raw[1 : len(raw)-1])
		n, _, ok := jsonobj.UnquoteInPlace(body)
		switch {
		case ok && werr != nil:
			t.Errorf("UnquoteInPlace(%q) = %q, encoding/json refuses: %v", raw, body[:n], werr)
		case ok && string(body[:n]) != want:
			t.Errorf("UnquoteInPlace(%q) = %q, encoding/json %q", raw, body[:n], want)
		case !ok && werr == nil:
			t.Errorf("UnquoteInPlace(%q) refused a literal encoding/json decodes (%q)", raw, want)
		}
		// The lexer agrees with encoding/json on every literal, and
		// refuses with its message.
		l := lexer{r: bytes.NewReader(raw)}
		l.peek()
		got, err := l.quoted("query", 0)
		if (err == nil) != (werr == nil) || got != want || err != nil && !strings.HasSuffix(err.Error(), werr.Error()) {
			t.Errorf("quoted(%q) = %q, %v; encoding/json %q, %v", raw, got, err, want, werr)
		}
	}
}
