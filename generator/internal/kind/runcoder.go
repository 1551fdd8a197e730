package kind

import "github.com/sciif/leaderboard/generator/internal/board"

// A RunCoder is a Benchmark whose runs a build may keep for the next one
// (the build cache): EncodeRun is given a run as the build leaves it, once
// its pages are rendered (render.RunPager), and DecodeRun, given the same
// submission and bytes, returns a run the board ranks and shows exactly as
// it would the original. The cache, its keys and its checks are the
// driver's: a kind only says what its run is, as bytes. DecodeRun keeps
// nothing of data once it returns (the driver reads the next entry into
// the same buffer): what the run holds is copied out of it. A run is keyed
// by the submission as read (its metadata), its file of the benchmark
// (Spec().File) and the benchmark's files: a kind whose Check reads any
// other file of the submission must name it (RunReads) or not be a
// RunCoder.
type RunCoder interface {
	EncodeRun(r Run) ([]byte, error)
	DecodeRun(sub *board.Submission, data []byte) (Run, error)
}

// A RunInputs is a RunCoder that names the files of its benchmark folder
// its runs depend on: what Check reads and what the run's own pages show
// (render.RunPager). The cache keys a run by those files alone, so that a
// file the board alone reads, such as a history it appends to, does not
// throw away every run; without it, a run is keyed by every file of the
// folder. A file listed that does not exist is keyed as absent.
type RunInputs interface {
	RunCoder
	RunInputs() []string
}

// A RunReads is a RunCoder whose Check reads files of the submission
// besides its own file of the benchmark (Spec().File): the submission's
// answers to another benchmark it is compared with. The cache keys a run
// by those files too, a file absent as absent; a kind that reads files it
// cannot name must not be a RunCoder. RunInputs may then name files of
// that other benchmark's folder by slash paths from its own
// ("../other/benchmark.yaml").
type RunReads interface {
	RunCoder
	RunReads() []string
}
