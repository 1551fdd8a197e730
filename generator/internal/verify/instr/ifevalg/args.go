package ifevalg

import (
	"errors"
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// The IF-RLVR checkers build their arguments as open-instruct's classes
// do: an argument that Python reads as false (absent, None, 0, "") is
// replaced with a random value (or raises), so the checker cannot decide;
// a string argument is stripped of surrounding whitespace.

// errRandom is why a falsy argument leaves a checker undecided.
func errRandom(key string) error {
	return fmt.Errorf("argument %q is missing, null, 0 or empty: open-instruct draws a random value for it", key)
}

// str returns the string argument key, stripped; a missing or empty one is
// an error.
func str(args instr.Args, key string) (string, error) {
	s, err := args.String(key)
	if err != nil || s == "" {
		return "", orRandom(err, key)
	}
	return text.Strip(s), nil
}

// strRaw is str without the strip: open-instruct takes prompt_to_repeat
// as given, and raises on an empty one.
func strRaw(args instr.Args, key string) (string, error) {
	s, err := args.String(key)
	if err != nil || s == "" {
		return "", orRandom(err, key)
	}
	return s, nil
}

// strOrFirst is str for the arguments open-instruct also takes as a list,
// using its first item (instr.Args.StringOrFirst): an empty list is drawn
// at random, a first item is used as it is, even empty.
func strOrFirst(args instr.Args, key string) (string, error) {
	switch args[key].(type) {
	case []any, []string:
		s, err := args.StringOrFirst(key)
		if err != nil {
			return "", orRandom(err, key)
		}
		return text.Strip(s), nil
	}
	return str(args, key)
}

// num returns the count argument key; a missing or zero one is an error.
func num(args instr.Args, key string) (float64, error) {
	n, err := args.Number(key)
	if err != nil || n == 0 {
		return 0, orRandom(err, key)
	}
	return n, nil
}

// index returns the whole-number argument key, of any sign; a missing or
// zero one is an error.
func index(args instr.Args, key string) (int, error) {
	n, err := args.SignedInt(key)
	if err != nil || n == 0 {
		return 0, orRandom(err, key)
	}
	return n, nil
}

// number returns the number argument key, zero included.
func number(args instr.Args, key string) (float64, error) {
	n, err := args.Number(key)
	if err != nil {
		return 0, orRandom(err, key)
	}
	return n, nil
}

// relation returns the relation argument key ("less than", "at least").
func relation(args instr.Args, key string) (string, error) {
	rel, err := args.Relation(key)
	if err != nil {
		return "", orRandom(err, key)
	}
	return rel, nil
}

// argReader reads a checker's arguments in turn and keeps the first error:
// once one cannot be read, the others read as zero values, and the checker
// is undecided with that error.
type argReader struct {
	args instr.Args
	err  error
}

func (r *argReader) str(key string) string        { return readArg(r, str, key) }
func (r *argReader) strRaw(key string) string     { return readArg(r, strRaw, key) }
func (r *argReader) strOrFirst(key string) string { return readArg(r, strOrFirst, key) }
func (r *argReader) num(key string) float64       { return readArg(r, num, key) }
func (r *argReader) index(key string) int         { return readArg(r, index, key) }
func (r *argReader) number(key string) float64    { return readArg(r, number, key) }
func (r *argReader) relation(key string) string   { return readArg(r, relation, key) }

func readArg[T any](r *argReader, read func(instr.Args, string) (T, error), key string) T {
	var v T
	if r.err == nil {
		v, r.err = read(r.args, key)
	}
	return v
}

// orRandom keeps an argument error (a wrong type) and otherwise says the
// value would be drawn at random.
func orRandom(err error, key string) error {
	var ae *instr.ArgError
	if errors.As(err, &ae) {
		return err
	}
	return errRandom(key)
}

// verdict is a decided Result with its reason.
func verdict(ok bool, format string, a ...any) instr.Result {
	return instr.Result{Followed: ok, Reason: fmt.Sprintf(format, a...)}
}

// quote shows a piece of text in a reason, shortened.
func quote(s string) string {
	r := []rune(s)
	if len(r) > 60 {
		return fmt.Sprintf("%q…", string(r[:57]))
	}
	return fmt.Sprintf("%q", s)
}
