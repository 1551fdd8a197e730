package verifiable

import "testing"

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
		{"tuple and bools", `(True, False, None, -3, 2.5, 1e3,)`, `[true,false,null,-3,2.5,1e3]`, "a tuple is a list; a trailing comma is allowed"},
		{"python-only floats", `[1., .5]`, `[1,0.5]`, "1. and .5 are not JSON numbers"},
	} {
		got, err := pyLiteralJSON(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%s (%s): pyLiteralJSON(%s) = %s, %v; want %s", tc.name, tc.reason, tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`[x]`, `{1: 2}`, `['a' 'b']`, `['\N{DASH}']`, `[1, 2`, `'unterminated`, `[1] 2`, `{'a'}`, `[` + string(make([]byte, 0)) + `]]`} {
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
