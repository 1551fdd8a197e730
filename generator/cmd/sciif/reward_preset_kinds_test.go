package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
)

// The presets reach the kinds beyond the instruction ones, as
// docs/rewards.md says: a verifier benchmark prepares the verifier's
// output, a rubric benchmark reads its judges' outputs and not the
// response, so a preset changes nothing there. Through `sciif reward` (a
// record) and /get_reward (the output in the query, the record without it
// as the label), on the first demo record of each.
func TestPresetsReachTheOtherKinds(t *testing.T) {
	root := moduleRoot(t)
	for _, tc := range []struct {
		bench, field string
		// wrap makes the reasoning-shaped text out of the record's own.
		wrap func(text, marker string) string
		// changes: under none the wrapped text gets another reward.
		changes bool
	}{
		// A thinking section that concludes the other way, then the
		// output in <answer> tags: Strict reads the last line, which
		// under none ends with </answer> and gives no verdict.
		{"sciverify-demo", "output", func(o, m string) string {
			return "<think>\nAt first sight the answers differ.\nFinal Judgment: False\n</think>\n\n<answer>" + o + "</answer>" + m
		}, true},
		// The judges' outputs decide; the response is not read.
		{"complex-if-demo", "response", func(r, m string) string {
			return "<think>\nDraft.\n</think>\n\n<answer>" + r + "</answer>" + m
		}, false},
	} {
		rec := demoRecords(tc.bench + ".jsonl")(t)[0]
		label, text := queryLabel(t, rec, tc.field)
		texts := []string{text}
		for _, m := range preprocess.MarkerTexts() {
			texts = append(texts, tc.wrap(text, m))
		}
		bench := filepath.Join(root, "benchmarks", tc.bench)
		var in bytes.Buffer
		query := map[string][]string{}
		for _, s := range texts {
			var m map[string]any
			json.Unmarshal([]byte(label), &m)
			m[tc.field] = s
			b, _ := json.Marshal(m)
			in.Write(append(b, '\n'))
			query["query"] = append(query["query"], "Q: "+s)
			query["prompts"] = append(query["prompts"], "Q: ")
			query["labels"] = append(query["labels"], label)
		}
		inPath := filepath.Join(t.TempDir(), "in.jsonl")
		if err := os.WriteFile(inPath, in.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		srv := rewardServer(t, bench)
		body, _ := json.Marshal(query)
		for _, preset := range []string{"none", "open-instruct"} {
			code, stdout, stderr := runIn(t, "reward", "--benchmark", bench, "--preprocess", preset, inPath)
			if code != 0 {
				t.Fatalf("%s %s: exit %d: %s%s", tc.bench, preset, code, stdout, stderr)
			}
			var byRecord []float64
			for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
				var r struct{ Reward *float64 }
				if err := json.Unmarshal([]byte(l), &r); err != nil || r.Reward == nil {
					t.Fatalf("%s %s: %s", tc.bench, preset, l)
				}
				byRecord = append(byRecord, *r.Reward)
			}
			resp, err := http.Post(srv.URL+"/get_reward?benchmark="+tc.bench+"&preprocess="+preset, "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var gr struct{ Rewards []float64 }
			err = json.NewDecoder(resp.Body).Decode(&gr)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK || len(gr.Rewards) != len(texts) || len(byRecord) != len(texts) {
				t.Fatalf("%s %s: /get_reward %d %v %v, %d rewards by record, for %d texts", tc.bench, preset, resp.StatusCode, err, gr.Rewards, len(byRecord), len(texts))
			}
			if tc.changes && byRecord[0] != 1 {
				t.Fatalf("%s: the demo record's own reward is %v, want 1 (a verdict, not the 0 of none)", tc.bench, byRecord[0])
			}
			for i := 1; i < len(texts); i++ {
				want := byRecord[0]
				if tc.changes && preset == "none" {
					want = 0
				}
				if byRecord[i] != want || gr.Rewards[i] != want {
					t.Errorf("%s, %s, %q: %v by record, %v by label; want %v", tc.bench, preset, texts[i][max(0, len(texts[i])-40):], byRecord[i], gr.Rewards[i], want)
				}
			}
		}
		srv.Close()
	}
}
