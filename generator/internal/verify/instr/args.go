package instr

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
)

// An instruction's numeric arguments are read as the official Python code
// uses them, where that code is deterministic, and refused where it raises
// or cannot be reproduced:
//
//   - A count or threshold (num_words, frequency, N, percentage …) is any
//     JSON number ≥ 0 and is compared with the count exactly, as Python
//     compares an int with an int or a float: at least 1e308 words is never
//     met, less than 2.5 sentences means at most 2, exactly 2.5 bullets is
//     never met. It is never converted to an int, so no value can overflow.
//   - An index (nth_paragraph, n, m, n_start, n_end) must be a whole number,
//     because Python raises TypeError when it indexes or slices with a float;
//     5.0 is whole (JSON does not tell 5.0 from 5, and the IFBench data
//     writes its numbers 5.0). A whole number beyond ±MaxWhole, larger than
//     any count of any text, is read as ±MaxWhole, which gives the same
//     verdicts.
//   - A negative count, threshold or index is refused: the official code
//     replaces a negative value with a random one, which cannot be
//     reproduced (our choice: refuse rather than guess). n_start and n_end
//     may be negative: they slice as Python does.
//   - A value of the wrong JSON type is refused: a string, list or object
//     where a number is wanted (Python raises TypeError comparing it), a
//     number or list where a string is wanted, a string where a list of
//     strings is wanted (our choice: Python would sort its characters), and a
//     boolean where a number is wanted (our choice: Python reads True as 1).
//     NaN and ±Inf, which JSON cannot carry but a caller building Args could,
//     are refused as well.
//   - A relation other than "less than" or "at least" is refused, as the
//     official code raises ValueError.
//   - A non-null argument of a name the instruction does not take
//     (Checker.Takes) is refused, 0, "" and false included, as the official
//     build_description raises TypeError on an unexpected keyword and no
//     official caller drops those values first.
//
// A missing or null argument is not refused here: the official code draws a
// random value for it, so the checker cannot decide (see Undecided). A null
// argument of a name the instruction does not take is ignored, as IFBench's
// and open-instruct's callers drop None arguments.

// MaxWhole bounds the whole-number arguments a checker receives: 2⁵³, the
// largest range in which every whole float64 is exact. No text has that many
// characters, so reading a larger value as MaxWhole changes no verdict.
const MaxWhole = 1 << 53

// ArgError is an instruction argument the checkers refuse: the official code
// raises on it, or would replace it with a random value. A reader of input
// files reports it as a defect of the file; the reward path as a bad record.
type ArgError struct {
	// ID is the instruction id ("" when not known).
	ID string
	// Key is the argument's name in kwargs.
	Key string
	Msg string
}

func (e *ArgError) Error() string {
	if e.ID == "" {
		return fmt.Sprintf("argument %q %s", e.Key, e.Msg)
	}
	return fmt.Sprintf("%s: argument %q %s", e.ID, e.Key, e.Msg)
}

func argErrorf(key, format string, a ...any) *ArgError {
	return &ArgError{Key: key, Msg: fmt.Sprintf(format, a...)}
}

// jsonType names the JSON type of a decoded value, for messages.
func jsonType(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", excerpt(v))
	case bool:
		return fmt.Sprintf("the boolean %v", v)
	case []any, []string:
		return "a list"
	case map[string]any:
		return "an object"
	case float64, int, int64:
		return fmt.Sprintf("the number %v", v)
	}
	return fmt.Sprintf("a %T", v)
}

func excerpt(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:37]) + "..."
	}
	return s
}

// missing is the error of an absent or null argument: the checker cannot
// decide, and it is not an ArgError.
func missing(key string) error { return fmt.Errorf("missing argument %q", key) }

// real returns the numeric argument key, of any sign; it refuses a value
// that is not a JSON number, NaN and ±Inf.
func (a Args) real(key string) (float64, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return 0, missing(key)
	}
	var f float64
	switch n := v.(type) {
	case float64:
		f = n
	case int:
		f = float64(n)
	case int64:
		f = float64(n)
	default:
		return 0, argErrorf(key, "is %s, need a number", jsonType(v))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, argErrorf(key, "is %v, need a finite number", f)
	}
	return f, nil
}

