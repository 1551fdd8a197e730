package verifiable

// The training reward of an instruction benchmark (kind.Rewarder), after
// the IFBench RL environment (Pyatkin et al., 2025, §5 and Appendix E):
//
//	V_i = instructions followed / instructions of the prompt   (Strict by default)
//	F_i = V_i + bonus    if V_i > 0 and S_i > α
//	F_i = V_i − penalty  if V_i > 0 and S_i ≤ α
//	F_i = V_i            if V_i ≤ 0, or when no judge score S_i is given
//
// with α = 0.7, bonus 0.1 and penalty 0.05 by default and S_i a judge's
// quality score in [0, 1] (the environment scales a 1–10 rating to
// 0.1–1.0). all_or_nothing makes V_i 1 when every instruction is followed
// and 0 otherwise. An undecided instruction is not followed.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/chat"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/outcome"
	"github.com/sciif/leaderboard/generator/internal/reward/preprocess"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

var _ kind.Rewarder = (*benchmark)(nil)

// rewardConfig is an instruction benchmark's section of the reward config
// file.
type rewardConfig struct {
	// Mode is "strict" (the response as written) or "loose" (any of the
	// official variants).
	Mode string `json:"mode"`
	// AllOrNothing makes V_i the prompt-level verdict: 1 or 0.
	AllOrNothing bool `json:"all_or_nothing"`
	// Judge sets α, the bonus and the penalty of the combined reward.
	Judge *judgeConfig `json:"judge"`
}

type judgeConfig struct {
	Threshold *float64 `json:"threshold"`
	Bonus     *float64 `json:"bonus"`
	Penalty   *float64 `json:"penalty"`
}

type instrRewards struct {
	b *benchmark
	// reg is the benchmark's registry with the command's reference data.
	reg                   *instr.Registry
	mode                  instr.Mode
	allOrNothing          bool
	alpha, bonus, penalty float64
	byKey                 map[int64]int
	// byConv finds a prompt by its whole conversation (chat.Key: a single
	// prompt keys as its text).
	byConv map[string]int
	parts  []string
	// labels keeps what recent labels decoded to.
	labels labelCache
}

// The parts of an instruction reward.
var instrParts = []string{"V", "followed", "instructions", "undecided", "S", "adjustment"}

// Rewards configures the benchmark's reward.
func (b *benchmark) Rewards(cfg kind.RewardConfig, opt kind.Options) (kind.Rewards, error) {
	var c rewardConfig
	if err := cfg.Decode(&c); err != nil {
		return nil, err
	}
	r := &instrRewards{b: b, reg: b.ib.Registry.With(checkData(opt)), mode: instr.Strict, allOrNothing: c.AllOrNothing, alpha: 0.7, bonus: 0.1, penalty: 0.05,
		byKey: make(map[int64]int, len(b.ib.Prompts)), byConv: make(map[string]int, len(b.ib.Prompts)), parts: instrParts}
	switch c.Mode {
	case "", "strict":
	case "loose":
		r.mode = instr.Loose
	default:
		return nil, fmt.Errorf("mode: %q is not strict or loose", c.Mode)
	}
	if j := c.Judge; j != nil {
		for _, s := range []struct {
			name string
			v    *float64
			dst  *float64
		}{{"threshold", j.Threshold, &r.alpha}, {"bonus", j.Bonus, &r.bonus}, {"penalty", j.Penalty, &r.penalty}} {
			if s.v == nil {
				continue
			}
			if math.IsNaN(*s.v) || math.IsInf(*s.v, 0) || *s.v < 0 {
				return nil, fmt.Errorf("judge.%s: %v is not a number ≥ 0", s.name, *s.v)
			}
			*s.dst = *s.v
		}
	}
	for i, p := range b.ib.Prompts {
		r.byKey[p.Key] = i
		r.byConv[chat.Key(b.conversation(i))] = i
	}
	return r, nil
}

func (r *instrRewards) Parts() []string { return r.parts }

// rewardLine is a record of `sciif reward` for an instruction benchmark: a
// submission line {"prompt", "response"} (or, for a conversation,
// {"messages", "response"}, the messages possibly ending with the
// assistant turn that is the response), optionally with the prompt's own
// instructions (the input format's "instruction_id_list" and "kwargs", for
// prompts outside the benchmark), its "key", and a judge's "judge_score".
type rewardLine struct {
	Key            json.RawMessage `json:"key"`
	Prompt         *string         `json:"prompt"`
	Messages       []chat.Message  `json:"messages"`
	Response       *string         `json:"response"`
	InstructionIDs []string        `json:"instruction_id_list"`
	Kwargs         []instr.Args    `json:"kwargs"`
	JudgeScore     *float64        `json:"judge_score"`
	// GroundTruth is a training row's label, as /get_reward takes it (an
	// input record, or open-instruct's ground_truth literal), in place of
	// instruction_id_list and kwargs.
	GroundTruth *string `json:"ground_truth"`
}

