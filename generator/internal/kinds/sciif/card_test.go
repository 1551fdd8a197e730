package sciif

import (
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/sitetest/fixture"
)

// The training-data disclosure is on the model card, as text, and only on
// the cards of models that give one.
func TestModelCardShowsTrainingData(t *testing.T) {
	in := fixture.SynthInput(3, 10, 2)
	const text = "Web text to 2024-06 <b>not</b> including the items"
	in.Runs[0].Submission.Meta.TrainingData = text
	files := fixture.FileMap(renderSite(t, in))
	doc := fixture.Parse(t, "model", files["models/"+in.Board.Models[0].ID+".html"])
	dd := doc.Find("dd.disclosure")
	if !strings.HasPrefix(dd.Text(), text) || dd.Find("b").Length() != 0 {
		t.Errorf("disclosure %q (%d <b>), want the text as written", dd.Text(), dd.Find("b").Length())
	}
	other := fixture.Parse(t, "model", files["models/"+in.Board.Models[1].ID+".html"])
	if other.Find("dd.disclosure").Length() != 0 {
		t.Error("a model without a disclosure shows one")
	}
}
