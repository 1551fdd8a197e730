package reward_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/ifeval"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// TestServerRefusesBadInstructionKwargs checks that instruction arguments of
// the wrong type are a client error naming the instruction and the argument,
// not a reward of 0: /get_reward refuses the request with 422 and the
// label's index, /v1/rewards gives the record an error on its kwargs field.
func TestServerRefusesBadInstructionKwargs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ifeval")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"benchmark.yaml":   "kind: ifeval\ntitle: IFEval\n",
		"input_data.jsonl": `{"key": 1, "prompt": "Say hi.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}` + "\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	benches, err := kind.Open([]*kind.Kind{ifeval.Kind}, "", []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	set, err := reward.NewSet(benches, nil, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
	t.Cleanup(srv.Close)

	const bad = `{\"instruction_id_list\": [\"length_constraints:number_words\"], \"kwargs\": [{\"num_words\": \"ten\", \"relation\": \"at least\"}]}`
	const msg = `length_constraints:number_words: argument \"num_words\" is the string \"ten\", need a number`
	tests := []struct {
		name, path, body string
		code             int
		want             []string
	}{
		{"get_reward", "/get_reward?benchmark=ifeval", `{"query": ["Say hi. hello"], "prompts": ["Say hi."], "labels": ["` + bad + `"]}`,
			http.StatusUnprocessableEntity, []string{`"index":0`, `"field":"label.kwargs"`, msg}},
		{"v1 rewards", "/v1/rewards", `{"benchmark": "ifeval", "records": [{"prompt": "p", "response": "hello", "instruction_id_list": ["keywords:existence"], "kwargs": [{"keywords": 5}]}]}`,
			http.StatusOK, []string{`"field":"kwargs"`, `keywords:existence: argument \"keywords\" is the number 5, need a list of strings`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+tc.path, "application/json", strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code {
				t.Errorf("POST %s: %d %s, want %d", tc.path, resp.StatusCode, data, tc.code)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(data), w) {
					t.Errorf("POST %s: %s\nlacks %s", tc.path, data, w)
				}
			}
		})
	}
}
