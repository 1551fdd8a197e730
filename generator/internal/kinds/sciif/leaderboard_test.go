package sciif

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
	"github.com/sciif/leaderboard/generator/internal/report"
)

func TestCSVDefusesNames(t *testing.T) {
	b := &sciifdata.Board{Models: []sciifdata.ModelScores{{ID: "m", Name: "=cmd|' /C calc'!A0", Strict: &sciifdata.PolicyScores{Rank: 1, Items: 1}}}}
	var buf bytes.Buffer
	if err := report.CSV(&buf, leaderboardRows(b, []board.Policy{board.Strict})); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "policy,rank,id,name,") {
		t.Fatalf("unexpected CSV:\n%s", buf.String())
	}
	if !strings.Contains(lines[1], `"'=cmd|' /C calc'!A0"`) && !strings.Contains(lines[1], `'=cmd|' /C calc'!A0`) {
		t.Errorf("the model name is not defused: %s", lines[1])
	}
}