// Number returns the count or threshold argument key: a number ≥ 0, to be
// compared exactly (see the rules above). A missing or null value is an
// error that is not an *ArgError; anything else wrong is an *ArgError.
func (a Args) Number(key string) (float64, error) {
	f, err := a.real(key)
	if err != nil {
		return 0, err
	}
	if f < 0 {
		return 0, argErrorf(key, "is %v, need a number ≥ 0 (the official code replaces a negative value with a random one)", f)
	}
	return f, nil
}

// Int returns the index argument key: a whole number ≥ 0, at most MaxWhole
// (a larger one is read as MaxWhole). Errors are as for Number.
func (a Args) Int(key string) (int, error) {
	f, err := a.Number(key)
	if err != nil {
		return 0, err
	}
	return whole(key, f)
}

// SignedInt returns the index argument key, which may be negative (a
// Python slice bound): a whole number between -MaxWhole and MaxWhole
// (beyond, it is read as the nearer bound).
func (a Args) SignedInt(key string) (int, error) {
	f, err := a.real(key)
	if err != nil {
		return 0, err
	}
	return whole(key, f)
}

func whole(key string, f float64) (int, error) {
	if f != math.Trunc(f) {
		return 0, argErrorf(key, "is %v, need a whole number", f)
	}
	return int(max(-MaxWhole, min(MaxWhole, f))), nil
}

// String returns the string argument key. A missing or null value is an
// error that is not an *ArgError; another type is an *ArgError.
func (a Args) String(key string) (string, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return "", missing(key)
	}
	s, ok := v.(string)
	if !ok {
		return "", argErrorf(key, "is %s, need a string", jsonType(v))
	}
	return s, nil
}

// Strings returns the list-of-strings argument key. Errors are as for
// String.
func (a Args) Strings(key string) ([]string, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return nil, missing(key)
	}
	switch l := v.(type) {
	case []string:
		return l, nil
	case []any:
		out := make([]string, len(l))
		for i, e := range l {
			s, ok := e.(string)
			if !ok {
				return nil, argErrorf(key, "has %s as item %d, need a list of strings", jsonType(e), i+1)
			}
			out[i] = s
		}
		return out, nil
	}
	return nil, argErrorf(key, "is %s, need a list of strings", jsonType(v))
}

// StringOrFirst returns the string argument key, or the first item of a
// list given in its place, as open-instruct's IFEvalG reads first_word,
// last_word and keyword in three of its classes (see listFirst). An empty
// list is missing (Python reads it as false and draws a random value); a
// first item that is not a string is an *ArgError (Python raises).
func (a Args) StringOrFirst(key string) (string, error) {
	var first any
	switch l := a[key].(type) {
	case []any:
		if len(l) == 0 {
			return "", missing(key)
		}
		first = l[0]
	case []string:
		if len(l) == 0 {
			return "", missing(key)
		}
		return l[0], nil
	default:
		return a.String(key)
	}
	s, ok := first.(string)
	if !ok {
		return "", argErrorf(key, "has %s as item 1, need a string or a list of strings", jsonType(first))
	}
	return s, nil
}

// listFirst are the arguments an instruction reads with StringOrFirst.
var listFirst = map[[2]string]bool{
	{"first_word:first_word_sent", "first_word"}:      true,
	{"last_word:last_word_sent", "last_word"}:         true,
	{"keywords:keyword_specific_position", "keyword"}: true,
}

// Relations, as in the official instruction arguments.
const (
	LessThan = "less than"
	AtLeast  = "at least"
)

// Relation returns the relation argument key: "less than" or "at least".
// Errors are as for String; another string is an *ArgError, as the official
// code raises ValueError.
func (a Args) Relation(key string) (string, error) {
	s, err := a.String(key)
	if err != nil {
		return "", err
	}
	if s != LessThan && s != AtLeast {
		return "", argErrorf(key, "is %q, need %q or %q", excerpt(s), LessThan, AtLeast)
	}
	return s, nil
}

// argKinds says how each keyword argument of the official IFEval and IFBench
// instructions, and of open-instruct's IFEvalG training constraints, is
// read. A name means the same in every instruction that takes it.
var argKinds = readers()

