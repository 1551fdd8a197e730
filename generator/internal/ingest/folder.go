package ingest

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// MaxReadme bounds a submission's README.md.
const MaxReadme = 256 << 10

// Fixed lists the files every submission folder may hold besides its
// benchmarks' result files. run.json is the record `sciif run` leaves of
// the run that wrote the result files (package runrecord).
var Fixed = []string{"metadata.yaml", "reported.yaml", "README.md", "run.json"}

// limits gives the size limit of each fixed file; a result file may hold
// MaxFile bytes.
var limits = map[string]int64{"metadata.yaml": MaxSmall, "reported.yaml": MaxReported, "README.md": MaxReadme, "run.json": MaxSmall}

// Allowed lists the files a submission folder may hold, given the
// benchmarks' result files.
func Allowed(results []string) []string {
	return append(append([]string(nil), Fixed...), results...)
}

// Diagnostic codes of CheckFolder, stable for tools that read them.
const (
	CodeNoFolder     = "folder.missing"
	CodeFolderLink   = "folder.link"
	CodeNotFolder    = "folder.not_folder"
	CodeSlug         = "folder.slug"
	CodeEntryLink    = "file.link"
	CodeEntryFolder  = "file.folder"
	CodeEntryOdd     = "file.not_regular"
	CodeEntryUnknown = "file.unexpected"
	CodeTooLarge     = "file.too_large"
	CodeEmpty        = "file.empty"
	CodeBothKinds    = "folder.both_kinds"
	CodeReportedOnly = "folder.responses_beside_reported"
	CodeNoMetadata   = "folder.no_metadata"
	CodeNoResults    = "folder.no_results"
)

// Folder is what CheckFolder found in a submission folder.
type Folder struct {
	// Results lists the benchmarks' result files present, in the order
	// given to CheckFolder.
	Results []string
	// Listed is true when dir is a folder whose entries could be listed.
	Listed bool
	// Present lists the allowed regular files found, by name.
	Present map[string]bool
	// Rescored is true when the folder holds a metadata.yaml, Reported when
	// it holds a reported.yaml instead.
	Rescored, Reported bool
}

// CheckFolder checks the shape of one submission folder before any file in
// it is read: the folder itself (not a link, a safe slug), its entries (only
// the Allowed regular files, no links, no sub-folders), their sizes (within
// the limits, not empty), and that it is either a rescored submission
// (metadata.yaml) or published figures (reported.yaml). Every problem is
// fatal: `sciif validate` refuses such a folder and `sciif build` does not
// build it. The files' contents are checked by their readers.
//
// results lists the benchmarks' result files (responses.jsonl,
// ifeval.jsonl, …): a rescored submission holds at least one of them.
func CheckFolder(dir string, results []string) (Folder, board.Problems) {
	f := Folder{Present: map[string]bool{}}
	var probs board.Problems
	add := func(file, code, format string, args ...any) {
		probs = append(probs, board.Diagnostic{File: file, Code: code, Msg: fmt.Sprintf(format, args...), Fatal: true})
	}
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		add(dir, CodeNoFolder, "no such folder")
		return f, probs
	case err != nil:
		add(dir, CodeNoFolder, "%s", plainErr(err))
		return f, probs
	case fi.Mode()&fs.ModeSymlink != 0:
		add(dir, CodeFolderLink, "is a symbolic link; links are never followed in submissions (they can point outside the repository)")
		return f, probs
	case !fi.IsDir():
		add(dir, CodeNotFolder, "not a folder")
		return f, probs
	}
	if name := filepath.Base(dir); WindowsReserved(name) {
		add(dir, CodeSlug, "folder name %q cannot be checked out on Windows: con, prn, aux, nul, com0 to com9 and lpt0 to lpt9 name devices there, with any extension, and a trailing dot is dropped", name)
	} else if strings.HasPrefix(name, ".") {
		add(dir, CodeSlug, "folder name %q starts with a dot: sciif build skips hidden folders, so this one would never be on the board", name)
	} else if !SafeSlug(name) {
		add(dir, CodeSlug, "folder name %q is not a safe slug", name)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		add(dir, CodeNoFolder, "%s", plainErr(err))
		return f, probs
	}
	f.Listed = true
	isResult := map[string]bool{}
	for _, r := range results {
		isResult[r] = true
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		max, allowed := limits[e.Name()]
		if isResult[e.Name()] {
			max, allowed = MaxFile, true
		}
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			add(path, CodeEntryLink, "symbolic link")
		case e.IsDir():
			add(path, CodeEntryFolder, "unexpected folder")
		case !e.Type().IsRegular():
			add(path, CodeEntryOdd, "%s", notRegular(e.Type()))
		case !allowed:
			add(path, CodeEntryUnknown, "unexpected file")
		default:
			info, err := e.Info()
			if err != nil {
				add(path, CodeEntryOdd, "%s", plainErr(err))
				continue
			}
			if info.Size() > max {
				add(path, CodeTooLarge, "%s", tooBig("file is %s, larger than the %s limit; refused without reading", info.Size(), max))
				continue
			}
			if info.Size() == 0 {
				add(path, CodeEmpty, "empty file")
				continue
			}
			f.Present[e.Name()] = true
		}
	}
	f.Rescored = f.Present["metadata.yaml"]
	f.Reported = !f.Rescored && f.Present["reported.yaml"]
	switch {
	case f.Present["metadata.yaml"] && f.Present["reported.yaml"]:
		add(filepath.Join(dir, "reported.yaml"), CodeBothKinds, "a folder holds either a rescored submission or reported figures, not both")
	case f.Reported:
		for _, name := range append([]string{"run.json"}, results...) {
			if f.Present[name] {
				add(filepath.Join(dir, name), CodeReportedOnly, "responses beside reported.yaml are not scored")
			}
		}
	case !f.Rescored && !hasEntry(entries, "metadata.yaml") && !hasEntry(entries, "reported.yaml"):
		add(filepath.Join(dir, "metadata.yaml"), CodeNoMetadata, "missing metadata.yaml")
	}
	for _, r := range results {
		if f.Present[r] {
			f.Results = append(f.Results, r)
		}
	}
	if f.Rescored && len(f.Results) == 0 && !hasAny(entries, results) {
		add(dir, CodeNoResults, "no results: a submission holds one result file per benchmark it answers (%s)", strings.Join(results, ", "))
	}
	return f, probs
}

