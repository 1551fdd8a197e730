package validate

import (
	"fmt"
	"sort"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/runrecord"
)

// fromDiag turns a diagnostic of ingest, the pipeline or a kind into a
// finding, with the fix its code names: in fixes (the kinds', see Fixes),
// or in the table of the codes the kinds share. A message says what is
// wrong; its fix comes from its code alone.
//
// The severity is the build's: a fatal diagnostic (the build refuses the
// submission) is an error, any other (the build scores it, a missing judge
// output counting as NO) is a warning. So `sciif validate` accepts exactly
// the submissions `sciif build` builds.
func fromDiag(d board.Diagnostic, fixes map[string]string) Finding {
	d = d.Bounded() // what a submission wrote, cut and quoted as shown
	f := Finding{Severity: Warning, File: d.File, Line: d.Line, Item: d.Item, Field: d.Field, Constraint: d.Constraint, Criterion: d.Criterion, Judge: d.Judge, Code: d.Code, Message: d.Msg, Omitted: d.Omitted}
	if d.Fatal {
		f.Severity = Error
	}
	if fix, ok := shared[d.Code]; ok {
		f.Fix = fix
	} else if d.Code != "" {
		f.Fix = fixes[d.Code]
	}
	return f
}

// Fixes merges the fix texts of kinds (kind.Kind.Fixes) into the table
// Options.Fixes takes. Two kinds may share a code only with one fix, and
// no kind may give a fix of a code the kinds share (ingest's, board's):
// either is an error, naming the code.
func Fixes(kinds []*kind.Kind) (map[string]string, error) {
	out := map[string]string{}
	owner := map[string]string{}
	for _, k := range kinds {
		codes := make([]string, 0, len(k.Fixes))
		for c := range k.Fixes {
			codes = append(codes, c)
		}
		sort.Strings(codes)
		for _, c := range codes {
			fix := k.Fixes[c]
			if _, ok := shared[c]; ok {
				return nil, fmt.Errorf("validate: kind %s gives a fix of the shared code %q", k.Name, c)
			}
			if prev, ok := out[c]; ok && prev != fix {
				return nil, fmt.Errorf("validate: kinds %s and %s give code %q different fixes", owner[c], k.Name, c)
			}
			out[c], owner[c] = fix, k.Name
		}
	}
	return out, nil
}

