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
	type record struct{ Prompt, Response string }
	var recs []record
	var lines []string
	// The demo models named, so that a new folder in results/ changes
	// nothing here.
	for _, model := range []string{"demo-atlas-70b", "demo-borealis-8b", "demo-cirrus-pro", "demo-dune-mini", "demo-ember-13b"} {
		for _, l := range readLines(t, filepath.Join("../../../results", model, "ifeval-demo.jsonl")) {
			var r record
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			recs, lines = append(recs, r), append(lines, l)
		}
	}
	if len(recs) < 40 {
		t.Fatalf("%d demo answers, want the demo's", len(recs))
	}
	// The stream's reward and parts of each record, alone.
	want := make([]string, len(recs))
	for i, l := range lines {
		var out bytes.Buffer
		if _, err := reward.Stream(context.Background(), strings.NewReader(l+"\n"), &out, f.Rewards, "jsonl"); err != nil {
			t.Fatal(err)
		}
		var r struct {
			Reward *float64
			Parts  map[string]float64
			Error  string
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Reward == nil {
			t.Fatalf("record %d: %s (%v)", i, out.Bytes(), err)
		}
		want[i] = fmt.Sprint(*r.Reward, r.Parts)
	}
	if distinct := len(slices.Compact(slices.Sorted(slices.Values(want)))); distinct < 3 {
		t.Fatalf("%d distinct rewards among the demo answers: too few to tell orders apart", distinct)
	}

	srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
	defer srv.Close()
	type result struct {
		Reward *float64
		Parts  map[string]float64
	}
	rewardsOf := func(order []int, ascii bool) []string {
		var body bytes.Buffer
		body.WriteString(`{"benchmark":"ifeval-demo","records":[`)
		for k, i := range order {
			if k > 0 {
				body.WriteByte(',')
			}
			body.WriteString(lines[i])
		}
		body.WriteString("]}")
		b := body.Bytes()
		if ascii {
			b = asciiJSON(b)
		}
		var got struct{ Results []result }
		if err := json.Unmarshal(post(t, srv.URL+"/v1/rewards", string(b)), &got); err != nil || len(got.Results) != len(order) {
			t.Fatalf("%d results for %d records (%v)", len(got.Results), len(order), err)
		}
		out := make([]string, len(recs))
		for k, i := range order {
			if got.Results[k].Reward == nil {
				out[i] = "no reward"
				continue
			}
			out[i] = fmt.Sprint(*got.Results[k].Reward, got.Results[k].Parts)
		}
		return out
	}
	reverse := make([]int, len(recs))
	for i := range reverse {
		reverse[i] = len(recs) - 1 - i
	}
	if diff := cmp.Diff(want, rewardsOf(reverse, true)); diff != "" {
		t.Errorf("one batch, reversed, ASCII-escaped (-stream +server):\n%s", diff)
	}
	one := make([]string, len(recs))
	for i := range recs {
		one[i] = rewardsOf([]int{i}, false)[i]
	}
	if diff := cmp.Diff(want, one); diff != "" {
		t.Errorf("one record per request (-stream +server):\n%s", diff)
	}

	for _, asText := range []bool{false, true} {
		got := make([]string, len(recs))
		for start := 0; start < len(recs); start += 7 {
			var query, prompts []string
			var labs []any
			idx := []int{}
			for i := start; i < min(start+7, len(recs)); i++ {
				idx = append(idx, i)
				query, prompts = append(query, recs[i].Prompt+recs[i].Response), append(prompts, recs[i].Prompt)
				if asText {
					labs = append(labs, string(labels[recs[i].Prompt]))
				} else {
					labs = append(labs, labels[recs[i].Prompt])
				}
			}
			body, _ := json.Marshal(map[string]any{"query": query, "prompts": prompts, "labels": labs})
			var ans struct {
				Rewards   []float64
				ExtraLogs map[string][]float64 `json:"extra_logs"`
			}
			if err := json.Unmarshal(post(t, srv.URL+"/get_reward?benchmark=ifeval-demo", string(body)), &ans); err != nil {
				t.Fatal(err)
			}
			for k, i := range idx {
				parts := map[string]float64{}
				for name, vs := range ans.ExtraLogs {
					if name != "prompt_found" {
						parts[name] = vs[k]
					}
				}
				got[i] = fmt.Sprint(ans.Rewards[k], parts)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("/get_reward in batches of 7, labels as text %v (-stream +server):\n%s", asText, diff)
		}
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
