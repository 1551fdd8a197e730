package render

import "testing"

func TestPaletteNeverRepeats(t *testing.T) {
	// Issue 14: colours wrapped after 20 models.
	seen := map[string]int{}
	for i := range 3000 {
		c := Palette(i)
		if len(c) != 7 || c[0] != '#' {
			t.Fatalf("Palette(%d) = %q, want #rrggbb", i, c)
		}
		if j, dup := seen[c]; dup {
			t.Fatalf("Palette(%d) = Palette(%d) = %s", i, j, c)
		}
		seen[c] = i
	}
}
