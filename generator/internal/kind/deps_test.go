package kind_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestSeamLinksNoRendering holds the seam and the programs built on it
// without the site (the runner, the reward server) to linking no
// rendering: no goldmark, no go-echarts, no templates, no render.
func TestSeamLinksNoRendering(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("go list needs the go command:", err)
	}
	const module = "github.com/sciif/leaderboard/"
	for _, pkg := range []string{"generator/internal/kind", "generator/internal/runner", "generator/internal/reward"} {
		out, err := exec.Command(goBin, "list", "-deps", module+pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			switch {
			case strings.HasPrefix(dep, "github.com/yuin/goldmark"),
				strings.HasPrefix(dep, "github.com/go-echarts/"),
				dep == module+"templates", dep == module+"assets",
				dep == module+"generator/internal/render":
				t.Errorf("%s links %s", pkg, dep)
			}
		}
	}
}