// Record rewards one line. The prompt's instructions are the line's own
// when it has instruction_id_list, else those of the benchmark's prompt
// with the same text (as the official code matches), else those of the
// prompt with its key.
func (r *instrRewards) Record(ctx context.Context, rec []byte) (kind.Reward, error) {
	var l rewardLine
	if err := kind.DecodeRecord(rec, &l); err != nil {
		return kind.Reward{}, err
	}
	if l.Messages != nil {
		// A conversation whose last turn is the assistant's is answered
		// by that turn.
		if conv, resp, ok := chat.SplitResponse(l.Messages); ok && l.Response == nil {
			l.Messages, l.Response = conv, &resp
		}
		if err := chat.Check(l.Messages); err != nil {
			return kind.Reward{}, kind.Errorf("messages", "%v", err)
		}
		if l.Prompt != nil {
			return kind.Reward{}, kind.Errorf("prompt", "a record gives a prompt or messages, not both")
		}
	}
	if l.Response == nil {
		return kind.Reward{}, kind.Errorf("response", "missing; want the model's answer as a JSON string")
	}
	p, keyed, err := r.prompt(&l)
	if err != nil {
		return kind.Reward{}, err
	}
	return r.reward(ctx, p, keyed, *l.Response, l.JudgeScore)
}

// groundTruth is the prompt of a record that carries its label in
// ground_truth.
func (r *instrRewards) groundTruth(l *rewardLine) (instr.Prompt, bool, error) {
	if l.InstructionIDs != nil || l.Kwargs != nil {
		return instr.Prompt{}, false, kind.Errorf("ground_truth", "a record gives ground_truth or instruction_id_list and kwargs, not both")
	}
	t, err := unwrapLabel(*l.GroundTruth)
	if err != nil {
		err.(*kind.RecordError).Field = "ground_truth"
		return instr.Prompt{}, false, err
	}
	if !strings.HasPrefix(t, "{") {
		return instr.Prompt{}, false, kind.Errorf("ground_truth", "want an input record (instruction_id and kwargs), as a JSON object or open-instruct's Python literal")
	}
	text := ""
	if l.Prompt != nil {
		text = *l.Prompt
	}
	if l.Messages != nil {
		text = chat.Last(l.Messages)
	}
	return r.recordPrompt(text, t, "ground_truth")
}

// labelRecord is the label of a training prompt: the benchmark's input
// record of the prompt (key and prompt are optional and ignored), as RLVR
// data sets carry it; "instruction_id" is accepted for
// "instruction_id_list".
type labelRecord struct {
	Key            json.RawMessage `json:"key"`
	Prompt         *string         `json:"prompt"`
	Messages       []chat.Message  `json:"messages"`
	InstructionIDs []string        `json:"instruction_id_list"`
	InstructionID  []string        `json:"instruction_id"`
	Kwargs         []instr.Args    `json:"kwargs"`
}

// Label rewards response given label: the JSON text of an input record
// with instruction_id_list (or instruction_id) and kwargs, or a
// one-element list of one (JSON, or a Python literal as open-instruct's
// IF-RLVR data writes its ground_truth, whose element may be the record's
// JSON text), or the key of one of the benchmark's prompts. Problems are
// reported under the field "label".
func (r *instrRewards) Label(ctx context.Context, prompt, response, label string) (kind.Reward, error) {
	t, err := unwrapLabel(label)
	if err != nil {
		return kind.Reward{}, err
	}
	var p instr.Prompt
	keyed := true
	if strings.HasPrefix(t, "{") {
		// Decoded without the request's prompt, which does not change
		// what a label means, so that the cache keys by the label alone:
		// the prompt is the request's, else the record's last turn.
		p, keyed, err = r.labels.prompt(t, func() (instr.Prompt, bool, error) { return r.recordPrompt("", t, "label") })
		if err != nil {
			return kind.Reward{}, err
		}
		if prompt != "" {
			p.Prompt = prompt
		}
	} else {
		k, err := strconv.ParseInt(t, 10, 64)
		i, ok := r.byKey[k]
		if err != nil || !ok {
			return kind.Reward{}, kind.Errorf("label", "want the JSON text of an input record (instruction_id_list, kwargs) or the key of a prompt of %s, got %q", r.b.spec.Name, excerpt(t))
		}
		p = r.b.ib.Prompts[i]
	}
	return r.reward(ctx, p, keyed, response, nil)
}

