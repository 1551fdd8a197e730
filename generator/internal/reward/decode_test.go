package reward

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzDecodeBody holds the server's token-by-token body decoders to
// encoding/json: whatever they accept, a strict encoding/json decode of
// the same body (unknown fields refused, nothing after the object)
// accepts with the same values, and no input makes them panic or return
// more records than the limit.
func FuzzDecodeBody(f *testing.F) {
	for _, s := range []string{
		`{"query":["q"],"prompts":["p"],"labels":["l"]}`,
		`{"query":["a\u00e9\n"],"labels":[{"instruction_id_list":["x"],"kwargs":[{}]}]}`,
		`{"benchmark":"complex-if","records":[{"pi":[true]},{"benchmark":"x","record":{}}]}`,
		`{"query":[1,1,1]}`, `{"records":[]} {}`, `{"query":null}`, "{\"query\":[\"\xff\"]}",
	} {
		f.Add([]byte(s))
	}
	const maxRecords = 8
	f.Fuzz(func(t *testing.T, body []byte) {
		if req, err := decodeGetReward(bytes.NewReader(body), 1<<20, maxRecords); err == nil {
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
			if len(want.Labels) != len(req.Labels) {
				t.Errorf("%d labels, encoding/json %d", len(req.Labels), len(want.Labels))
			}
		} else if err.code != 400 && err.code != 413 {
			t.Errorf("code %d for %q", err.code, err.msg)
		}
		if req, err := decodeRewards(bytes.NewReader(body), 1<<20, maxRecords); err == nil {
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
