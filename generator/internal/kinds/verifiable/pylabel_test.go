package verifiable

import (
	"encoding/json"
	"testing"
)

func TestPyLiteralJSON(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, reason string
	}{
		{"training row", `[{'instruction_id': ['keywords:word_once'], 'kwargs': [{'keyword': 'rain', 'N': None}]}]`,
			`[{"instruction_id":["keywords:word_once"],"kwargs":[{"keyword":"rain"}]}]`, "IF_multi_constraints_upto5's ground_truth; a None argument is left out, as IFEvalVerifier drops it"},
		{"none first and only", `[{'N': None, 'keyword': 'x'}, {'a': None}, {'b': [None]}]`, `[{"keyword":"x"},{},{"b":[null]}]`, "commas stay right when pairs are left out; None in a list is kept"},
		{"json in a string", `['{"instruction_id": ["a:b"], "kwargs": [{"N": null}]}']`,
			`["{\"instruction_id\": [\"a:b\"], \"kwargs\": [{\"N\": null}]}"]`, "open-instruct json.loads a string element"},
		{"escapes", `['it\'s', "say \"hi\"", '\x41\u00e9\n\t\\', '\101']`, `["it's","say \"hi\"","Aé\n\t\\","A"]`, "Python's escapes"},
		{"unknown escape kept", `['\d+']`, `["\\d+"]`, "Python keeps an unknown escape as written"},
		{"tuple and bools", `(True, False, None, -3, 2.5, 1e3,)`, `[true,false,null,-3,2.5,1000]`, "a tuple is a list; a trailing comma is allowed"},
		{"ints", `[00, +7, -0, 12345678901234567890]`, `[0,7,0,12345678901234567890]`, "an int keeps its digits; Python reads 00 as 0"},
		{"python-only floats", `[1., .5]`, `[1,0.5]`, "1. and .5 are not JSON numbers"},
	} {
		got, err := pyLiteralJSON(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%s (%s): pyLiteralJSON(%s) = %s, %v; want %s", tc.name, tc.reason, tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`[01]`, `[1_0]`, `[1e999]`, `[--1]`, `[x]`, `{1: 2}`, `['a' 'b']`, `['\N{DASH}']`, `[1, 2`, `'unterminated`, `[1] 2`, `{'a'}`, `[` + string(make([]byte, 0)) + `]]`} {
		if got, err := pyLiteralJSON(bad); err == nil {
			t.Errorf("pyLiteralJSON(%s) = %s, want an error", bad, got)
		}
	}
	deep := ""
	for range maxLabelDepth + 2 {
		deep += "["
	}
	if _, err := pyLiteralJSON(deep); err == nil {
		t.Errorf("a literal nested %d deep is read", maxLabelDepth+2)
	}
}

// FuzzPyLiteralJSON: on any input the rewriting ends without a panic, and
// what it returns is valid JSON; a JSON text without null, true, false,
// escapes other than \" and \\, or numbers Python reads otherwise, reads
// the same as a Python literal.
func FuzzPyLiteralJSON(f *testing.F) {
	for _, s := range []string{
		`[{'instruction_id': ['keywords:word_once'], 'kwargs': [{'keyword': 'rain', 'N': None}]}]`,
		`['{"instruction_id": ["a:b"], "kwargs": [{"N": null}]}']`,
		`['it\'s', "say \"hi\"", '\x41\u00e9\n\t\\', '\101']`,
		`(True, False, None, -3, 2.5, 1e3,)`,
		`[1., .5, -0, 1_0]`,
		`{'a': {'b': [None, {'c': None}]}}`,
		`["é", 'ü\N{DASH}']`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<12 {
			return
		}
		out, err := pyLiteralJSON(s)
		if err != nil {
			return
		}
		if !json.Valid([]byte(out)) {
			t.Fatalf("pyLiteralJSON(%q) = %q, not JSON", s, out)
		}
	})
}