// recordPrompt is the prompt of an input record given as a label (the
// JSON text t), its problems reported under field (label or
// ground_truth); keyed is whether the record has a key.
func (r *instrRewards) recordPrompt(prompt, t, field string) (instr.Prompt, bool, error) {
	var l labelRecord
	if err := kind.DecodeRecord([]byte(t), &l); err != nil {
		re := err.(*kind.RecordError)
		re.Field = strings.TrimSuffix(field+"."+re.Field, ".")
		return instr.Prompt{}, false, re
	}
	ids := l.InstructionIDs
	if ids == nil {
		ids = l.InstructionID
	}
	if ids == nil {
		return instr.Prompt{}, false, kind.Errorf(field+".instruction_id_list", "missing")
	}
	if prompt == "" && l.Messages != nil {
		// A multi-turn input record: the instructions are the last
		// turn's.
		prompt = chat.Last(l.Messages)
	}
	p, err := r.inline(prompt, ids, l.Kwargs, field+".")
	if err != nil {
		return p, false, err
	}
	var keyed bool
	p.Key, keyed = parseKey(l.Key)
	return p, keyed, nil
}

// unwrapLabel returns the input record of a label: the label itself, or
// the one element of a JSON array, or of a Python literal list as
// open-instruct's IF-RLVR data writes its ground_truth, an element that
// may be the record's JSON text.
func unwrapLabel(label string) (string, error) {
	t := strings.TrimSpace(label)
	if !strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "(") {
		return t, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal([]byte(t), &list); err != nil {
		js, perr := pyLiteralJSON(t)
		if perr != nil {
			return "", kind.Errorf("label", "not JSON, nor a Python literal: %v", perr)
		}
		list = nil
		if err := json.Unmarshal([]byte(js), &list); err != nil {
			return "", kind.Errorf("label", "want a list of one input record")
		}
	}
	if len(list) != 1 {
		return "", kind.Errorf("label", "want one input record, not an array of %d", len(list))
	}
	t = strings.TrimSpace(string(list[0]))
	if strings.HasPrefix(t, `"`) {
		// The record's JSON text, as a string.
		var inner string
		if err := json.Unmarshal([]byte(t), &inner); err != nil {
			return "", kind.Errorf("label", "%v", err)
		}
		t = strings.TrimSpace(inner)
	}
	return t, nil
}

func excerpt(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func parseKey(raw json.RawMessage) (int64, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false
	}
	k, err := strconv.ParseInt(strings.Trim(string(raw), `"`), 10, 64)
	return k, err == nil
}

// prompt finds the instructions a record is checked against; keyed is
// whether the prompt has a key.
func (r *instrRewards) prompt(l *rewardLine) (p instr.Prompt, keyed bool, err error) {
	if l.GroundTruth != nil {
		return r.groundTruth(l)
	}
	text := ""
	if l.Prompt != nil {
		text = *l.Prompt
	}
	if l.Messages != nil {
		text = chat.Last(l.Messages)
	}
	if l.InstructionIDs != nil || l.Kwargs != nil {
		p, err := r.inline(text, l.InstructionIDs, l.Kwargs, "")
		if err != nil {
			return p, false, err
		}
		if len(l.Key) > 0 && string(l.Key) != "null" {
			k, ok := parseKey(l.Key)
			if !ok {
				return p, false, kind.Errorf("key", "%s is not an integer", l.Key)
			}
			p.Key, keyed = k, true
		}
		return p, keyed, nil
	}
	if l.Messages != nil {
		// Matched by the whole conversation, never by a turn of it.
		if i, ok := r.byConv[chat.Key(l.Messages)]; ok {
			return r.b.ib.Prompts[i], true, nil
		}
	}
	if l.Prompt != nil && !r.b.multi() {
		if i, ok := r.b.ib.Index[text]; ok {
			return r.b.ib.Prompts[i], true, nil
		}
	}
	if len(l.Key) > 0 && string(l.Key) != "null" {
		k, ok := parseKey(l.Key)
		if !ok {
			return instr.Prompt{}, false, kind.Errorf("key", "%s is not an integer", l.Key)
		}
		i, found := r.byKey[k]
		if !found {
			return instr.Prompt{}, false, kind.Errorf("key", "no prompt of %s has key %d", r.b.spec.Name, k)
		}
		return r.b.ib.Prompts[i], true, nil
	}
	if l.Messages != nil {
		return instr.Prompt{}, false, kind.Errorf("messages", "not a conversation of %s (conversations match whole); give its key, or its instruction_id_list and kwargs", r.b.spec.Name)
	}
	if l.Prompt == nil {
		return instr.Prompt{}, false, kind.Errorf("prompt", "missing; want the prompt as written, its key, or its instruction_id_list and kwargs")
	}
	if r.b.multi() {
		return instr.Prompt{}, false, kind.Errorf("prompt", "%s is multi-turn: a record names its conversation by key or by its whole messages, not by the text of a turn", r.b.spec.Name)
	}
	return instr.Prompt{}, false, kind.Errorf("prompt", "not a prompt of %s (prompts match by exact text); give its instruction_id_list and kwargs", r.b.spec.Name)
}

