package validate

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// testItems is a two-item benchmark over the built-in catalog.
const testItems = `{"id": "c-1", "subject": "Chemistry", "question": "Q1", "constraints": ["units_standard"], "reference": {"answer": "1 J"}}
{"id": "c-2", "subject": "Chemistry", "question": "Q2", "constraints": ["units_standard", "variable_naming_consistency"], "reference": {"answer": "2 J"}}
`

// testBenchmarks writes the benchmark under root and opens it.
func testBenchmarks(t *testing.T, root string) []kind.Benchmark {
	t.Helper()
	dir := filepath.Join(root, "benchmarks", "sciif")
	folder(t, dir, map[string]string{"items.jsonl": testItems, "benchmark.yaml": "kind: sciif\ntitle: SciIF\nfile: responses.jsonl\n"})
	benches, err := kind.Open([]*kind.Kind{sciif.Kind}, "", []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	return benches
}

const goodMeta = "name: Model A\norganization: Org A\nopen_weights: true\ndate: 2026-01-02\njudges: [j1, j2]\n"

// record returns one responses.jsonl line for item id in which every judge
// in judges says YES to everything.
func record(id string, judges ...string) string {
	cons := map[string][]string{"c-1": {"units_standard"}, "c-2": {"units_standard", "variable_naming_consistency"}}[id]
	points := map[string]string{"units_standard": "POINT_1: YES\nPOINT_2: YES\nPOINT_3: YES", "variable_naming_consistency": "POINT_1: YES\nPOINT_2: YES"}
	js := map[string]sciifdata.JudgeOutput{}
	for _, j := range judges {
		jo := sciifdata.JudgeOutput{Correctness: "CORRECT: YES", Constraints: map[string]string{}}
		for _, c := range cons {
			jo.Constraints[c] = points[c]
		}
		js[j] = jo
	}
	data, _ := json.Marshal(sciifdata.Record{ID: id, Response: "answer " + id, Judges: js})
	return string(data)
}

var goodResponses = record("c-1", "j1", "j2") + "\n" + record("c-2", "j1", "j2") + "\n"

// folder writes files into dir/name.
func folder(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// findings validates the folder results/<id> of root and returns its
// findings with root removed from the paths.
func findings(t *testing.T, root string, ids ...string) (*Report, []string) {
	t.Helper()
	benches := testBenchmarks(t, root)
	t.Chdir(root)
	var dirs []string
	for _, id := range ids {
		dirs = append(dirs, filepath.Join("results", id))
	}
	fixes, err := Fixes([]*kind.Kind{sciif.Kind})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), dirs, Options{Benchmarks: benches, Results: "results", Options: kind.Options{NoRules: true, Policies: board.Policies}, Fixes: fixes})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range rep.Submissions {
		for _, f := range s.Findings {
			got = append(got, f.String())
		}
	}
	return rep, got
}

// lineFix is SciIF's fix of a line that is not a record (sciif.line).
const lineFix = `write each line as one JSON object, {"id": …, "response": …, "judges": {…}}, in UTF-8 with the types SUBMITTING.md documents: fix what the message names (the field, the column); a line over the limit usually means a generation looped`