func hasAny(entries []os.DirEntry, names []string) bool {
	for _, n := range names {
		if hasEntry(entries, n) {
			return true
		}
	}
	return false
}

func hasEntry(entries []os.DirEntry, name string) bool {
	for _, e := range entries {
		if e.Name() == name {
			return true
		}
	}
	return false
}

// PromptResponse is one line of an ifeval.jsonl or ifbench.jsonl.
type PromptResponse struct {
	Prompt   string `json:"prompt"`
	Response string `json:"response"`
	Line     int    `json:"-"`
}

// DecodePromptResponse decodes data, a line of an ifeval.jsonl or
// ifbench.jsonl, into *pr: in one pass when it has the plain shape
// (quickPromptResponse), through strictjson.Decode otherwise.
func DecodePromptResponse(data []byte, pr *PromptResponse) *strictjson.Error {
	var prompt, response *string
	if data != nil && quickPromptResponse(data, &prompt, &response) {
		*pr = PromptResponse{}
		if prompt != nil {
			pr.Prompt = *prompt
		}
		if response != nil {
			pr.Response = *response
		}
		return nil
	}
	*pr = PromptResponse{}
	return strictjson.Decode(data, pr)
}

// PromptResponses streams an ifeval.jsonl or ifbench.jsonl (one
// {"prompt", "response"} object per line, both strings) and calls fn for
// each good line, checking each line alone but not its prompt against a
// benchmark (records.Read does that, for the board). Every bad line is a
// fatal problem naming its line and field (the first board.MaxPerFile are
// kept, the rest counted); the file is read through Open, so it is
// bounded and links are refused.
func PromptResponses(path string, fn func(PromptResponse)) board.Problems {
	f, _, err := Open(path, MaxFile, NoLinks)
	if err != nil {
		return board.Problems{fileProblem(path, err)}
	}
	defer f.Close()
	probs := board.FileCollector(path)
	err = Lines(path, f, func(line int, data []byte) {
		bad := func(field, msg string) {
			probs.Add(board.Diagnostic{File: path, Line: line, Field: field, Code: CodePromptLine, Msg: msg, Fatal: true})
		}
		var pr PromptResponse
		if e := DecodePromptResponse(data, &pr); e != nil {
			bad(e.Field, e.Text())
			return
		}
		if pr.Prompt == "" {
			bad("prompt", "missing prompt")
			return
		}
		if msg := ResponseProblem(data, "response", pr.Response); msg != "" {
			bad("response", msg)
			return
		}
		pr.Line = line
		fn(pr)
	})
	if err != nil {
		d := asProblem(path, err)
		d.Code = CodePromptLine
		probs.Add(d)
	}
	return probs.Problems()
}

// CodePromptLine marks a problem of an ifeval.jsonl or ifbench.jsonl line.
const CodePromptLine = "prompt_response.line"