func readers() map[string]func(Args, string) error {
	m := map[string]func(Args, string) error{}
	kinds := []struct {
		read func(Args, string) error
		keys []string
	}{
		{func(a Args, k string) error { _, err := a.Number(k); return err }, []string{
			"num_sentences", "num_paragraphs", "num_words", "num_placeholders", "num_bullets",
			"num_highlights", "num_sections", "frequency", "let_frequency", "capital_frequency",
			"min_words", "max_words", "N", "small_n", "percentage", "n_sent", "n_words"}},
		{func(a Args, k string) error { _, err := a.Int(k); return err }, []string{"nth_paragraph", "n", "m"}},
		{func(a Args, k string) error { _, err := a.SignedInt(k); return err }, []string{"n_start", "n_end"}},
		{func(a Args, k string) error { _, err := a.Relation(k); return err }, []string{"relation", "let_relation", "capital_relation"}},
		{func(a Args, k string) error { _, err := a.String(k); return err }, []string{
			"keyword", "letter", "language", "section_spliter", "postscript_marker", "end_phrase",
			"first_word", "prompt_to_repeat", "options", "sep", "word", "reference_text",
			"keyword1", "keyword2", "keyword3", "keyword4", "keyword5",
			"phrase", "last_word", "instruction"}},
		{func(a Args, k string) error { _, err := a.Strings(k); return err }, []string{"keywords", "forbidden_words"}},
	}
	for _, k := range kinds {
		for _, key := range k.keys {
			m[key] = k.read
		}
	}
	return m
}

// AnyArg in Checker.Takes stands for the **kwargs of an official
// build_description that takes any argument (IFBench's custom:
// instructions).
const AnyArg = "**kwargs"

// takes reports whether c's official build_description takes the argument
// key, and whether it reads it: an argument taken only by **kwargs is
// ignored, so its value is not checked.
func (c Checker) takes(key string) (taken, read bool) {
	for _, k := range c.Takes {
		if k == key {
			return true, true
		}
		if k == AnyArg {
			taken = true
		}
	}
	return taken, false
}

// notTaken is the error of an argument c does not take.
func (c Checker) notTaken(key string) *ArgError {
	takes := "no arguments"
	if len(c.Takes) > 0 {
		takes = strings.Join(c.Takes, ", ")
	}
	return &ArgError{ID: c.ID, Key: key, Msg: fmt.Sprintf("is not one it takes (it takes %s)", takes)}
}

// CheckArgs returns every argument of args that c refuses, as *ArgErrors
// naming c's id, in the order of the argument names; nil if there is none.
// Refused are a non-null argument c does not take (Checker.Takes: the
// official code passes it to build_description, which raises TypeError;
// 0, "" and false as well, since none of the official callers drops them)
// and a value of a name c reads that the checkers refuse (see ArgError);
// a name taken only by **kwargs (AnyArg) is ignored, as the official code
// ignores it.
// Missing and null arguments are not refused: IFBench's files give every
// instruction some forty null keys, which its code and open-instruct's drop
// before the call.
func (c Checker) CheckArgs(args Args) []*ArgError {
	return checkArgs(c.ID, args, c.notTaken, c.takes)
}

// CheckArgs is the CheckArgs of id's checker. When r is nil or does not
// know id (a defect reported on its own), only the values are checked, by
// the rules of their names, and no name is refused.
func (r *Registry) CheckArgs(id string, args Args) []*ArgError {
	if c, ok := r.lookupOrTrue(id); ok && c.ID != "" {
		return c.CheckArgs(args)
	}
	return checkArgs(id, args, nil, nil)
}

// checkArgs checks args of the instruction id: each non-null argument
// whose name takes refuses is reported by notTaken, and the values of the
// names it reads are checked as their names' kinds read them (every name is
// taken and read when takes is nil).
func checkArgs(id string, args Args, notTaken func(string) *ArgError, takes func(string) (bool, bool)) []*ArgError {
	var keys []string
	for k, v := range args {
		if v != nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []*ArgError
	for _, k := range keys {
		if takes != nil {
			taken, reads := takes(k)
			if !taken {
				out = append(out, notTaken(k))
			}
			if !reads {
				continue
			}
		}
		read, ok := argKinds[k]
		if listFirst[[2]string{id, k}] {
			read = func(a Args, k string) error { _, err := a.StringOrFirst(k); return err }
		}
		if !ok {
			continue
		}
		var ae *ArgError
		if errors.As(read(args, k), &ae) {
			ae.ID = id
			out = append(out, ae)
		}
	}
	return out
}