// shared says how to fix the problems whose codes the kinds share: the
// folder, metadata.yaml and reported.yaml checks of ingest, and board's
// summary of omitted problems.
var shared = map[string]string{
	board.CodeOmitted:       "fix the problems listed (they are the first of their file or submission) and validate again to see the rest",
	ingest.CodeNoFolder:     "give the path of a submission folder such as results/<model-id>",
	ingest.CodeFolderLink:   "commit the folder itself; links are refused because they can point outside the repository",
	ingest.CodeNotFolder:    "give the path of a submission folder such as results/<model-id>",
	ingest.CodeSlug:         "rename it with lower-case letters, digits, '.', '_' and '-' only, starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)",
	ingest.CodeEntryLink:    "commit the file itself; links are refused because they can point outside the repository",
	ingest.CodeEntryFolder:  "remove it; a submission folder holds only metadata.yaml, its result files, and README.md",
	ingest.CodeEntryUnknown: "remove it; a submission folder holds only metadata.yaml, its result files, and README.md",
	ingest.CodeEntryOdd:     "remove it",
	ingest.CodeTooLarge:     "check the file was not generated in a loop; the limit is per file",
	ingest.CodeEmpty:        "fill it in or remove it",
	ingest.CodeBothKinds:    "move reported.yaml to its own folder (e.g. results/paper-<model>)",
	ingest.CodeReportedOnly: "add a metadata.yaml to make this a rescored submission, or remove the file",
	ingest.CodeNoMetadata:   "run `sciif new <model-id>` for a template, or copy one from SUBMITTING.md",
	ingest.CodeNoResults:    "add the result file of each benchmark the model answers (`sciif new` and SUBMITTING.md name them), or remove the folder",
	ingest.CodeSameName:     "each submission needs a distinct name: update the existing folder instead of adding a second one, or name the variant (e.g. \"… (thinking)\")",

	ingest.CodeMetaFile:        "commit metadata.yaml itself (a regular file, not a link) within the size limit SUBMITTING.md gives",
	ingest.CodeMetaEncoding:    "save the file as UTF-8 without BOM",
	ingest.CodeMetaYAML:        "write metadata.yaml as one YAML mapping of fields, as `sciif new <model-id>` and SUBMITTING.md show; fix the YAML at the line named",
	ingest.CodeMetaUnknown:     "check the spelling; a misspelt optional field is refused so that its value is not lost",
	ingest.CodeMetaTwice:       "keep one of the two",
	ingest.CodeMetaString:      "quote the value",
	ingest.CodeMetaBool:        "write true or false",
	ingest.CodeMetaList:        "write a list such as [gpt-5.1, gemini-3-flash]",
	ingest.CodeMetaMap:         "write a mapping of fields, as SUBMITTING.md shows",
	ingest.CodeMetaMissing:     "add the field as the message shows it (see SUBMITTING.md)",
	ingest.CodeMetaEmpty:       "fill it in",
	ingest.CodeMetaPlaceholder: "replace it with the real value",
	ingest.CodeMetaName:        fmt.Sprintf("retype the display name: at most %d characters, only visible characters and plain spaces", ingest.MaxModelName),
	ingest.CodeMetaShort:       fmt.Sprintf("retype it: at most %d characters, only visible characters and plain spaces", ingest.MaxShortField),
	ingest.CodeMetaDate:        "write the date as YYYY-MM-DD",
	ingest.CodeMetaJudges:      "list each judge model once by name, e.g. `judges: [gpt-5.1, gemini-3-flash]`, or leave the field out",
	ingest.CodeMetaLink:        "link to an https:// page about the model",
	ingest.CodeMetaTraining:    fmt.Sprintf("shorten the disclosure to %d characters of plain text; link a longer account with `link`", ingest.MaxTrainingData),
	ingest.CodeMetaTokens:      "declare whole numbers of tokens per benchmark, e.g. `sciif: {prompt: 1200000, completion: 340000}`, or leave the field out",
	ingest.CodeMetaClaimed:     "claim rates as fractions, e.g. `claimed: {strict: {correct: 0.296}}` (policies strict and loose; rates correct, compliant, multi, single), or leave the field out",

	runrecord.CodeFile:     "leave run.json as sciif run wrote it, or remove it: it is read only to show the reproduced badge and the recorded tokens",
	runrecord.CodeMismatch: "the file named is not what sciif run wrote against the benchmark's current prompts: run sciif run again (it resumes from its journal) to rewrite both, or remove run.json",

	ingest.CodeRepFile:       "commit reported.yaml itself (a regular file, not a link) within the size limit SUBMITTING.md gives",
	ingest.CodeRepEncoding:   "save the file as UTF-8",
	ingest.CodeRepYAML:       "write reported.yaml as one YAML mapping of fields, as SUBMITTING.md shows; fix the YAML at the line named",
	ingest.CodeRepUnknown:    "check the spelling against the fields the message allows there",
	ingest.CodeRepTwice:      "keep one of the two",
	ingest.CodeRepType:       "give the field the type the message names (see SUBMITTING.md)",
	ingest.CodeRepMissing:    "add it (see SUBMITTING.md)",
	ingest.CodeRepEmpty:      "fill it in",
	ingest.CodeRepRate:       "write the rate as printed, without the % sign",
	ingest.CodeRepConstraint: "use one of the catalog's ids the message lists",
	ingest.CodeRepFamily:     "use condition, terminology or process",
	ingest.CodeRepK:          "use a whole number of enabled constraints in the range the message gives",
	ingest.CodeRepPolicy:     "write strict or loose",
	ingest.CodeRepLink:       "link to an https:// page",
	ingest.CodeRepFigures:    "give at least one of the figures the message lists",
	ingest.CodeRepName:       fmt.Sprintf("retype the model's name: at most %d characters, only visible characters and plain spaces", ingest.MaxModelName),
}
