package reward

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
)

// getRewardRequest is OpenRLHF's remote reward request: query[i] is the
// prompt followed by the generated response, prompts[i] the prompt,
// labels[i] the data set row's label.
type getRewardRequest struct {
	Query   []string   `json:"query"`
	Prompts []string   `json:"prompts"`
	Labels  []labelArg `json:"labels"`
}

// A labelArg is a label as the kinds read it: a JSON string's text, or
// the JSON text of any other value (a data set whose label column holds
// an object); null is missing.
type labelArg struct {
	text    string
	missing bool
}

// UnmarshalJSON reads a label as the body lexer does (labels), so that
// encoding/json can be held to it.
func (l *labelArg) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		*l = labelArg{missing: true}
	case b[0] == '"':
		*l = labelArg{}
		return json.Unmarshal(b, &l.text)
	default:
		*l = labelArg{text: string(b)}
	}
	return nil
}

// getReward answers OpenRLHF's --remote_rm_url: {"rewards", "scores",
// "extra_logs"}. The benchmark is the query parameter benchmark. A bad
// label refuses the whole request with 422, naming its index.
func (s *Server) getReward(w http.ResponseWriter, r *http.Request) int {
	q, code, ok := params(w, r, "benchmark", "preprocess")
	if !ok {
		return code
	}
	name := q.Get("benchmark")
	if name == "" {
		return jsonError(w, http.StatusBadRequest, "missing query parameter benchmark (one of %s)", s.set.Names())
	}
	f, ok := s.set.Lookup(name)
	if !ok {
		return jsonError(w, http.StatusNotFound, "unknown benchmark %q (one of %s)", name, s.set.Names())
	}
	// The preprocessing preset, over the benchmark's configured one.
	pctx, err := WithPreset(r.Context(), q.Get("preprocess"))
	if err != nil {
		return jsonErrorAt(w, http.StatusBadRequest, -1, "preprocess", err.Error())
	}
	if code, ok := s.badBodyHeader(w, r); ok {
		return code
	}
	// The slot comes first: a request waiting for one holds no body.
	release, code := s.acquire(w, r)
	if release == nil {
		return code
	}
	defer release()
	req, berr := decodeGetReward(http.MaxBytesReader(w, r.Body, s.opt.MaxBody), r.ContentLength, s.opt.MaxBody, s.opt.MaxRecords)
	if berr != nil {
		return refuse(w, berr)
	}
	n := len(req.Query)
	switch {
	case n == 0:
		return jsonErrorAt(w, http.StatusBadRequest, -1, "query", "missing or empty: want the prompts followed by the responses")
	case n > s.opt.MaxRecords:
		return jsonErrorAt(w, http.StatusRequestEntityTooLarge, -1, "query", fmt.Sprintf("%d queries, more than the %d a request may hold", n, s.opt.MaxRecords))
	case req.Prompts != nil && len(req.Prompts) != n:
		return jsonErrorAt(w, http.StatusBadRequest, -1, "prompts", fmt.Sprintf("%d prompts for %d queries", len(req.Prompts), n))
	case len(req.Labels) != n:
		return jsonErrorAt(w, http.StatusBadRequest, -1, "labels", fmt.Sprintf("%d labels for %d queries", len(req.Labels), n))
	}
	ctx, cancel := context.WithTimeout(pctx, s.opt.RequestTimeout)
	defer cancel()
	res := make([]Result, n)
	found := make([]bool, n)
	s.each(ctx, n, func(i int) {
		prompt := ""
		if req.Prompts != nil {
			prompt = req.Prompts[i]
		}
		res[i], found[i] = s.rewardQuery(ctx, f, req.Query[i], prompt, req.Labels[i])
	}, func(i int, p any) {
		res[i] = Result{Err: errInternal}
		s.logPanic(f.Name, i, p)
	})
	if ctx.Err() != nil {
		return s.tooSlow(w, r)
	}
	for i := range res {
		if res[i].Err == errInternal {
			return jsonErrorAt(w, http.StatusInternalServerError, i, "", fmt.Sprintf("query[%d]: %v", i, errInternal))
		}
		if res[i].Err != nil {
			s.m.rewarded(f.Name, 0, 1)
			return jsonErrorAt(w, http.StatusUnprocessableEntity, i, res[i].field(), fmt.Sprintf("labels[%d]: %v", i, res[i].Err))
		}
	}
	s.m.rewarded(f.Name, n, 0)
	b := appendGetReward(make([]byte, 0, 64+n*64), f.Rewards.Parts(), res, found)
	return writeJSON(w, http.StatusOK, b)
}