func TestBrokenSubmissions(t *testing.T) {
	tests := []struct {
		name   string
		reason string
		files  map[string]string
		// setup changes the folder after the files are written.
		setup func(t *testing.T, dir string)
		// want lists findings that must all be present.
		want []string
		// valid is set when the input must be accepted as it is.
		valid bool
		// accepted is set when the input is accepted with the warnings in
		// want: the build scores it (a missing judge output counts as NO).
		accepted bool
	}{
		{
			name:   "truncated last line",
			reason: "a file cut off mid-record names the line and says so",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + `{"id": "c-2", "response": "r`},
			want: []string{
				"results/m/responses.jsonl:2: column 28: truncated JSON: the line ends before the object does" + " — " + lineFix,
			},
		},
		{
			name:   "byte-order mark in responses",
			reason: "a UTF-8 BOM at the start of responses.jsonl is accepted",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": "\ufeff" + goodResponses},
			valid:  true,
		},
		{
			name:   "byte-order mark in metadata",
			reason: "the YAML reader of the build does not accept a BOM, so validate names it",
			files:  map[string]string{"metadata.yaml": "\ufeff" + goodMeta, "responses.jsonl": goodResponses},
			want:   []string{"results/m/metadata.yaml:1: starts with a byte-order mark — save the file as UTF-8 without BOM"},
		},
		{
			name:   "CRLF line ends",
			reason: "files saved on Windows are accepted",
			files:  map[string]string{"metadata.yaml": strings.ReplaceAll(goodMeta, "\n", "\r\n"), "responses.jsonl": strings.ReplaceAll(goodResponses, "\n", "\r\n")},
			valid:  true,
		},
		{
			name:   "invalid UTF-8",
			reason: "a Latin-1 byte is refused with its line",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + `{"id": "c-2", "response": "caf` + "\xe9" + `", "judges": {}}` + "\n"},
			want:   []string{"results/m/responses.jsonl:2: invalid UTF-8" + " — " + lineFix},
		},
		{
			name:   "JSON array instead of JSONL",
			reason: "the commonest mistake: one array of records",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": "[" + record("c-1", "j1", "j2") + ", " + record("c-2", "j1", "j2") + "]\n"},
			want:   []string{"results/m/responses.jsonl:1: a JSON array, not one JSON object per line (JSONL)" + " — " + lineFix},
		},
		{
			name:   "pretty-printed array",
			reason: "an indented array fails on its first line and on each record line",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": "[\n" + record("c-1", "j1", "j2") + ",\n" + record("c-2", "j1", "j2") + "\n]\n"},
			want: []string{
				"results/m/responses.jsonl:1: a JSON array, not one JSON object per line (JSONL)" + " — " + lineFix,
				fmt.Sprintf("results/m/responses.jsonl:2: column %d: invalid character ',' after top-level value", len(record("c-1", "j1", "j2"))+1) + " — " + lineFix,
				"results/m/responses.jsonl:4: not a JSON object" + " — " + lineFix,
			},
		},
		{
			name:   "number where a string belongs",
			reason: "the field and the column are named",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + `{"id": "c-2", "response": 42, "judges": {}}` + "\n"},
			want:   []string{"results/m/responses.jsonl:2: item c-2: response: column 28: want a JSON string, got number" + " — " + lineFix},
		},
		{
			name:   "number where a string belongs in metadata",
			reason: "YAML reads 42 as a number; the name must be text",
			files:  map[string]string{"metadata.yaml": strings.Replace(goodMeta, "Model A", "42", 1), "responses.jsonl": goodResponses},
			want:   []string{`results/m/metadata.yaml:1: name: want a string, got "42" — quote the value`},
		},
		{
			name:   "duplicate keys",
			reason: "encoding/json would silently keep the last one",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + strings.Replace(record("c-2", "j1", "j2"), `"id":"c-2"`, `"id":"c-2","id":"c-2"`, 1) + "\n"},
			want:   []string{"results/m/responses.jsonl:2: id: duplicate key" + " — " + lineFix},
		},
		{
			name:   "duplicate keys in metadata",
			reason: "a field given twice is refused with both lines",
			files:  map[string]string{"metadata.yaml": goodMeta + "name: Model B\n", "responses.jsonl": goodResponses},
			want:   []string{`results/m/metadata.yaml:6: name: set twice (first on line 1) — keep one of the two`},
		},
		{
			name:     "missing judge",
			accepted: true,
			reason:   "every judge listed in metadata.yaml must judge every record",
			files:    map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + record("c-2", "j1") + "\n"},
			want:     []string{`results/m/responses.jsonl:2: item c-2: judge j2: warning: no output from this judge (counts as NO) — add this judge's outputs under "judges" ({"correctness": …, "constraints": {…}}), or remove the judge from metadata.yaml`},
		},
		{
			name:     "missing constraint audit",
			accepted: true,
			reason:   "every enabled constraint needs an audit from every judge",
			files: map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" +
				strings.Replace(record("c-2", "j1", "j2"), `,"variable_naming_consistency":"POINT_1: YES\nPOINT_2: YES"`, "", 1) + "\n"},
			want: []string{"results/m/responses.jsonl:2: item c-2: constraint variable_naming_consistency: judge j1: warning: no audit of this constraint (counts as NO) — run the judge's audit of this constraint and add it under judges.<judge>.constraints"},
		},
		{
			name:     "judge output in another language",
			accepted: true,
			reason:   "the parser knows the English labels of the judge prompt only",
			files: map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" +
				strings.Replace(record("c-2", "j1", "j2"), `"variable_naming_consistency":"POINT_1: YES\nPOINT_2: YES"`, `"variable_naming_consistency":"要点1：是\n要点2：是"`, 1) + "\n"},
			want: []string{
				"results/m/responses.jsonl:2: item c-2: constraint variable_naming_consistency: judge j1: warning: point 1 missing (counts as NO) — the audit needs one line per evidence point, POINT_<n>: YES|NO, in English as the judge prompt asks (`sciif prompts`)",
				"results/m/responses.jsonl:2: item c-2: constraint variable_naming_consistency: judge j1: warning: point 2 missing (counts as NO) — the audit needs one line per evidence point, POINT_<n>: YES|NO, in English as the judge prompt asks (`sciif prompts`)",
			},
		},
		{
			name:     "correctness without a verdict",
			accepted: true,
			reason:   "a correctness output needs a CORRECT line",
			files: map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" +
				strings.Replace(record("c-2", "j1", "j2"), `"correctness":"CORRECT: YES"`, `"correctness":"The answer looks right."`, 1) + "\n"},
			want: []string{"results/m/responses.jsonl:2: item c-2: correctness: judge j1: warning: no CORRECT line (counts as NO) — the correctness output must contain a line CORRECT: YES or CORRECT: NO (see `sciif prompts`)"},
		},
		{
			name:     "empty response",
			accepted: true,
			reason:   "an empty answer is scored as incorrect and non-compliant, and named",
			files:    map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n" + strings.Replace(record("c-2", "j1", "j2"), `"response":"answer c-2"`, `"response":"  "`, 1) + "\n"},
			want:     []string{"results/m/responses.jsonl:2: item c-2: warning: empty response — re-run the generation of this item; an empty answer is scored as incorrect and non-compliant"},
		},
		{
			name:   "unknown and duplicate ids",
			reason: "records of another benchmark and repeated records are refused",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses + record("c-1", "j1", "j2") + "\n" + strings.Replace(record("c-1", "j1", "j2"), `"c-1"`, `"p-9"`, 1) + "\n"},
			want: []string{
				`results/m/responses.jsonl:3: id: duplicate item id "c-1" (first on line 1) — keep one record per item`,
				`results/m/responses.jsonl:4: id: unknown item id "p-9" (not in sciif) — use the ids of the benchmark's items.jsonl; remove records of other benchmarks`,
			},
		},
		{
			name:   "enormous line",
			reason: "a 100 MB line is refused while streaming, never held in memory",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": `{"id": "c-1", "response": "`},
			setup: func(t *testing.T, dir string) {
				if err := os.Truncate(filepath.Join(dir, "responses.jsonl"), 100<<20); err != nil {
					t.Fatal(err)
				}
			},
			want: []string{"results/m/responses.jsonl:1: line longer than 4 MiB; refused" + " — " + lineFix},
		},
		{
			name:   "enormous file",
			reason: "a 10 GB file is refused by its size before a byte is read (the file is sparse)",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": ""},
			setup: func(t *testing.T, dir string) {
				if err := os.Truncate(filepath.Join(dir, "responses.jsonl"), 10<<30); err != nil {
					t.Skip("no sparse files here:", err)
				}
			},
			want: []string{"results/m/responses.jsonl: file is 10.0 GiB, larger than the 1.0 GiB limit; refused without reading — check the file was not generated in a loop; the limit is per file"},
		},
		{
			name:   "empty file",
			reason: "an empty responses.jsonl is what `sciif new` leaves",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": ""},
			want:   []string{"results/m/responses.jsonl: empty file — fill it in or remove it"},
		},
		{
			name:   "extra files",
			reason: "only the documented files may be committed",
			files:  map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses, "notes.txt": "hi"},
			setup: func(t *testing.T, dir string) {
				if err := os.Mkdir(filepath.Join(dir, "raw"), 0o755); err != nil {
					t.Fatal(err)
				}
			},
			want: []string{
				"results/m/notes.txt: unexpected file — remove it; a submission folder holds only metadata.yaml, reported.yaml, README.md, run.json, responses.jsonl",
				"results/m/raw: unexpected folder — remove it; a submission folder holds only metadata.yaml, reported.yaml, README.md, run.json, responses.jsonl",
			},
		},
		{
			name:   "symlink pointing outside",
			reason: "a link is never followed: it could read any file of the machine that validates",
			files:  map[string]string{"metadata.yaml": goodMeta},
			setup: func(t *testing.T, dir string) {
				if err := os.Symlink("/etc/passwd", filepath.Join(dir, "responses.jsonl")); err != nil {
					t.Skip("no symlinks here:", err)
				}
			},
			want: []string{
				"results/m/responses.jsonl: symbolic link — commit the file itself; links are refused because they can point outside the repository",
			},
		},
		{
			name:   "metadata problems",
			reason: "all problems of metadata.yaml are reported at once, with their lines",
			files:  map[string]string{"metadata.yaml": "name: Model A\norganisation: Org A\nopen_weights: yes\ndate: 2026-13-01\njudges: [j1, j2]\nlink: javascript:alert(1)\n", "responses.jsonl": goodResponses},
			want: []string{
				"results/m/metadata.yaml:2: organisation: unknown field (allowed: name, organization, open_weights, date, judges, link, params, decoding, notes, training_data, tokens, claimed) — check the spelling; a misspelt optional field is refused so that its value is not lost",
				`results/m/metadata.yaml:3: open_weights: want true or false, got "yes" — write true or false`,
				"results/m/metadata.yaml: organization: required field missing (organization: <who trained the model>) — add the field as the message shows it (see SUBMITTING.md)",
			},
		},
		{
			name:   "bad date and link",
			reason: "typed but wrong values are named",
			files:  map[string]string{"metadata.yaml": strings.Replace(goodMeta, "2026-01-02", "2026-13-01", 1) + "link: javascript:alert(1)\n", "responses.jsonl": goodResponses},
			want: []string{
				`results/m/metadata.yaml:4: date: "2026-13-01" is not a date in the form YYYY-MM-DD — write the date as YYYY-MM-DD`,
				`results/m/metadata.yaml:6: link: "javascript:alert(1)" is not an http or https URL — link to an https:// page about the model`,
			},
		},
		{
			name:     "claimed scores that do not match",
			accepted: true,
			reason:   "a claim beyond the tolerance is named; one within it is fine; claims never change the board",
			files:    map[string]string{"metadata.yaml": goodMeta + "claimed:\n  strict: {correct: 1.0, compliant: 0.9}\n  loose: {compliant: 0.9996}\n", "responses.jsonl": goodResponses},
			want: []string{
				"results/m/metadata.yaml: claimed.strict.compliant: warning: claimed 0.9000 but rescored 1.0000 (differs by 0.1000, more than 0.0005) — claim the rescored value or remove the claim; claims are fractions in [0, 1]",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "results", "m")
			folder(t, dir, tt.files)
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			rep, got := findings(t, root, "m")
			if tt.valid {
				if !rep.Valid || len(got) > 0 {
					t.Errorf("%s: want valid, got findings:\n%s", tt.reason, strings.Join(got, "\n"))
				}
				return
			}
			if rep.Valid != tt.accepted {
				t.Errorf("%s: valid %v, want %v", tt.reason, rep.Valid, tt.accepted)
			}
			var missing []string
			for _, w := range tt.want {
				found := false
				for _, g := range got {
					found = found || g == w
				}
				if !found {
					missing = append(missing, w)
				}
			}
			if len(missing) > 0 {
				t.Errorf("%s: findings (-want +got):\n%s", tt.reason, cmp.Diff(missing, got))
			}
		})
	}
}

