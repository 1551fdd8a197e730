package render

import "testing"

func TestParamsBillions(t *testing.T) {
	for _, c := range []struct {
		name, reason, in string
		want             float64
		ok               bool
	}{
		{"billions", "the usual form", "8B", 8, true},
		{"space", "a space before the unit", "70 B", 70, true},
		{"trillion", "T is a thousand billions", "1.5T", 1500, true},
		{"millions", "M is a thousandth of a billion", "350M", 0.35, true},
		{"word", "the unit spelt out", "7 billion", 7, true},
		{"first", "a mixture of experts gives its total first", "MoE 47B, 13B active", 47, true},
		{"unknown", "no size given", "unknown", 0, false},
		{"bare number", "a number without a unit says nothing of its scale", "8", 0, false},
		{"in a word", "digits inside a name are not a size", "gpt4b-chat", 0, false},
		{"other unit", "8 GB of memory is no parameter count", "8 GB", 0, false},
	} {
		got, ok := ParamsBillions(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("%s (%s): ParamsBillions(%q) = %v, %v; want %v, %v", c.name, c.reason, c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParamsLabel(t *testing.T) {
	for in, want := range map[string]string{"8B": "8B", "70 billion": "70B", "1.5T": "1.5T", "350M": "350M", "unknown": "—", "MoE 47B, 13B active": "47B"} {
		if got := ParamsLabel(in); got != want {
			t.Errorf("ParamsLabel(%q) = %q, want %q", in, got, want)
		}
	}
}
