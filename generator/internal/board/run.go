package board

// RunFile is the name of the file `sciif run` writes into a submission
// folder beside the benchmarks' files: what the run asked and wrote.
const RunFile = "run.json"

// Usage counts the requests and tokens spent on answers, as the
// endpoint's server reported them.
type Usage struct {
	Requests         int   `json:"requests"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// RunBenchmark is what a run.json says of one benchmark: the prompts the
// model was asked, the file written from the answers, and what the
// answers (and the judges' outputs about them) cost.
type RunBenchmark struct {
	Name string `json:"name"`
	File string `json:"file"`
	// Prompts is the number of answer prompts; PromptsSHA256 digests them
	// (the conversations as sent, in benchmark order).
	Prompts       int    `json:"prompts"`
	PromptsSHA256 string `json:"prompts_sha256"`
	// FileSHA256 digests the file as written.
	FileSHA256 string `json:"file_sha256"`
	// Answers is the model's usage for the answers in the file; Judging
	// every judge's for the judge outputs in it (nil when not judged).
	Answers Usage  `json:"answers"`
	Judging *Usage `json:"judging,omitempty"`
}

// RunJudge names a judge of a run and the model its endpoint was asked
// for.
type RunJudge struct {
	Name  string `json:"name"`
	Model string `json:"model"`
}

// RunRecord is a submission's run.json: the record `sciif run` leaves of
// the run that wrote the submission's files.
type RunRecord struct {
	Generator  string         `json:"generator"`
	Version    string         `json:"version"`
	Model      string         `json:"model"`
	Judges     []RunJudge     `json:"judges,omitempty"`
	Benchmarks []RunBenchmark `json:"benchmarks"`
}

// RunCheck is a submission's run.json as the build checked it.
type RunCheck struct {
	Record RunRecord `json:"record"`
	// Matches lists, by benchmark name, whether the benchmark's file in
	// the submission and its current prompts are the ones the record
	// digests.
	Matches map[string]bool `json:"matches"`
	// Reproduced reports that every result file the submission holds of
	// the benchmarks built is one the record digests, written against the
	// benchmark's current prompts.
	Reproduced bool `json:"reproduced"`
}

// Bench returns the record's entry of the benchmark named name, if it
// matches.
func (c *RunCheck) Bench(name string) (RunBenchmark, bool) {
	if c == nil {
		return RunBenchmark{}, false
	}
	for _, b := range c.Record.Benchmarks {
		if b.Name == name && c.Matches[name] {
			return b, true
		}
	}
	return RunBenchmark{}, false
}

// DeclaredTokens is what a submitter declares a benchmark's answers took,
// in metadata.yaml; either count may be left out.
type DeclaredTokens struct {
	Prompt     *int64 `yaml:"prompt,omitempty" json:"prompt,omitempty"`
	Completion *int64 `yaml:"completion,omitempty" json:"completion,omitempty"`
}
