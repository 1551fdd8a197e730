package reward

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/benchcpu"
)

// BenchmarkDecodeGetReward reads an OpenRLHF /get_reward body of 256
// chat-templated queries of about 1.5 KB (new lines, quotes and some
// accented letters, as answers have), their prompts and labels.
//
//	go test -p 1 -run '^$' -bench DecodeGetReward ./generator/internal/reward
func BenchmarkDecodeGetReward(b *testing.B) {
	para := "The results, \"taken together\", suggest a clear pattern — café first.\nThen it scales.\n\n"
	var q, p, l []string
	for i := range 256 {
		prompt := "<|im_start|>user\nWrite about " + strings.Repeat("this ", i%7+3) + "in three paragraphs.<|im_end|>\n<|im_start|>assistant\n"
		q = append(q, prompt+strings.Repeat(para, 10+i%10)+"<|im_end|>")
		p = append(p, prompt)
		l = append(l, `{"instruction_id_list":["length_constraints:number_paragraphs"],"kwargs":[{"num_paragraphs":3}]}`)
	}
	body, err := json.Marshal(map[string]any{"query": q, "prompts": p, "labels": l})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	cpu := benchcpu.Start()
	for b.Loop() {
		if _, err := decodeGetReward(bytes.NewReader(body), int64(len(body)), 16<<20, 4096); err != nil {
			b.Fatal(err)
		}
	}
	cpu(b)
}
