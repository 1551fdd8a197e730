package reward

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
)

func formulaServer(t *testing.T, opt Options) *httptest.Server {
	t.Helper()
	cfg, err := ParseConfig("cfg", []byte("complex-if: {alpha: 0.5, beta: 0.4}\n"))
	if err != nil {
		t.Fatal(err)
	}
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(set, opt).Handler())
	t.Cleanup(srv.Close)
	return srv
}

// TestServerErrors checks that every refusal is a JSON error with a 4xx
// code, and that a bad record of a batch spoils only its own result.
func TestServerErrors(t *testing.T) {
	opt := DefaultOptions()
	opt.MaxBody, opt.MaxRecords = 256, 2
	srv := formulaServer(t, opt)
	tests := []struct {
		name, reason, method, path, body string
		code                             int
		want                             string
	}{
		{"wrong-method", "rewards are POSTed", "GET", "/v1/rewards", "", 405, `"error"`},
		{"no-endpoint", "unknown paths are 404", "GET", "/nope", "", 404, `"error"`},
		{"bad-json", "the body must be JSON", "POST", "/v1/rewards", `{"records":`, 400, `"error"`},
		{"too-large", "the body is bounded", "POST", "/v1/rewards", `{"records":[` + strings.Repeat(`{"pi":[true]},`, 40) + `{}]}`, 413, `larger than 256 bytes`},
		{"too-many", "records per request are bounded", "POST", "/v1/rewards", `{"benchmark":"complex-if","records":[{"pi":[true]},{"pi":[true]},{"pi":[true]}]}`, 413, `more than the 2`},
		{"no-benchmark", "get_reward names its benchmark", "POST", "/get_reward", `{"query":["q"],"labels":["l"]}`, 400, `missing query parameter benchmark`},
		{"unknown-benchmark", "unknown names are 404", "POST", "/get_reward?benchmark=x", `{"query":["q"],"labels":["l"]}`, 404, `unknown benchmark`},
		{"labels-mismatch", "one label per query", "POST", "/get_reward?benchmark=complex-if", `{"query":["q","r"],"labels":["l"]}`, 400, `"field":"labels"`},
		{"bad-label", "a label the function cannot use is 422 with its index", "POST", "/get_reward?benchmark=complex-if", `{"query":["q"],"labels":["l"]}`, 422, `"index":0`},
		{"bad-record", "a bad record spoils only its result", "POST", "/v1/rewards", `{"benchmark":"complex-if","records":[{"pi":[true]},{"pi":"x"}]}`, 200, `{"results":[{"benchmark":"complex-if","reward":1,"parts":{"PI":1,"EC":0,"DB":0}},{"benchmark":"complex-if","error":"pi: want a JSON array, got string","field":"pi"}]}`},
		{"healthz", "healthy", "GET", "/healthz", "", 200, `{"status":"ok","rewards":["complex-if"]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.code || !strings.Contains(string(data), tc.want) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: %d %s %s, want %d with %s (%s)", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), data, tc.code, tc.want, tc.reason)
			}
		})
	}
	resp, err := http.Get(srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	line := regexp.MustCompile(`^(# (HELP|TYPE) .+|[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? [0-9.e+-]+)$`)
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if !line.MatchString(l) {
			t.Errorf("metrics: malformed line %q", l)
		}
	}
	for _, want := range []string{
		`sciif_http_requests_total{handler="rewards",code="413"} 2`,
		`sciif_http_request_errors_total{handler="get_reward"} 4`,
		`sciif_rewards_total{benchmark="complex-if"} 1`,
		`sciif_reward_record_errors_total{benchmark="complex-if"} 2`,
		`sciif_http_request_duration_seconds_count{handler="healthz"} 1`,
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("metrics lack %q:\n%s", want, data)
		}
	}
}

func TestSplitQuery(t *testing.T) {
	tests := []struct {
		name, reason, query, prompt, want string
		found                             bool
	}{
		{"prefix", "the query starts with the prompt", "<s>Q: hi</s>answer</s>", "<s>Q: hi</s>", "answer", true},
		{"eos-repeated", "padding tokens are all stripped", "Qanswer<|im_end|><|endoftext|>", "Q", "answer", true},
		{"inside", "a prefix before the prompt is skipped", "xxQanswer", "Q", "answer", true},
		{"absent", "no prompt: the whole query", "answer", "Q", "answer", false},
	}
	for _, tc := range tests {
		got, found := SplitQuery(tc.query, tc.prompt, DefaultStripSuffixes)
		if got != tc.want || found != tc.found {
			t.Errorf("%s: got %q %v, want %q %v (%s)", tc.name, got, found, tc.want, tc.found, tc.reason)
		}
	}
}

func TestStreamOrderAndErrors(t *testing.T) {
	cfg, _ := ParseConfig("cfg", []byte("complex-if: {alpha: 1}\n"))
	set, err := NewSet(nil, cfg, kind.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f, _ := set.Lookup("complex-if")
	var in strings.Builder
	for i := range 1000 {
		if i%7 == 3 {
			in.WriteString("{\"pi\":[tru]}\n")
		} else {
			in.WriteString("{\"pi\":[true],\"ec\":[true]}\n")
		}
	}
	var out strings.Builder
	st, err := Stream(context.Background(), strings.NewReader(in.String()), &out, f.Rewards, "csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if st.Lines != 1000 || len(lines) != 1001 || lines[0] != "line,id,reward,PI,EC,DB,error" {
		t.Fatalf("%+v, %d lines, header %q", st, len(lines), lines[0])
	}
	for i, l := range lines[1:] {
		want := "2,1,1,0,"
		if i%7 == 3 {
			want = ",,,,,"
		}
		if !strings.HasPrefix(l, strings.Split(l, ",")[0]+",") || !strings.Contains(l, want) {
			t.Errorf("line %d: %q", i+1, l)
		}
	}
}
