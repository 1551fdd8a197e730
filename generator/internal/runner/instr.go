package runner

// IFEval and IFBench glue, until their benchmark kind owns it: one answer
// task per prompt of the official input file, and the submission file of
// {"prompt", "response"} lines. These benchmarks have no judges.

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// ReadInstrPrompts reads an IFEval or IFBench input file in the official
// format ({"key", "prompt", "instruction_id_list", "kwargs"} per line)
// through the bounded reader, with every defect reported. Instruction ids
// are checked for form only: scoring checks them against its registry.
func ReadInstrPrompts(path string) ([]instr.Prompt, error) {
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return instr.ReadPrompts(f, path, nil)
}

// InstrAnswerKey is the task key of the answer to the prompt with the
// given key in benchmark bench ("ifeval", "ifbench").
func InstrAnswerKey(bench string, promptKey int64) string {
	return key(bench, "answer", strconv.FormatInt(promptKey, 10))
}

// InstrAnswerTasks returns one answer task per prompt, in input order, for
// the endpoint named model; the prompt is sent as written.
func InstrAnswerTasks(bench string, prompts []instr.Prompt, model string) []Task {
	tasks := make([]Task, len(prompts))
	for i, p := range prompts {
		tasks[i] = Task{Key: InstrAnswerKey(bench, p.Key), Endpoint: model, Prompt: p.Prompt}
	}
	return tasks
}

// InstrLine is one line of ifeval.jsonl or ifbench.jsonl.
type InstrLine struct {
	Prompt   string `json:"prompt"`
	Response string `json:"response"`
}

// InstrLines returns the lines of the prompts answered in answers, in
// input order.
func InstrLines(bench string, prompts []instr.Prompt, answers map[string]Result) []InstrLine {
	var lines []InstrLine
	for _, p := range prompts {
		if a, ok := answers[InstrAnswerKey(bench, p.Key)]; ok {
			lines = append(lines, InstrLine{Prompt: p.Prompt, Response: a.Content})
		}
	}
	return lines
}

// InstrRun is one run of an instruction-following benchmark.
type InstrRun struct {
	// Bench is "ifeval" or "ifbench": it names the keys and the file.
	Bench string
	// Input is the official input file.
	Input   string
	Model   Endpoint
	Journal string
	// Out is the submission folder; the run writes Out/<Bench>.jsonl.
	Out string
}

// Instr answers every prompt of s.Input and, if all are answered, writes
// Out/<Bench>.jsonl (replacing it). On an error nothing is written and
// running again resumes.
func (r *Runner) Instr(ctx context.Context, s InstrRun, progress io.Writer) (Totals, error) {
	if s.Bench != "ifeval" && s.Bench != "ifbench" {
		return Totals{}, fmt.Errorf("runner: benchmark %q is neither ifeval nor ifbench", s.Bench)
	}
	prompts, err := ReadInstrPrompts(s.Input)
	if err != nil {
		return Totals{}, fmt.Errorf("runner: %w", err)
	}
	phase := *r
	phase.Label = s.Bench
	answers, totals, err := phase.Run(ctx, InstrAnswerTasks(s.Bench, prompts, s.Model.Name), []Endpoint{s.Model}, s.Journal, progress)
	if err != nil {
		return totals, err
	}
	lines := InstrLines(s.Bench, prompts, answers)
	values := make([]any, len(lines))
	for i := range lines {
		values[i] = lines[i]
	}
	if err := os.MkdirAll(s.Out, 0o755); err != nil {
		return totals, err
	}
	return totals, WriteJSONL(filepath.Join(s.Out, s.Bench+".jsonl"), values)
}
