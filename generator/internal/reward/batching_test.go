package reward_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/reward"
)

// asciiJSON writes every non-ASCII character of the JSON text b as a \u
// escape (a surrogate pair beyond the BMP), as Python's json.dumps does by
// default: the same text in another encoding.
func asciiJSON(b []byte) []byte {
	var out bytes.Buffer
	for _, r := range string(b) {
		switch {
		case r < 0x80:
			out.WriteRune(r)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&out, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&out, `\u%04x`, r)
		}
	}
	return out.Bytes()
}

// demoRecord is an answer of a demo model to an ifeval-demo prompt: its
// line, and the label of its prompt (the input record's instructions).
type demoRecord struct {
	Prompt, Response string
	line             string
	label            json.RawMessage
}

// ifevalDemoRecords reads the demo models' answers to ifeval-demo.
func ifevalDemoRecords(t *testing.T) []demoRecord {
	t.Helper()
	labels := map[string]json.RawMessage{}
	for _, l := range readLines(t, "../../../benchmarks/ifeval-demo/input_data.jsonl") {
		var in struct {
			Prompt string          `json:"prompt"`
			IDs    json.RawMessage `json:"instruction_id_list"`
			Kwargs json.RawMessage `json:"kwargs"`
		}
		if err := json.Unmarshal([]byte(l), &in); err != nil {
			t.Fatal(err)
		}
		labels[in.Prompt] = json.RawMessage(`{"instruction_id_list":` + string(in.IDs) + `,"kwargs":` + string(in.Kwargs) + `}`)
	}
	var recs []demoRecord
	// The demo models named, so that a new folder in results/ changes
	// nothing here.
	for _, model := range []string{"demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro", "demo-dune-mini", "demo-ember-13b"} {
		for _, l := range readLines(t, filepath.Join("../../../results", model, "ifeval-demo.jsonl")) {
			r := demoRecord{line: l}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			r.label = labels[r.Prompt]
			recs = append(recs, r)
		}
	}
	if len(recs) < 40 {
		t.Fatalf("%d demo answers, want the demo's", len(recs))
	}
	return recs
}

// rewardText is a reward and its parts as text, to compare.
func rewardText(reward *float64, parts map[string]float64) string {
	if reward == nil {
		return "no reward"
	}
	return fmt.Sprint(*reward, parts)
}

// TestRewardsIndependentOfBatching rewards every demo answer of
// ifeval-demo through `sciif reward`'s stream, one line at a time, and
// checks that the server gives each the same reward and parts however it
// is sent: all in one /v1/rewards batch (rewarded on several goroutines)
// in reverse order with every non-ASCII character escaped, one record per
// request, and on /get_reward in batches of 7 with the label as an object
// and as JSON text; and that eight identical requests at once get
// byte-identical answers.
func TestRewardsIndependentOfBatching(t *testing.T) {
	set := ifevalSet(t, "")
	f, _ := set.Lookup("ifeval-demo")
	recs := ifevalDemoRecords(t)
	want := make([]string, len(recs))
	for i, r := range recs {
		var out bytes.Buffer
		if _, err := reward.Stream(context.Background(), strings.NewReader(r.line+"\n"), &out, f.Rewards, "jsonl"); err != nil {
			t.Fatal(err)
		}
		var res struct {
			Reward *float64
			Parts  map[string]float64
		}
		if err := json.Unmarshal(out.Bytes(), &res); err != nil || res.Reward == nil {
			t.Fatalf("record %d: %s (%v)", i, out.Bytes(), err)
		}
		want[i] = rewardText(res.Reward, res.Parts)
	}
	if distinct := len(slices.Compact(slices.Sorted(slices.Values(want)))); distinct < 3 {
		t.Fatalf("%d distinct rewards among the demo answers: too few to tell orders apart", distinct)
	}

	srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
	defer srv.Close()
	reverse := make([]int, len(recs))
	for i := range reverse {
		reverse[i] = len(recs) - 1 - i
	}
	if diff := cmp.Diff(want, batchRewards(t, srv.URL, recs, reverse, true)); diff != "" {
		t.Errorf("one batch, reversed, ASCII-escaped (-stream +server):\n%s", diff)
	}
	one := make([]string, len(recs))
	for i := range recs {
		one[i] = batchRewards(t, srv.URL, recs, []int{i}, false)[i]
	}
	if diff := cmp.Diff(want, one); diff != "" {
		t.Errorf("one record per request (-stream +server):\n%s", diff)
	}
	for _, asText := range []bool{false, true} {
		if diff := cmp.Diff(want, getRewards(t, srv.URL, recs, 7, asText)); diff != "" {
			t.Errorf("/get_reward in batches of 7, labels as text %v (-stream +server):\n%s", asText, diff)
		}
	}

	lines := make([]string, len(recs))
	for i, r := range recs {
		lines[i] = r.line
	}
	body := `{"benchmark":"ifeval-demo","records":[` + strings.Join(lines, ",") + `]}`
	answers := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Go(func() { answers[i] = post(t, srv.URL+"/v1/rewards", body) })
	}
	wg.Wait()
	for i := range answers {
		if !bytes.Equal(answers[i], answers[0]) {
			t.Errorf("concurrent request %d answered differently from the first", i)
		}
	}
}

