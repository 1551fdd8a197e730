package kind

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// A Rewarder is a Benchmark whose verdicts are also training rewards: the
// same verifiers that rank models on the board score a policy's responses
// during RL. `sciif reward` and `sciif serve` find it by a type assertion
// on the opened Benchmark and never name a kind; a kind without it serves
// no rewards.
type Rewarder interface {
	Benchmark
	// Rewards returns the benchmark's reward function configured by cfg,
	// its section of the reward config file (nil: the defaults), with
	// opt, what the command asks of every benchmark (as Check has it). A
	// bad setting is an error naming it.
	Rewards(cfg RewardConfig, opt Options) (Rewards, error)
}

// Rewards is a benchmark's configured reward function. It holds no state
// between calls and is safe for concurrent use; the same input always
// gives the same reward.
type Rewards interface {
	// Parts names the parts every Reward of this function may carry, in
	// the order they are shown (the columns of `sciif reward --format csv`).
	Parts() []string
	// Record rewards one record in the benchmark's submission line format,
	// plus the optional signals the kind documents (a judge's score, given
	// verdicts). A bad record is a *RecordError naming the field.
	Record(ctx context.Context, rec []byte) (Reward, error)
	// Label rewards response, the answer to prompt, given the label a
	// training data set carries for the prompt (the kind says what it is:
	// an item id, the JSON text of an input record). A bad label is a
	// *RecordError with Field "label".
	Label(ctx context.Context, prompt, response, label string) (Reward, error)
}

// Reward is one training reward with the parts it was computed from, so
// that a training log can show why a reward moved.
type Reward struct {
	// ID names what was rewarded: an item id, a prompt key; "" when the
	// record named nothing the benchmark knows.
	ID     string
	Reward float64
	// Parts are the named terms of the formula, in the order of the
	// function's Parts(); a part that does not apply to the record (a
	// constraint group the item lacks, a judge score not given) is absent.
	Parts []Part
}

// Part is one named term of a reward.
type Part struct {
	Name  string
	Value float64
}

// Part returns the value of the part named name.
func (r *Reward) Part(name string) (float64, bool) {
	for _, p := range r.Parts {
		if p.Name == name {
			return p.Value, true
		}
	}
	return 0, false
}

// RecordError is a record (or label) a reward function cannot use: Field
// names the JSON field at fault ("" for the record as a whole).
type RecordError struct {
	Field string
	Msg   string
}

func (e *RecordError) Error() string {
	if e.Field == "" {
		return e.Msg
	}
	return e.Field + ": " + e.Msg
}

// Errorf returns a *RecordError about field.
func Errorf(field, format string, args ...any) *RecordError {
	return &RecordError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// DecodeRecord decodes one JSON object into v, a pointer to a struct,
// with the one strict decoder of records (strictjson.Decode): a field v
// does not have, a key twice, a value of the wrong type, trailing data and
// a malformed line are *RecordErrors naming the field where there is one,
// and the column where no field names the place.
func DecodeRecord(data []byte, v any) error {
	if e := strictjson.Decode(data, v); e != nil {
		if e.Field != "" {
			return &RecordError{Field: e.Field, Msg: e.Msg}
		}
		return &RecordError{Msg: e.Text()}
	}
	return nil
}

// DecodeLabel decodes a /get_reward label that is a record without its
// generated text (the JSON object of the record type v points to) with
// DecodeRecord, and sets *text, the record's field named field that holds
// the generated text, to response: a label that gives that field itself
// is refused. Problems are *RecordErrors under "label" ("label.judges");
// see InLabel.
func DecodeLabel(label string, v any, text **string, field, response string) error {
	err := DecodeRecord([]byte(label), v)
	if err == nil && *text != nil {
		err = Errorf(field, "the generated text is the query's response, not part of the label")
	}
	if err != nil {
		return InLabel(err)
	}
	*text = &response
	return nil
}

// InLabel returns err with the field of a *RecordError about a record
// given as a label moved under "label" ("judges" becomes "label.judges",
// the record as a whole "label"); other errors are returned as they are.
func InLabel(err error) error {
	var re *RecordError
	if errors.As(err, &re) {
		re.Field = strings.TrimSuffix("label."+re.Field, ".")
	}
	return err
}

// RewardConfig is one benchmark's section of a reward config file: the
// settings its kind documents, as decoded from YAML or JSON.
type RewardConfig map[string]any

// Decode fills v, a pointer to a struct with json tags, from c. A setting v
// does not have is an error: a misspelt setting would otherwise be ignored
// silently.
func (c RewardConfig) Decode(v any) error {
	if len(c) == 0 {
		return nil
	}
	data, err := json.Marshal(map[string]any(c))
	if err != nil {
		return fmt.Errorf("not a mapping of settings: %w", err)
	}
	if err := DecodeRecord(data, v); err != nil {
		var re *RecordError
		if errors.As(err, &re) && re.Field != "" {
			return fmt.Errorf("%s: %s", re.Field, re.Msg)
		}
		return err
	}
	return nil
}
