package ifevalg

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
)

func TestRegistryIsIFEvalAndTraining(t *testing.T) {
	reg, err := instr.NewRegistry(Checkers)
	if err != nil {
		t.Fatal(err)
	}
	if len(ifeval.Checkers) != 25 || len(Training) != 29 || len(Checkers) != 54 {
		t.Fatalf("%d IFEval + %d training = %d checkers, want 25 + 29 = 54", len(ifeval.Checkers), len(Training), len(Checkers))
	}
	for _, c := range ifeval.Checkers {
		if _, ok := reg.Lookup(c.ID); !ok {
			t.Errorf("IFEval's %s is missing", c.ID)
		}
	}
}

// TestSplitIntoSentences checks the port of IFEval's splitter on shapes
// whose outputs were read off the Python function (open-instruct's
// instructions_util.split_into_sentences, commit e6c3044).
func TestSplitIntoSentences(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
		reason   string
	}{
		{"plain", "Hi there. Mr. Smith went to Washington! Really?", []string{"Hi there.", "Mr. Smith went to Washington!", "Really?"}, "Mr. is protected"},
		{"decimal", "It costs 3.50 today. Yes.", []string{"It costs 3.50 today.", "Yes."}, "a digit on both sides protects the dot"},
		{"ellipsis", "Wait... What?", []string{"Wait...", "What?"}, "a run of dots ends one sentence"},
		{"website", "Visit example.com now. Bye.", []string{"Visit example.com now.", "Bye."}, "a web address keeps its dot"},
		{"quote", `He said "go." Then left.`, []string{`He said "go".`, "Then left."}, `." becomes ".`},
		{"acronym", "It was U.S. He left.", []string{"It was U.S.", "He left."}, "an acronym before a starter ends the sentence"},
		{"unicode space", "A\u00a0b. Next.", []string{"A b. Next."}, "Python's \\s covers U+00A0, so the initial b. is protected (and the space rewritten)"},
		{"empty", "   ", nil, "only the last empty sentence is dropped"},
	} {
		got := splitIntoSentences(tc.in)
		if tc.want == nil && len(got) == 0 {
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("%s (%s): (-want +got)\n%s", tc.name, tc.reason, d)
		}
	}
}

// TestRandomArgumentsAreUndecided: where open-instruct draws an argument
// at random, the checker cannot decide.
func TestRandomArgumentsAreUndecided(t *testing.T) {
	for _, tc := range []struct {
		id   string
		args instr.Args
	}{
		{"copy:repeat_phrase", instr.Args{"phrase": "a b c", "small_n": 0.0}},
		{"new:copy_span_idx", instr.Args{"prompt_to_repeat": "abcdef", "n_start": 0.0, "n_end": 3.0}},
		{"count:lowercase_counting", instr.Args{"N": nil}},
		{"keywords:word_once", instr.Args{"keyword": ""}},
		{"count:count_increment_word", instr.Args{"keyword1": "a"}},
		{"copy:copy", instr.Args{}},
	} {
		c := lookup(t, tc.id)
		if r := c.Check("", "some answer here", tc.args); !r.Undecided || r.Followed {
			t.Errorf("%s %v: %+v, want undecided", tc.id, tc.args, r)
		}
	}
}

func lookup(t *testing.T, id string) instr.Checker {
	t.Helper()
	for _, c := range Checkers {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no checker %s", id)
	return instr.Checker{}
}
