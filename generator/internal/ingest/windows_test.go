package ingest

import (
	"strings"
	"testing"
)

func TestSafeSlugRefusesWindowsNames(t *testing.T) {
	for _, name := range []string{
		"con", "prn", "aux", "nul", "com1", "com9", "lpt1", "lpt9", "com0", "lpt0",
		"con.txt", "nul.tar.gz", "aux.v2", "com1.x", "lpt3.model",
		"acme.", "acme-7b.", "a.b.",
	} {
		if SafeSlug(name) {
			t.Errorf("SafeSlug(%q) = true; Windows cannot check out a folder of that name", name)
		}
		if !WindowsReserved(name) || !WindowsReserved(strings.ToUpper(name)) {
			t.Errorf("WindowsReserved(%q) = false in some case", name)
		}
	}
	for _, name := range []string{"console", "con-7b", "nullable", "auxiliary", "com10", "lpt", "com", "prn2", "a.con", "my.nul", "acme-7b", "x.y"} {
		if !SafeSlug(name) || WindowsReserved(name) {
			t.Errorf("%q must be a safe slug, not reserved (SafeSlug %v, WindowsReserved %v)", name, SafeSlug(name), WindowsReserved(name))
		}
	}
}
