package yamlx

import "testing"

func TestNumber(t *testing.T) {
	tests := []struct {
		name, reason string
		in           any
		want         float64
		ok           bool
	}{
		{"int", "go-yaml decodes small integers as int", 3, 3, true},
		{"uint64", "and large ones as uint64", uint64(1) << 63, float64(uint64(1) << 63), true},
		{"float", "a float is itself", 0.5, 0.5, true},
		{"string", "a quoted number is not a number", "3", 0, false},
		{"nil", "an empty value is not a number", nil, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Number(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Number(%v) = %v, %v; want %v, %v (%s)", tt.in, got, ok, tt.want, tt.ok, tt.reason)
			}
		})
	}
}
