package ingest

import "strings"

// windowsDevices are the file names Windows reserves for devices, with or
// without an extension ("nul.txt" too), in any case.
var windowsDevices = map[string]bool{
	"con": true, "prn": true, "aux": true, "nul": true, "conin$": true, "conout$": true, "clock$": true,
	"com0": true, "com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt0": true, "lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true,
	"com¹": true, "com²": true, "com³": true, "lpt¹": true, "lpt²": true, "lpt³": true,
}

// WindowsReserved reports whether a file named name cannot be checked out
// on Windows: a device name (con, prn, aux, nul, com0 to com9, lpt0 to
// lpt9, …) in any case and with any extension, or a name ending with a
// dot or a space (Windows drops them, so "a." would be "a").
func WindowsReserved(name string) bool {
	if strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") {
		return true
	}
	stem, _, _ := strings.Cut(name, ".")
	return windowsDevices[strings.ToLower(strings.TrimRight(stem, " "))]
}
