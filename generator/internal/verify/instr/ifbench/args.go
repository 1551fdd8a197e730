package ifbench

import (
	"fmt"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// argNumber reads a count, threshold or percentage: any number ≥ 0, compared
// exactly as the official code compares it (instr.Args.Number says which
// values are refused). The official input writes numbers as 5.0, so float64
// is expected; int is accepted for callers building Args by hand.
func argNumber(args instr.Args, key string) (float64, error) {
	if v, ok := args[key]; !ok || v == nil {
		return 0, fmt.Errorf("missing argument %s", key)
	}
	return args.Number(key)
}

// argInt reads an index: a whole number ≥ 0 (instr.Args.Int).
func argInt(args instr.Args, key string) (int, error) {
	if v, ok := args[key]; !ok || v == nil {
		return 0, fmt.Errorf("missing argument %s", key)
	}
	return args.Int(key)
}

// argSigned reads a slice bound: a whole number of any sign
// (instr.Args.SignedInt).
func argSigned(args instr.Args, key string) (int, error) {
	if v, ok := args[key]; !ok || v == nil {
		return 0, fmt.Errorf("missing argument %s", key)
	}
	return args.SignedInt(key)
}

// argString reads a string keyword argument.
func argString(args instr.Args, key string) (string, error) {
	v, ok := args[key]
	if !ok || v == nil {
		return "", fmt.Errorf("missing argument %s", key)
	}
	return args.String(key)
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
