// Package kind is the seam between the commands and the kinds of
// benchmark: SciIF's constraint audit, verifiable instructions (IFEval,
// IFBench), and whatever comes next. It plays the part go/analysis gives
// to analysis.Analyzer: a kind is one Kind value exported by one package,
// the command keeps the explicit list of them, and the drivers (build,
// score, validate, prompts, new) loop over benchmarks opened from that
// list without ever naming a kind.
//
// A benchmark is a folder: benchmark.yaml says its kind, name and title
// (and any field of its own kind); the rest of the folder is the kind's
// business. A submission carries one file per benchmark, named after the
// benchmark (<name>.jsonl) unless benchmark.yaml names another.
//
// # The contract
//
// Every kind keeps these promises, which package kindtest checks: a kind's
// package calls kindtest.Run once in its tests, on a benchmark folder and
// a few valid submissions, and a new kind proves itself the same way.
//
//   - Rank(nil) must return an empty board: no models, and a site of it
//     alone renders. Info must not change between the empty and the
//     scored board (name, title, navigation): the site is started with the
//     empty boards, before any is scored.
//   - Info is stable, and its Models are Models(), in board order; the
//     navigation's keys and hrefs are unique and relative, and every href
//     is a page the board renders.
//   - The same input renders byte-identical pages, no two at one path.
//   - Write's "json" is one JSON value, its "csv" parses with every row as
//     long as the header and no cell a spreadsheet could run as a formula
//     (starting with =, +, @, a tab or CR, or '-' but no number) unless
//     defused with a leading apostrophe; "table" is not empty. All three
//     are deterministic, for the empty board too.
//   - Headline covers every model on the board: non-blank lines, and a
//     JSON value that marshals.
//   - Prompts writes one JSON object a line, the same bytes every time.
//   - Check is deterministic and never panics. A file that is not JSON, a
//     JSON array, a truncated line, an unknown field, a record that
//     repeats another, invalid UTF-8, a line over ingest.MaxLine, a NUL
//     byte or a number out of range is a fatal problem whose File is the
//     submission file and whose Line is the line at fault. (An empty file
//     is the folder check's, ingest.CheckFolder: the pipeline never hands
//     one to Check.)
//   - validate is build: pipeline.Check refuses exactly the submissions
//     pipeline.Score leaves out.
//   - A Rewarder's Rewards(nil, Options{}) works; its Parts are non-empty and unique;
//     a valid record's Reward is finite, names its item, carries only
//     those parts in their order, and is the same every time; a broken
//     record is a *RecordError, a label the benchmark cannot know a
//     *RecordError on "label"; an unknown setting is an error.
//   - A Runnable's AnswerTasks (one per item, Size of them) have unique
//     non-empty keys and conversations ending in a user turn (a Prompt,
//     or Messages that chat.Check accepts), and so do its JudgeTasks; the
//     Submission written from answers to every task (and any judge
//     verdict) is the same every time and passes Check with no fatal
//     problem.
//
// The package reads benchmark.yaml and nothing else; it holds no kind.
package kind

import (
	"context"
	"io"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/syllables"
)

// A Kind is one kind of benchmark.
type Kind struct {
	// Name is what benchmark.yaml says in its kind field: "sciif",
	// "ifeval". It never changes once benchmarks use it.
	Name string
	// Doc is one sentence saying what the kind measures.
	Doc string
	// Infer recognises a benchmark folder of this kind that has no
	// benchmark.yaml, as repositories made before it have, and fills in
	// what benchmark.yaml would say. Nil: the kind needs benchmark.yaml.
	Infer func(dir string) (Spec, bool)
	// Open reads the benchmark folder spec describes. Every problem of the
	// folder is returned at once, as board.Problems.
	Open func(spec Spec) (Benchmark, error)
	// Fixes says how a submitter fixes each of the kind's problems, by
	// their board.Diagnostic.Code: what sciif validate prints beside them.
	Fixes map[string]string
}