// MaxInstructions bounds the instructions a prompt brought by a record or
// a label may carry: each costs a pass over the response, and the shipped
// benchmarks have at most a handful per prompt.
const MaxInstructions = 64

// inline is a prompt that brings its own instructions.
func (r *instrRewards) inline(text string, ids []string, kwargs []instr.Args, prefix string) (instr.Prompt, error) {
	if len(ids) == 0 {
		return instr.Prompt{}, kind.Errorf(prefix+"instruction_id_list", "empty: a prompt needs at least one instruction")
	}
	if len(ids) > MaxInstructions {
		return instr.Prompt{}, kind.Errorf(prefix+"instruction_id_list", "%d instructions, more than the %d a prompt may carry", len(ids), MaxInstructions)
	}
	for _, id := range ids {
		if _, ok := r.b.ib.Registry.Lookup(id); !ok {
			return instr.Prompt{}, kind.Errorf(prefix+"instruction_id_list", "unknown instruction id %q for %s", id, r.b.spec.Name)
		}
	}
	if kwargs == nil {
		return instr.Prompt{}, kind.Errorf(prefix+"kwargs", "missing; want one object of arguments per instruction")
	}
	if len(kwargs) != len(ids) {
		return instr.Prompt{}, kind.Errorf(prefix+"kwargs", "%d argument objects for %d instructions", len(kwargs), len(ids))
	}
	// An argument the checkers refuse (a wrong type, a negative count) is
	// the record's fault, not a reward of 0.
	for i, args := range kwargs {
		if errs := r.b.ib.Registry.CheckArgs(ids[i], args); len(errs) > 0 {
			return instr.Prompt{}, kind.Errorf(prefix+"kwargs", "instruction %d, %v", i+1, errs[0])
		}
	}
	return instr.Prompt{Prompt: text, InstructionIDs: ids, Kwargs: kwargs}, nil
}

// reward checks response against p's instructions under the mode and
// combines the verdicts with the judge's score, if any. It looks at ctx
// before each instruction and returns ctx's error once it is done, so a
// request's deadline bounds the work.
func (r *instrRewards) reward(ctx context.Context, p instr.Prompt, keyed bool, response string, score *float64) (kind.Reward, error) {
	if score != nil && !(*score >= 0 && *score <= 1) {
		return kind.Reward{}, kind.Errorf("judge_score", "%v is not in [0, 1] (the judge's 1–10 rating divided by 10)", *score)
	}
	if len(p.InstructionIDs) == 0 {
		return kind.Reward{}, kind.Errorf("instruction_id_list", "the prompt has no instructions")
	}
	// The preset the request or the config chose prepares the response;
	// under one that says so, an empty answer follows nothing unchecked.
	pre := preprocess.From(ctx)
	response = pre.Apply(response)
	empty := pre.EmptyFails && response == ""
	// One instruction at a time, so that ctx is looked at between them;
	// checkers see only the prompt's text and their own arguments, so the
	// verdicts are those of one Evaluate over the whole prompt.
	followed, undecided := 0, 0
	one := p
	for i := range p.InstructionIDs {
		if err := ctx.Err(); err != nil {
			return kind.Reward{}, err
		}
		if empty {
			continue
		}
		one.InstructionIDs = p.InstructionIDs[i : i+1]
		one.Kwargs = nil
		if i < len(p.Kwargs) {
			one.Kwargs = p.Kwargs[i : i+1]
		}
		for _, ir := range r.reg.Evaluate(r.mode, one, response).Instructions {
			switch ir.Outcome() {
			case outcome.Pass:
				followed++
			case outcome.Undecided:
				undecided++
			}
		}
	}
	n := len(p.InstructionIDs)
	v := float64(followed) / float64(n)
	if r.allOrNothing {
		v = 0
		if followed == n {
			v = 1
		}
	}
	rw := kind.Reward{Reward: v, Parts: make([]kind.Part, 0, len(instrParts))}
	if keyed {
		rw.ID = strconv.FormatInt(p.Key, 10)
	}
	rw.Parts = append(rw.Parts, kind.Part{Name: "V", Value: v}, kind.Part{Name: "followed", Value: float64(followed)},
		kind.Part{Name: "instructions", Value: float64(n)}, kind.Part{Name: "undecided", Value: float64(undecided)})
	if score != nil {
		adj := 0.0
		if v > 0 {
			if *score > r.alpha {
				adj = r.bonus
			} else {
				adj = -r.penalty
			}
		}
		rw.Reward = v + adj
		rw.Parts = append(rw.Parts, kind.Part{Name: "S", Value: *score}, kind.Part{Name: "adjustment", Value: adj})
	}
	return rw, nil
}
