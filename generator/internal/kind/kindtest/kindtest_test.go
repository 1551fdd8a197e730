package kindtest

import "testing"

func TestCheckCSV(t *testing.T) {
	for _, c := range []struct {
		name, csv string
		bad       int
		reason    string
	}{
		{"plain", "model,rate\nAtlas,0.5\n", 0, "text and numbers are fine"},
		{"negative number", "model,delta\nAtlas,-0.25\n", 0, "'-' starts a number"},
		{"defused", "model\n'=1+1\n'-x\n", 0, "a leading apostrophe defuses a cell"},
		{"formula", "model\n=HYPERLINK(\"x\")\n", 1, "'=' starts a formula"},
		{"plus", "model\n+1\n", 1, "'+' may start a formula, even before a number"},
		{"at", "model\n@SUM(A1)\n", 1, "'@' starts a formula"},
		{"minus text", "model\n-cmd\n", 1, "'-' not starting a number may start a formula"},
		{"tab and CR", "a,b\n\"\tx\",\"\ry\"\n", 2, "a tab or CR first may hide a formula"},
		{"ragged", "a,b\n1\n", 1, "every row has the header's cells"},
		{"empty", "", 1, "a CSV has at least its header"},
	} {
		if got := CheckCSV([]byte(c.csv)); len(got) != c.bad {
			t.Errorf("%s: %d problems %q, want %d: %s", c.name, len(got), got, c.bad, c.reason)
		}
	}
}