func TestValidSubmissionScoresAndRank(t *testing.T) {
	root := t.TempDir()
	folder(t, filepath.Join(root, "results", "a"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses})
	weak := strings.ReplaceAll(goodResponses, "POINT_1: YES", "POINT_1: NO")
	folder(t, filepath.Join(root, "results", "b"), map[string]string{"metadata.yaml": strings.Replace(goodMeta, "Model A", "Model B", 1), "responses.jsonl": weak})
	folder(t, filepath.Join(root, "results", "paper-x"), map[string]string{"reported.yaml": "model: {name: X, organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: 2.1\n"})
	rep, got := findings(t, root, "b")
	if len(got) > 0 {
		t.Fatalf("want no findings, got:\n%s", strings.Join(got, "\n"))
	}
	want := []Result{{Benchmark: "sciif", Kind: "sciif", Summary: "2/2 items answered",
		Lines: []string{
			"strict correct 100.0%  compliant   0.0%  multi   0.0%  single   0.0%  rank 1 of 2",
			"loose  correct 100.0%  compliant   0.0%  multi   0.0%  single   0.0%  rank 1 of 2",
		},
		Scores: map[string]sciif.Headline{
			"strict": {Correct: 1, Compliant: 0, Multi: 0, Single: 0, Rank: 1, Of: 2},
			"loose":  {Correct: 1, Compliant: 0, Multi: 0, Single: 0, Rank: 1, Of: 2},
		},
	}}
	if diff := cmp.Diff(want, rep.Submissions[0].Results); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	var buf bytes.Buffer
	if err := WriteText(&buf, rep); err != nil {
		t.Fatal(err)
	}
	wantText := `results/b: valid
  sciif: 2/2 items answered
    strict correct 100.0%  compliant   0.0%  multi   0.0%  single   0.0%  rank 1 of 2
    loose  correct 100.0%  compliant   0.0%  multi   0.0%  single   0.0%  rank 1 of 2
sciif validate: valid: 1 submission(s), 1 valid, 0 invalid; 0 error(s), 0 warning(s)
`
	if diff := cmp.Diff(wantText, buf.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}

func TestDuplicateModelName(t *testing.T) {
	root := t.TempDir()
	folder(t, filepath.Join(root, "results", "a"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses})
	folder(t, filepath.Join(root, "results", "a2"), map[string]string{"metadata.yaml": strings.Replace(goodMeta, "Model A", "model  a", 1), "responses.jsonl": goodResponses})
	_, got := findings(t, root, "a2")
	want := []string{`results/a2/metadata.yaml:1: name: model name "model  a" is also claimed by results/a — each submission needs a distinct name: update the existing folder instead of adding a second one, or name the variant (e.g. "… (thinking)")`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestExpandResultsFolder(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"results/b", "results/a", "results/.git"} {
		folder(t, filepath.Join(root, d), map[string]string{"metadata.yaml": goodMeta})
	}
	folder(t, filepath.Join(root, "results"), map[string]string{"README.md": "x"})
	got := Expand([]string{filepath.Join(root, "results"), filepath.Join(root, "results", "a")})
	want := []string{filepath.Join(root, "results", "a"), filepath.Join(root, "results", "b")}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestUnsafeSlugAndUnknownPath(t *testing.T) {
	root := t.TempDir()
	folder(t, filepath.Join(root, "results", "Bad Name"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": goodResponses})
	_, got := findings(t, root, "Bad Name", "nope")
	want := []string{
		`results/Bad Name: folder name "Bad Name" is not a safe slug — rename it with lower-case letters, digits, '.', '_' and '-' only, starting with a letter or digit, at most 64 characters (e.g. acme-chat-7b)`,
		"results/nope: no such folder — give the path of a submission folder such as results/<model-id>",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestJSONSchemaIsStable(t *testing.T) {
	root := t.TempDir()
	folder(t, filepath.Join(root, "results", "a"), map[string]string{"metadata.yaml": goodMeta, "responses.jsonl": record("c-1", "j1", "j2") + "\n"})
	rep, _ := findings(t, root, "a")
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rep); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	keys := func(m map[string]any) string {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return fmt.Sprint(ks)
	}
	sub := doc["submissions"].([]any)[0].(map[string]any)
	f := sub["findings"].([]any)[0].(map[string]any)
	res := sub["results"].([]any)[0].(map[string]any)
	got := []string{keys(doc), keys(sub), keys(f), keys(res), keys(res["scores"].(map[string]any)["strict"].(map[string]any))}
	want := []string{
		"[benchmarks board errors schema submissions valid warnings]",
		"[dir errors findings id kind name results valid warnings]",
		"[code field file fix message severity]",
		"[benchmark kind scores summary]",
		"[compliant correct multi of rank single]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON keys (-want +got):\n%s", diff)
	}
	if doc["schema"] != Schema {
		t.Errorf("schema = %v, want %s", doc["schema"], Schema)
	}
}
