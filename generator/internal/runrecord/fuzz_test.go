package runrecord

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzDecode: any bytes decode without a panic; a record decoded without
// problems encodes to bytes that decode to the same record (an empty
// list and none are alike), again without problems.
func FuzzDecode(f *testing.F) {
	good := `{"generator": "sciif run", "version": "v", "model": "m", "judges": [{"name": "j", "model": "jm"}], "benchmarks": [{"name": "a", "file": "a.jsonl", "prompts": 1,
  "prompts_sha256": "` + strings.Repeat("a", 64) + `", "file_sha256": "` + strings.Repeat("b", 64) + `",
  "answers": {"requests": 1, "prompt_tokens": 2, "completion_tokens": 3}, "judging": {"requests": 4, "prompt_tokens": 5, "completion_tokens": 6}}]}`
	for _, s := range []string{good, "{}", "[]", "", "{", `{"generator": "sciif run", "benchmarks": []}`, strings.Replace(good, `"prompts": 1`, `"prompts": 1, "prompts": 2`, 1), strings.Replace(good, `2`, `2e400`, 1)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, probs := Decode("run.json", data)
		for _, p := range probs {
			if p.Fatal || p.File != "run.json" {
				t.Fatalf("problem %+v: want a warning on run.json", p)
			}
		}
		if len(probs) > 0 {
			return
		}
		enc, err := Encode(rec)
		if err != nil {
			t.Fatal(err)
		}
		again, probs := Decode("run.json", enc)
		if len(probs) > 0 {
			t.Fatalf("re-encoded record has problems %v:\n%s", probs, enc)
		}
		if diff := cmp.Diff(rec, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("round trip (-first +again):\n%s", diff)
		}
	})
}
