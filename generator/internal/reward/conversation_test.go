package reward_test

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifbench"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

func post(t *testing.T, url, body string) []byte {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("%s: %d %s", url, resp.StatusCode, data)
	}
	return data
}

// chatML renders msgs as a ChatML-templated text, as a tokenizer's chat
// template does for OpenRLHF's query.
func chatML(msgs []chat.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
	}
	return b.String()
}

// A multi-turn IFBench conversation is rewarded the same three ways: by
// key on /v1/rewards, by its messages ending with the assistant's answer
// on /v1/rewards, and by OpenRLHF's chat-templated query on /get_reward
// (the last assistant turn is the response), with the V_i of single-turn
// IFBench.
func TestConversationRewards(t *testing.T) {
	set := benchSet(t, ifbench.Kind, "ifbench-mt-demo", "")
	srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
	defer srv.Close()

	convs := map[int64][]chat.Message{}
	f, err := os.Open("../../../benchmarks/ifbench-mt-demo/input_data.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec struct {
			Key      int64          `json:"key"`
			Messages []chat.Message `json:"messages"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		convs[rec.Key] = rec.Messages
	}
	data, err := os.ReadFile("../../../results/demo-atlas-70b/ifbench-mt-demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var sub struct {
			Key      int64  `json:"key"`
			Response string `json:"response"`
		}
		if err := json.Unmarshal([]byte(line), &sub); err != nil {
			t.Fatal(err)
		}
		whole := append(append([]chat.Message(nil), convs[sub.Key]...), chat.Message{Role: chat.Assistant, Content: sub.Response})
		wholeJSON, _ := json.Marshal(whole)
		var byKey, byMsgs struct {
			Results []struct {
				Reward float64 `json:"reward"`
				Error  string  `json:"error"`
			} `json:"results"`
		}
		json.Unmarshal(post(t, srv.URL+"/v1/rewards", `{"benchmark": "ifbench-mt-demo", "records": [`+line+`]}`), &byKey)
		json.Unmarshal(post(t, srv.URL+"/v1/rewards", `{"benchmark": "ifbench-mt-demo", "records": [{"messages": `+string(wholeJSON)+`}]}`), &byMsgs)
		query, _ := json.Marshal([]string{chatML(whole)})
		var got struct {
			Rewards []float64 `json:"rewards"`
		}
		json.Unmarshal(post(t, srv.URL+"/get_reward?benchmark=ifbench-mt-demo", `{"query": `+string(query)+`, "labels": ["`+jsonInt(sub.Key)+`"]}`), &got)
		if len(byKey.Results) != 1 || byKey.Results[0].Error != "" || len(byMsgs.Results) != 1 || byMsgs.Results[0].Error != "" || len(got.Rewards) != 1 {
			t.Fatalf("key %d: %+v %+v %+v", sub.Key, byKey, byMsgs, got)
		}
		if a, b, c := byKey.Results[0].Reward, byMsgs.Results[0].Reward, got.Rewards[0]; a != b || a != c {
			t.Errorf("key %d: reward by key %v, by messages %v, by templated query %v", sub.Key, a, b, c)
		}
		seen++
	}
	if seen != 32 {
		t.Errorf("%d records rewarded, want 32", seen)
	}
	// A record naming its conversation by the text of a turn is refused.
	var bad struct {
		Results []struct {
			Field string `json:"field"`
		} `json:"results"`
	}
	json.Unmarshal(post(t, srv.URL+"/v1/rewards", `{"benchmark": "ifbench-mt-demo", "records": [{"prompt": `+quoteJSON(chat.Last(convs[9201]))+`, "response": "x"}]}`), &bad)
	if len(bad.Results) != 1 || bad.Results[0].Field != "prompt" {
		t.Errorf("a turn's text as the prompt of a multi-turn record: %+v", bad)
	}
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }

func quoteJSON(s string) string { b, _ := json.Marshal(s); return string(b) }