// Spec is what benchmark.yaml says of a benchmark.
type Spec struct {
	// Kind names the benchmark's Kind.
	Kind string
	// Name names the benchmark: its submission file, its pages and its
	// downloads. It defaults to the folder's name.
	Name string
	// Title is the benchmark's name for readers ("SciIF").
	Title string
	// Dir is the benchmark folder.
	Dir string
	// File is the submission file of the benchmark, <Name>.jsonl unless
	// benchmark.yaml says otherwise.
	File string
	// IndexItems (index_items: true) lets search engines index the pages
	// that quote the benchmark's items and the answers to them (problems,
	// prompts, tasks, a model's answers). By default those pages say
	// noindex, to keep the questions out of search indexes and out of the
	// training data crawled from them.
	IndexItems bool
	// Fields holds benchmark.yaml's other fields, for the kind to read;
	// Line gives each field's line, for messages.
	Fields map[string]any
	Line   map[string]int
	// Path is the benchmark.yaml read, or "" when the spec was inferred.
	Path string
}

// Options are what a command asks of every benchmark.
type Options struct {
	// NoRules scores with the judges alone, where a kind has judges and
	// rules (SciIF's --no-rules).
	NoRules bool
	// Policies lists the policies to score, the first ordering the board;
	// a kind with policies of its own maps them.
	Policies []board.Policy
	// KeepResponses keeps the response texts, for the site.
	KeepResponses bool
	// Syllables is a syllable dictionary in syllapy's format, for a kind
	// that counts syllables (IFBench's words:odd_even_syllables); nil,
	// syllapy's rule alone. It encodes as its SHA-256, so the options
	// name the dictionary wherever they are recorded (the build cache's
	// keys among them).
	Syllables *syllables.Dictionary `json:",omitempty"`
}

// A Benchmark is an opened benchmark folder of some kind.
type Benchmark interface {
	// Spec describes the benchmark.
	Spec() *Spec
	// Size is the number of items (prompts, tasks) of the benchmark.
	Size() int
	// Check reads one submission's file of this benchmark (the path is
	// sub.Dir/Spec().File) through ingest's bounded readers, verifies each
	// record and scores the submission alone. It is the one check that
	// sciif validate and sciif build share: a fatal problem refuses the
	// submission, any other is a warning the board is scored with.
	Check(ctx context.Context, sub *board.Submission, opt Options) (Run, board.Problems)
	// Rank scores the board of the accepted runs, given in submission id
	// order. Ranks tie where the paired significance test finds no
	// difference, the same meaning on every board.
	Rank(runs []Run, opt Options) (Board, error)
	// Prompts writes the benchmark's prompts, one JSON object per line:
	// what a model is asked and what judges are asked (sciif prompts).
	Prompts(w io.Writer) error
	// Scaffold is the text `sciif new` writes into a new submission's
	// file of this benchmark: usually nothing, and a comment in the
	// instructions it prints.
	Scaffold() string
}

// A Run is one submission checked against one benchmark.
type Run interface {
	// ID is the submission's id.
	ID() string
	// Summary is what `sciif validate` says of the run before ranking
	// ("2/2 items answered").
	Summary() string
}

// A Board is a benchmark's scored board.
type Board interface {
	// Models lists the ids on the board, in board order.
	Models() []string
	// Headline says, for sciif validate, how model id scores and ranks:
	// lines of text, and the same as a JSON value.
	Headline(id string) ([]string, any)
	// Write prints the board for sciif score: format is "table", "csv" or
	// "json" (the benchmark's stable JSON contract).
	Write(w io.Writer, format string, opt Options) error
}

// The site's capabilities are declared in package render, beside the site
// they render into, so that this package, and the runner and reward
// server built on it, link no rendering: a Board that a site shows is also
// a render.Board (its pages, downloads and navigation), and a Run with
// pages of its own (a model's answers) may be a render.RunPager. The build
// asserts both; kindtest checks that every kind's boards are
// render.Boards.

// A HistoryRecorder is a Board that keeps its state over time in a file
// of its benchmark (SciIF's history.jsonl), for a page of changes. `sciif
// build --record-history` finds it by a type assertion and never names a
// kind.
type HistoryRecorder interface {
	Board
	// RecordHistory returns the line that records the board's state as
	// built by version, and the file it goes to; a nil line when the
	// state is the last one recorded.
	RecordHistory(version string) (path string, line []byte, err error)
	// AppendHistory appends line under a lock, re-reading the file there:
	// false when another build recorded the same state meanwhile.
	AppendHistory(line []byte) (bool, error)
}