// batchRewards posts the records of recs in order as one /v1/rewards
// batch, ASCII-escaped if ascii, and returns their rewards by index in
// recs.
func batchRewards(t *testing.T, url string, recs []demoRecord, order []int, ascii bool) []string {
	t.Helper()
	var body bytes.Buffer
	body.WriteString(`{"benchmark":"ifeval-demo","records":[`)
	for k, i := range order {
		if k > 0 {
			body.WriteByte(',')
		}
		body.WriteString(recs[i].line)
	}
	body.WriteString("]}")
	b := body.Bytes()
	if ascii {
		b = asciiJSON(b)
	}
	var got struct {
		Results []struct {
			Reward *float64
			Parts  map[string]float64
		}
	}
	if err := json.Unmarshal(post(t, url+"/v1/rewards", string(b)), &got); err != nil || len(got.Results) != len(order) {
		t.Fatalf("%d results for %d records (%v)", len(got.Results), len(order), err)
	}
	out := make([]string, len(recs))
	for k, i := range order {
		out[i] = rewardText(got.Results[k].Reward, got.Results[k].Parts)
	}
	return out
}

// getRewards sends recs to /get_reward, size queries a request, each with
// its prompt's label as an object or (asText) as JSON text, and returns
// their rewards with the parts of extra_logs.
func getRewards(t *testing.T, url string, recs []demoRecord, size int, asText bool) []string {
	t.Helper()
	out := make([]string, len(recs))
	for start := 0; start < len(recs); start += size {
		batch := recs[start:min(start+size, len(recs))]
		var query, prompts []string
		var labels []any
		for _, r := range batch {
			query, prompts = append(query, r.Prompt+r.Response), append(prompts, r.Prompt)
			if asText {
				labels = append(labels, string(r.label))
			} else {
				labels = append(labels, r.label)
			}
		}
		body, _ := json.Marshal(map[string]any{"query": query, "prompts": prompts, "labels": labels})
		var ans struct {
			Rewards   []float64
			ExtraLogs map[string][]float64 `json:"extra_logs"`
		}
		if err := json.Unmarshal(post(t, url+"/get_reward?benchmark=ifeval-demo", string(body)), &ans); err != nil || len(ans.Rewards) != len(batch) {
			t.Fatalf("%d rewards for %d queries (%v)", len(ans.Rewards), len(batch), err)
		}
		for k := range batch {
			parts := map[string]float64{}
			for name, vs := range ans.ExtraLogs {
				if name != "prompt_found" {
					parts[name] = vs[k]
				}
			}
			out[start+k] = rewardText(&ans.Rewards[k], parts)
		}
	}
	return out
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}
