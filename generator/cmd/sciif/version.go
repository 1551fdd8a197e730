package main

import (
	"runtime/debug"
	"strings"
)

// versionString names this build of sciif for `sciif version`, `sciif
// --version` and the site's footer: the module version and, when the
// binary was built from a checkout, the VCS revision (with "+dirty" for
// uncommitted changes). It reads the build information the Go toolchain
// stamps into the binary, never a clock.
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "sciif (unknown version)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" && !strings.Contains(v, rev) {
		v += " " + rev
		if dirty {
			v += "+dirty"
		}
	}
	return "sciif " + v
}
