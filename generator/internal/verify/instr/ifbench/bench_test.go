package ifbench

import (
	"testing"
	"unicode/utf8"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

// BenchmarkOfficialSample evaluates every instruction of the 300 HEAD
// prompts (293 with a sample response) under Strict and Loose, once per
// iteration, and reports prompts checked per second.
func BenchmarkOfficialSample(b *testing.B) {
	rows := loadBench(b, sharedDir(b), "IFBench_test.jsonl")
	text.Sentences("Load the Punkt model.")
	englishTagger()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, r := range rows {
			evaluate(b, r)
		}
	}
	b.ReportMetric(float64(b.N*len(rows))/b.Elapsed().Seconds(), "responses/s")
}

// BenchmarkOfficialSampleEvaluate checks the same prompts as
// BenchmarkOfficialSample through the registry, as sciif ifbench, build
// and the reward server do: Strict's verdict is reused as Loose's first
// variant and a variant equal to an earlier one is not checked again.
func BenchmarkOfficialSampleEvaluate(b *testing.B) {
	rows := loadBench(b, sharedDir(b), "IFBench_test.jsonl")
	reg, err := instr.NewRegistry(Checkers)
	if err != nil {
		b.Fatal(err)
	}
	prompts := make([]instr.Prompt, len(rows))
	responses := make([]string, len(rows))
	for i, r := range rows {
		p := instr.Prompt{Key: int64(i), Prompt: r.Prompt, InstructionIDs: r.IDs}
		for _, kw := range r.Kwargs {
			args := instr.Args{}
			for k, v := range kw {
				if v != nil {
					args[k] = v
				}
			}
			p.Kwargs = append(p.Kwargs, args)
		}
		prompts[i] = p
		if r.response != nil {
			responses[i] = *r.response
		}
	}
	text.Sentences("Load the Punkt model.")
	englishTagger()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		reg.EvaluateAll(prompts, responses)
	}
	b.ReportMetric(float64(b.N*len(rows))/b.Elapsed().Seconds(), "responses/s")
}

// FuzzCheckers runs every checker on arbitrary text: none may panic, and
// each must give a reason.
func FuzzCheckers(f *testing.F) {
	for _, s := range []string{"", " ", "Hello. World!", "a,\"b\nc\"", "((([[{", "'\"'\"'", "Question 1.\nA. x", "* a\n- b", "<i>x</i>y", "?!‽", "日本語 です"} {
		f.Add(s)
	}
	args := fuzzArgs()
	f.Fuzz(func(t *testing.T, resp string) {
		if !utf8.ValidString(resp) {
			return
		}
		for _, c := range Checkers {
			if r := c.Check("prompt", resp, args); r.Reason == "" {
				t.Errorf("%s gave no reason for %q", c.ID, resp)
			}
		}
	})
}

// fuzzArgs holds a valid value for every argument any checker reads.
func fuzzArgs() map[string]any {
	return map[string]any{
		"min_words": 1.0, "max_words": 5.0, "N": 2.0, "percentage": 40.0, "small_n": 2.0,
		"reference_text": "a reference text", "options": "yes/no/maybe", "sep": "-", "word": "the",
		"keyword": "the", "keyword1": "a", "keyword2": "b", "keyword3": "c", "keyword4": "d", "keyword5": "e",
		"n": 1.0, "m": 1.0, "prompt_to_repeat": "Repeat this request.", "n_start": 0.0, "n_end": 5.0,
	}
}
