package runner

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// FuzzReadJournal: any bytes give either an error or a good part that is
// a prefix of whole lines and reads back to the same results.
func FuzzReadJournal(f *testing.F) {
	line := `{"key":"a","endpoint":"m","model":"x","temperature":0,"max_tokens":4096,"prompt_sha256":"h","content":"A\nB","prompt_tokens":1,"completion_tokens":1,"requests":1}` + "\n"
	for _, s := range []string{"", line, line + line[:30], line + "junk\n" + line, "\n\n" + line, line + "\x00\x00", `{"key":""}` + "\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		done, good, err := readJournal(bytes.NewReader(data), "j.jsonl")
		if err != nil {
			return
		}
		if good < 0 || good > int64(len(data)) || (good > 0 && data[good-1] != '\n') {
			t.Fatalf("good part %d of %d bytes does not end a line", good, len(data))
		}
		again, good2, err := readJournal(bytes.NewReader(data[:good]), "j.jsonl")
		if err != nil || good2 != good {
			t.Fatalf("the good part reads as %d bytes, err %v", good2, err)
		}
		if diff := cmp.Diff(done, again); diff != "" {
			t.Fatalf("the good part reads differently (-first +again):\n%s", diff)
		}
	})
}