// params reads the query string of r, in which only the parameters
// allowed may appear, each once, as the body's fields: a misspelt
// parameter would otherwise be ignored. When it is refused, params has
// answered 400 and ok is false.
func params(w http.ResponseWriter, r *http.Request, allowed ...string) (q url.Values, code int, ok bool) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, jsonError(w, http.StatusBadRequest, "query string: %v", err), false
	}
	for _, k := range slices.Sorted(maps.Keys(q)) {
		switch {
		case !slices.Contains(allowed, k):
			want := "none"
			if len(allowed) > 0 {
				want = strings.Join(allowed, ", ")
			}
			return nil, jsonErrorAt(w, http.StatusBadRequest, -1, k, fmt.Sprintf("unknown query parameter %q (want %s)", clip(k, maxNameText), want)), false
		case len(q[k]) > 1:
			return nil, jsonErrorAt(w, http.StatusBadRequest, -1, k, fmt.Sprintf("query parameter %q given %d times", k, len(q[k]))), false
		}
	}
	return q, 0, true
}

// rewardQuery rewards one query of a /get_reward request, prompt its
// prompt ("" if the request has none) and label its label, and reports
// whether the response was found after the prompt or as the last
// assistant turn of a chat-templated query.
func (s *Server) rewardQuery(ctx context.Context, f *Func, query, prompt string, label labelArg) (res Result, found bool) {
	var resp string
	resp, found = SplitQuery(query, prompt, s.opt.StripSuffixes)
	if prompt == "" || !found {
		// A chat-templated query is a conversation: its last
		// assistant turn is the response, its last user turn the
		// prompt answered.
		if msgs, ok := chat.FromTemplate(query); ok {
			if conv, r, ok := chat.SplitResponse(msgs); ok {
				resp, found = r, true
				if prompt == "" {
					prompt = lastUser(conv)
				}
			}
		}
	}
	if label.missing {
		res.Err = kind.Errorf("label", "missing")
		return res, found
	}
	res.Reward, res.Err = f.Rewards.Label(ctx, prompt, resp, label.text)
	return res, found
}

// appendGetReward appends the answer of /get_reward to b: {"rewards",
// "scores" (the rewards clamped to [0, 1]), "extra_logs"} with, in
// extra_logs, each of parts every result has, then prompt_found.
func appendGetReward(b []byte, parts []string, res []Result, found []bool) []byte {
	b = append(b, `{"rewards":[`...)
	for i := range res {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendFloat(b, res[i].Reward.Reward)
	}
	b = append(b, `],"scores":[`...)
	for i := range res {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendFloat(b, min(1, max(0, res[i].Reward.Reward)))
	}
	b = append(b, `],"extra_logs":{`...)
	// A part goes into extra_logs when every query has it, so that each
	// list lines up with the queries.
	first := true
	for _, part := range parts {
		all := true
		for i := range res {
			if _, ok := res[i].Reward.Part(part); !ok {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendString(b, part)
		b = append(b, ":["...)
		for i := range res {
			if i > 0 {
				b = append(b, ',')
			}
			v, _ := res[i].Reward.Part(part)
			b = AppendFloat(b, v)
		}
		b = append(b, ']')
	}
	if !first {
		b = append(b, ',')
	}
	b = append(b, `"prompt_found":[`...)
	for i := range found {
		if i > 0 {
			b = append(b, ',')
		}
		if found[i] {
			b = append(b, '1')
		} else {
			b = append(b, '0')
		}
	}
	return append(b, "]}}\n"...)
}

// lastUser is the content of the last user turn of msgs, "" if none.
func lastUser(msgs []chat.Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == chat.User {
			return msgs[i].Content
		}
	}
	return ""
}

// SplitQuery returns the response in query, OpenRLHF's prompt followed by
// the response: what follows prompt (found reports whether prompt was
// there; if not, the whole query is the response), without the
// end-of-sequence tokens strip at its end.
func SplitQuery(query, prompt string, strip []string) (response string, found bool) {
	response = query
	if prompt != "" {
		if strings.HasPrefix(query, prompt) {
			response, found = query[len(prompt):], true
		} else if i := strings.LastIndex(query, prompt); i >= 0 {
			response, found = query[i+len(prompt):], true
		}
	} else {
		found = true
	}
	for again := true; again; {
		again = false
		for _, s := range strip {
			if s != "" && strings.HasSuffix(response, s) {
				response, again = response[:len(response)-len(s)], true
			}
		}
	}
	return response, found
}
