package ifbench

import (
	"fmt"
	"math"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// argNumber reads a numeric keyword argument. The official input stores
// numbers as JSON numbers (sometimes written 5.0), so float64 is expected;
// int is accepted for callers building Args by hand.
func argNumber(args instr.Args, key string) (float64, error) {
	v, ok := args[key]
	if !ok || v == nil {
		return 0, fmt.Errorf("missing argument %s", key)
	}
	switch n := v.(type) {
	case float64:
		return n, nil
	case int:
		return float64(n), nil
	case int64:
		return float64(n), nil
	}
	return 0, fmt.Errorf("argument %s is %T, need a number", key, v)
}

// argInt reads a whole-number keyword argument.
func argInt(args instr.Args, key string) (int, error) {
	f, err := argNumber(args, key)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) {
		return 0, fmt.Errorf("argument %s is %v, need a whole number", key, f)
	}
	return int(f), nil
}

// argString reads a string keyword argument.
func argString(args instr.Args, key string) (string, error) {
	v, ok := args[key]
	if !ok || v == nil {
		return "", fmt.Errorf("missing argument %s", key)
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("argument %s is %T, need a string", key, v)
	}
	return s, nil
}

// badArgs is the verdict for a call whose arguments cannot be used: the
// instruction cannot be decided, which never counts as followed.
func badArgs(err error) instr.Result {
	return instr.Result{Followed: false, Reason: "cannot check: " + err.Error()}
}

// verdict builds a Result.
func verdict(ok bool, format string, a ...any) instr.Result {
	return instr.Result{Followed: ok, Reason: fmt.Sprintf(format, a...)}
}
