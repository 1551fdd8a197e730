package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// The broken-input table: every way a submission can be wrong, run through
// both `sciif validate` and `sciif build`. The two must agree (validate
// accepts exactly what build builds), a refused submission must be named
// with file, line and field, the previous site must survive a failed build,
// and --skip-invalid must build the rest.

const brokenItems = `{"id": "c-1", "subject": "Chemistry", "question": "Q1", "constraints": ["units_standard"], "reference": {"answer": "1 J"}}
{"id": "c-2", "subject": "Physics", "question": "Q2", "constraints": ["units_standard", "variable_naming_consistency"], "reference": {"answer": "2 J"}}
`

const brokenPrompts = `{"key": 1, "prompt": "Write in lowercase.", "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]}
{"key": 2, "prompt": "Say hi without commas.", "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}
`

func brokenMeta(name string) string {
	return "name: " + name + "\norganization: Org\nopen_weights: true\ndate: 2026-01-02\njudges: [j1, j2]\n"
}

// brokenRecord is one responses.jsonl line for id in which judges j1 and j2
// say YES to everything, as a map that cases may change before encoding.
func brokenRecord(id string) map[string]any {
	cons := map[string]any{"units_standard": "POINT_1: YES\nPOINT_2: YES\nPOINT_3: YES"}
	if id == "c-2" {
		cons["variable_naming_consistency"] = "POINT_1: YES\nPOINT_2: YES"
	}
	judge := func() map[string]any {
		return map[string]any{"correctness": "CORRECT: YES", "constraints": cloneMap(cons)}
	}
	return map[string]any{"id": id, "response": "The answer is " + id, "judges": map[string]any{"j1": judge(), "j2": judge()}}
}

func cloneMap(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func jsonl(recs ...map[string]any) string {
	var b strings.Builder
	for _, r := range recs {
		data, _ := json.Marshal(r)
		b.Write(data)
		b.WriteByte('\n')
	}
	return b.String()
}

var goodRecords = jsonl(brokenRecord("c-1"), brokenRecord("c-2"))

func judgeOf(r map[string]any, j string) map[string]any {
	return r["judges"].(map[string]any)[j].(map[string]any)
}

type brokenCase struct {
	name string
	// files are written into results/m; setup may change the folder after.
	files map[string]string
	setup func(t *testing.T, dir string)
	// accepted: validate accepts and build builds (perhaps with warnings).
	accepted bool
	// clash: the problem is a clash with the good submission, so
	// --skip-invalid leaves both out (it cannot tell which is meant).
	clash bool
	// want must appear in validate's output and, when refused, in build's
	// errors: file:line: field: message.
	want string
	// dir is the submission's folder under results/, "m" unless set.
	dir string
	// validate is the path given to sciif validate: the submission's
	// folder unless set.
	validate string
}

func withFiles(extra map[string]string) map[string]string {
	f := map[string]string{"metadata.yaml": brokenMeta("Model M"), "responses.jsonl": goodRecords}
	for k, v := range extra {
		if v == "\x00delete" {
			delete(f, k)
			continue
		}
		f[k] = v
	}
	return f
}

func brokenCases() []brokenCase {
	rec := func(change func(r map[string]any)) string {
		r := brokenRecord("c-2")
		change(r)
		return jsonl(brokenRecord("c-1"), r)
	}
	link := func(target, name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, name))
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	fifo := func(name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, name))
			if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	folderAt := func(name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, name))
			if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	sparse := func(name string, size int64) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, name), size); err != nil {
				t.Fatal(err)
			}
		}
	}
	// outside moves the submission out of results/ and leaves a link to it
	// (to the folder, or to one of its files) in its place.
	outside := func(file string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			moved := filepath.Join(t.TempDir(), "m")
			if err := os.Rename(dir, moved); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(moved, file), dir); err != nil {
				t.Fatal(err)
			}
		}
	}
	fifoFolder := func(t *testing.T, dir string) {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(dir, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	named := func(name string) map[string]string {
		return withFiles(map[string]string{"metadata.yaml": brokenMeta(name)})
	}
	big := strings.Repeat("x", 300<<10)
	return []brokenCase{
		// The folder and its files.
		{name: "responses link to a system file", files: withFiles(nil), setup: link("/etc/passwd", "responses.jsonl"), want: "results/m/responses.jsonl: symbolic link"},
		{name: "metadata link to /dev/zero", files: withFiles(nil), setup: link("/dev/zero", "metadata.yaml"), want: "results/m/metadata.yaml: symbolic link"},
		{name: "ifeval link", files: withFiles(map[string]string{"ifeval.jsonl": "{}\n"}), setup: link("../good/ifeval.jsonl", "ifeval.jsonl"), want: "results/m/ifeval.jsonl: symbolic link"},
		{name: "responses FIFO", files: withFiles(nil), setup: fifo("responses.jsonl"), want: "results/m/responses.jsonl: is a named pipe (FIFO), not a regular file"},
		{name: "metadata FIFO", files: withFiles(nil), setup: fifo("metadata.yaml"), want: "results/m/metadata.yaml: is a named pipe (FIFO), not a regular file"},
		{name: "ifeval FIFO", files: withFiles(nil), setup: fifo("ifeval.jsonl"), want: "results/m/ifeval.jsonl: is a named pipe (FIFO), not a regular file"},
		{name: "folder in place of responses", files: withFiles(nil), setup: folderAt("responses.jsonl"), want: "results/m/responses.jsonl: unexpected folder"},
		{name: "folder in place of metadata", files: withFiles(nil), setup: folderAt("metadata.yaml"), want: "results/m/metadata.yaml: unexpected folder"},
		{name: "unexpected file", files: withFiles(map[string]string{"notes.txt": "hi"}), want: "results/m/notes.txt: unexpected file"},
		{name: "unexpected folder", files: withFiles(nil), setup: folderAt("raw"), want: "results/m/raw: unexpected folder"},
		{name: "empty responses", files: withFiles(map[string]string{"responses.jsonl": ""}), want: "results/m/responses.jsonl: empty file"},
		{name: "empty metadata", files: withFiles(map[string]string{"metadata.yaml": ""}), want: "results/m/metadata.yaml: empty file"},
		{name: "model name too long", files: withFiles(map[string]string{"metadata.yaml": brokenMeta(strings.Repeat("N", 81))}), want: "results/m/metadata.yaml:1: name: is 81 characters long, longer than the 80 allowed"},
		{name: "organization placeholder left", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "organization: Org", `organization: "<who trained the model>"`, 1)}), want: `results/m/metadata.yaml:2: organization: "<who trained the model>" is the template's placeholder`},
		{name: "params placeholder left", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "params: <7B>\n"}), want: `results/m/metadata.yaml:6: params: "<7B>" is the template's placeholder`},
		{name: "metadata over its limit", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "notes: \"" + strings.Repeat("n", 70<<10) + "\"\n"}), want: "results/m/metadata.yaml: file is 70 KiB, larger than the 64 KiB limit"},
		{name: "sparse 2 GiB responses", files: withFiles(nil), setup: sparse("responses.jsonl", 2<<30), want: "results/m/responses.jsonl: file is 2.0 GiB, larger than the 1.0 GiB limit"},
		{name: "sparse 2 GiB ifeval", files: withFiles(map[string]string{"ifeval.jsonl": "{}"}), setup: sparse("ifeval.jsonl", 2<<30), want: "results/m/ifeval.jsonl: file is 2.0 GiB, larger than the 1.0 GiB limit"},
		{name: "reported beside metadata", files: withFiles(map[string]string{"reported.yaml": "model: {name: X}\n"}), want: "results/m/reported.yaml: a folder holds either a rescored submission or reported figures, not both"},
		{name: "responses beside reported", files: map[string]string{"reported.yaml": "model: {name: X, organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: 2.1\n", "responses.jsonl": goodRecords}, want: "results/m/responses.jsonl: responses beside reported.yaml are not scored"},
		{name: "no metadata", files: withFiles(map[string]string{"metadata.yaml": "\x00delete"}), want: "results/m/metadata.yaml: missing metadata.yaml"},
		{name: "no result file", files: withFiles(map[string]string{"responses.jsonl": "\x00delete"}), want: "results/m: no results: a submission holds one result file per benchmark it answers (ifeval.jsonl, responses.jsonl)"},
		{name: "submission folder a link", files: withFiles(nil), setup: outside(""), want: "results/m: is a symbolic link; links are never followed"},
		{name: "submission a link to a file", files: withFiles(nil), setup: outside("metadata.yaml"), want: "results/m: is a symbolic link; links are never followed"},
		{name: "results folder holding a link", files: withFiles(nil), setup: outside(""), validate: "results", want: "results/m: is a symbolic link; links are never followed"},
		{name: "results folder holding a FIFO", files: withFiles(nil), setup: fifoFolder, validate: "results", want: "results/m: not a folder"},
		{name: "model id a Windows device", dir: "con", files: withFiles(nil), want: `results/con: folder name "con" cannot be checked out on Windows`},
		{name: "model id a Windows device with an extension", dir: "nul.v2", files: withFiles(nil), want: `results/nul.v2: folder name "nul.v2" cannot be checked out on Windows`},
		{name: "model id a Windows port", dir: "lpt9", files: withFiles(nil), want: `results/lpt9: folder name "lpt9" cannot be checked out on Windows`},
		{name: "model id ending with a dot", dir: "acme-7b.", files: withFiles(nil), want: `results/acme-7b.: folder name "acme-7b." cannot be checked out on Windows`},
		{name: "README over its limit", files: withFiles(map[string]string{"README.md": strings.Repeat("r", 300<<10)}), want: "results/m/README.md: file is 300 KiB, larger than the 256 KiB limit"},
		{name: "declared tokens negative", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "tokens:\n  sciif: {prompt: -5, completion: 10}\n"}), want: "results/m/metadata.yaml:7: tokens.sciif.prompt: want a whole number of tokens from 0 to 1000000000000000, got \"-5\""},
		{name: "declared tokens a fraction", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "tokens:\n  sciif:\n    completion: 1.5\n"}), want: "results/m/metadata.yaml:8: tokens.sciif.completion: want a whole number of tokens"},
		{name: "declared tokens", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "tokens:\n  sciif: {prompt: 1200, completion: 340}\n"}), accepted: true},
		{name: "run.json not a record", files: withFiles(map[string]string{"run.json": "[1, 2]\n"}), accepted: true, want: "results/m/run.json: warning: want one JSON object, the record sciif run writes"},
		{name: "run.json beside reported", files: map[string]string{"reported.yaml": "model: {name: X, organization: Y}\ncitation: {title: T, authors: A}\npolicy: strict\ncompliance: 2.1\n", "run.json": "{}\n"}, want: "results/m/run.json: responses beside reported.yaml are not scored"},
		{name: "run.json over its limit", files: withFiles(map[string]string{"run.json": strings.Repeat(" ", 70<<10) + "{}"}), want: "results/m/run.json: file is 70 KiB, larger than the 64 KiB limit"},

		// metadata.yaml.
		{name: "metadata byte-order mark", files: withFiles(map[string]string{"metadata.yaml": "\ufeff" + brokenMeta("Model M")}), want: "results/m/metadata.yaml:1: starts with a byte-order mark"},
		{name: "metadata unknown field", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "licence: mit\n"}), want: "results/m/metadata.yaml:6: licence: unknown field"},
		{name: "metadata without name", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "name: Model M\n", "", 1)}), want: "results/m/metadata.yaml: name: required field missing"},
		{name: "metadata open_weights yes", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "true", "yes", 1)}), want: `results/m/metadata.yaml:3: open_weights: want true or false, got "yes"`},
		{name: "metadata bad date", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "2026-01-02", "2026-02-30", 1)}), want: `results/m/metadata.yaml:4: date: "2026-02-30" is not a date`},
		{name: "metadata no judges", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "[j1, j2]", "[]", 1)}), want: "results/m/metadata.yaml:5: judges: empty list of judges"},
		{name: "metadata field twice", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "name: Model N\n"}), want: "results/m/metadata.yaml:6: "},
		{name: "metadata script link", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "link: javascript:alert(1)\n"}), want: `results/m/metadata.yaml:6: link: "javascript:alert(1)" is not an http or https URL`},
		{name: "metadata invalid UTF-8", files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model \xff")}), want: "results/m/metadata.yaml: invalid UTF-8"},
		{name: "metadata a list", files: withFiles(map[string]string{"metadata.yaml": "- name\n- org\n"}), want: "results/m/metadata.yaml: want one YAML mapping"},
		{name: "model name taken", clash: true, files: withFiles(map[string]string{"metadata.yaml": brokenMeta("good   MODEL")}), want: `results/m/metadata.yaml:1: name: model name "good   MODEL" is also claimed by results/good`},
		{name: "model name with a Cyrillic look-alike", clash: true, files: named("Gооd Model"), want: `results/m/metadata.yaml:1: name: model name "Gооd Model" is also claimed by results/good`},
		{name: "model name with a Greek look-alike", clash: true, files: named("Good Μοdel"), want: `results/m/metadata.yaml:1: name: model name "Good Μοdel" is also claimed by results/good`},
		{name: "model name in full-width letters", clash: true, files: named("Ｇｏｏｄ Model"), want: `results/m/metadata.yaml:1: name: model name "Ｇｏｏｄ Model" is also claimed by results/good`},
		{name: "model name with a zero-width space", files: named("Model\u200bM"), want: `results/m/metadata.yaml:1: name: holds an invisible format character (U+200B)`},
		{name: "model name with a right-to-left override", files: named(`"Model \u202eM"`), want: `results/m/metadata.yaml:1: name: holds a bidirectional control character (U+202E)`},
		{name: "model name with NUL", files: named(`"Model\0M"`), want: `results/m/metadata.yaml:1: name: holds a control character (U+0000)`},
		{name: "model name with a newline", files: named(`"Model\nM"`), want: `results/m/metadata.yaml:1: name: holds a control character (U+000A)`},
		{name: "model name with a no-break space", files: named("Model\u00a0M"), want: `results/m/metadata.yaml:1: name: holds a space other than the plain space (U+00A0)`},
		{name: "model name with a hangul filler", files: named("Model M\u3164"), want: `results/m/metadata.yaml:1: name: holds an invisible character (U+3164)`},
		{name: "judge listed twice", files: withFiles(map[string]string{"metadata.yaml": strings.Replace(brokenMeta("Model M"), "[j1, j2]", "[j1, j1]", 1)}), want: `results/m/metadata.yaml:5: judges: judge "j1" listed twice`},

		// responses.jsonl records.
		{name: "truncated last line", files: withFiles(map[string]string{"responses.jsonl": goodRecords[:len(goodRecords)-20]}), want: "results/m/responses.jsonl:2: column"},
		{name: "JSON array", files: withFiles(map[string]string{"responses.jsonl": "[" + strings.TrimSpace(strings.ReplaceAll(goodRecords, "\n", ",")) + "]\n"}), want: "results/m/responses.jsonl:1: a JSON array, not one JSON object per line"},
		{name: "number for response", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["response"] = 42 })}), want: "results/m/responses.jsonl:2: item c-2: response: column"},
		{name: "duplicate key", files: withFiles(map[string]string{"responses.jsonl": strings.Replace(goodRecords, `{"id":"c-2",`, `{"id":"c-2","id":"c-2",`, 1)}), want: "results/m/responses.jsonl:2: id: duplicate key"},
		{name: "escaped duplicate key", files: withFiles(map[string]string{"responses.jsonl": strings.Replace(goodRecords, `{"id":"c-2",`, `{"id":"c-2","respons\u0065":"x",`, 1)}), want: "results/m/responses.jsonl:2: response: duplicate key"},
		{name: "unknown record field", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["usage"] = 3 })}), want: "results/m/responses.jsonl:2: usage: unknown field"},
		{name: "null response", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["response"] = nil })}), want: "results/m/responses.jsonl:2: item c-2: response: null"},
		{name: "missing response", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { delete(r, "response") })}), want: "results/m/responses.jsonl:2: item c-2: response: missing field"},
		{name: "missing id", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { delete(r, "id") })}), want: "results/m/responses.jsonl:2: id: missing item id"},
		{name: "unknown item", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["id"] = "p-9" })}), want: `results/m/responses.jsonl:2: id: unknown item id "p-9"`},
		{name: "item twice", files: withFiles(map[string]string{"responses.jsonl": goodRecords + jsonl(brokenRecord("c-1"))}), want: `results/m/responses.jsonl:3: id: duplicate item id "c-1" (first on line 1)`},
		{name: "invalid UTF-8 line", files: withFiles(map[string]string{"responses.jsonl": goodRecords + "{\"id\": \"\xff\"}\n"}), want: "results/m/responses.jsonl:3: invalid UTF-8"},
		{name: "line over its limit", files: withFiles(map[string]string{"responses.jsonl": goodRecords + `{"id": "c-1", "response": "`}), setup: func(t *testing.T, dir string) { sparse("responses.jsonl", 6<<20)(t, dir) }, want: "results/m/responses.jsonl:3: line longer than 4 MiB"},
		{name: "response over its limit", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["response"] = big })}), want: "results/m/responses.jsonl:2: item c-2: response: answer is 300 KiB, longer than the 256 KiB limit"},
		{name: "judge output over its limit", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { judgeOf(r, "j1")["correctness"] = big[:100<<10] })}), want: "results/m/responses.jsonl:2: item c-2: judges.j1.correctness: judge output is 100 KiB, longer than the 64 KiB limit"},
		{name: "judges not an object", files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["judges"] = "yes" })}), want: "results/m/responses.jsonl:2: item c-2: judges: column"},
		{name: "two values on a line", files: withFiles(map[string]string{"responses.jsonl": strings.Replace(goodRecords, "\n", " {}\n", 1)}), want: "results/m/responses.jsonl:1: column"},
		{name: "not JSON", files: withFiles(map[string]string{"responses.jsonl": goodRecords + "id: c-1\n"}), want: "results/m/responses.jsonl:3: not a JSON object"},

		// Accepted with warnings: the build scores these as the protocol says.
		{name: "judge missing", accepted: true, files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { delete(r["judges"].(map[string]any), "j2") })}), want: "results/m/responses.jsonl:2: item c-2: judge j2: warning: no output from this judge (counts as NO)"},
		{name: "audit missing", accepted: true, files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) {
			delete(judgeOf(r, "j1")["constraints"].(map[string]any), "variable_naming_consistency")
		})}), want: "results/m/responses.jsonl:2: item c-2: constraint variable_naming_consistency: judge j1: warning: no audit of this constraint"},
		{name: "correctness without verdict", accepted: true, files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { judgeOf(r, "j1")["correctness"] = "Looks right." })}), want: "results/m/responses.jsonl:2: item c-2: correctness: judge j1: warning: no CORRECT line"},
		{name: "empty response", accepted: true, files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) { r["response"] = "" })}), want: "results/m/responses.jsonl:2: item c-2: warning: empty response"},
		{name: "incomplete", accepted: true, files: withFiles(map[string]string{"responses.jsonl": jsonl(brokenRecord("c-1"))}), want: "results/m/responses.jsonl: id: warning: incomplete: 1 of 2 items have no record (scored as incorrect and non-compliant): [c-2]"},
		{name: "judge not in metadata", accepted: true, files: withFiles(map[string]string{"responses.jsonl": rec(func(r map[string]any) {
			r["judges"].(map[string]any)["j3"] = judgeOf(r, "j1")
		})}), want: "results/m/responses.jsonl:2: item c-2: judge j3: warning: judge not listed in metadata.yaml"},
		{name: "claim off", accepted: true, files: withFiles(map[string]string{"metadata.yaml": brokenMeta("Model M") + "claimed:\n  strict: {correct: 0.5}\n"}), want: "results/m/metadata.yaml: claimed.strict.correct: warning: claimed 0.5000 but rescored 1.0000"},
		{name: "model name in another script", accepted: true, files: named("Модель M"), want: "results/m: valid"},
		{name: "BOM and CRLF in responses", accepted: true, files: withFiles(map[string]string{"responses.jsonl": "\ufeff" + strings.ReplaceAll(goodRecords, "\n", "\r\n")}), want: "results/m: valid"},
		{name: "audit of a constraint not enabled", accepted: true, files: withFiles(map[string]string{"responses.jsonl": jsonl(func() map[string]any {
			r := brokenRecord("c-1")
			judgeOf(r, "j1")["constraints"].(map[string]any)["numerical_methods"] = "POINT_1: YES"
			return r
		}(), brokenRecord("c-2"))}), want: "results/m/responses.jsonl:1: item c-1: constraint numerical_methods: judge j1: warning: constraint not enabled for this item"},

		// ifeval.jsonl.
		{name: "ifeval prompt not in the benchmark", files: withFiles(map[string]string{"ifeval.jsonl": `{"prompt": "Write in lowercase.", "response": "ok"}` + "\n" + `{"prompt": "Another prompt", "response": "x"}` + "\n"}), want: `results/m/ifeval.jsonl:2: prompt: unknown prompt "Another prompt" (not in ifeval)`},
		{name: "ifeval unknown field", files: withFiles(map[string]string{"ifeval.jsonl": `{"prompt": "Write in lowercase.", "response": "ok", "key": 1}` + "\n"}), want: "results/m/ifeval.jsonl:1: key: unknown field"},
		{name: "ifeval null response", files: withFiles(map[string]string{"ifeval.jsonl": `{"prompt": "Write in lowercase.", "response": null}` + "\n"}), want: "results/m/ifeval.jsonl:1: response: null"},
		{name: "ifeval not JSON", files: withFiles(map[string]string{"ifeval.jsonl": "prompt, response\n"}), want: "results/m/ifeval.jsonl:1: not a JSON object"},
		{name: "ifeval response over its limit", files: withFiles(map[string]string{"ifeval.jsonl": fmt.Sprintf(`{"prompt": "Write in lowercase.", "response": %q}`, big) + "\n"}), want: "results/m/ifeval.jsonl:1: response: answer is 300 KiB"},
		{name: "ifeval answering some prompts", accepted: true, files: withFiles(map[string]string{"ifeval.jsonl": `{"prompt": "Write in lowercase.", "response": "all lowercase"}` + "\n"}), want: "results/m: valid"},
	}
}

// brokenRoot lays out a repository with a tiny benchmark, one good
// submission and an IFEval prompt set, and returns its path.
func brokenRoot(t *testing.T) string {
	root := t.TempDir()
	for path, data := range map[string]string{
		"benchmarks/sciif/items.jsonl":       brokenItems,
		"benchmarks/ifeval/input_data.jsonl": brokenPrompts,
		"benchmarks/ifeval/benchmark.yaml":   "kind: ifeval\ntitle: IFEval\n",
		"results/good/metadata.yaml":         brokenMeta("Good Model"),
		"results/good/responses.jsonl":       goodRecords,
		"results/good/ifeval.jsonl":          `{"prompt": "Write in lowercase.", "response": "fine"}` + "\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func runIn(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestBrokenInputsValidateAgreesWithBuild(t *testing.T) {
	cases := brokenCases()
	if len(cases) < 60 {
		t.Fatalf("the table has %d cases; it is meant to cover at least 60", len(cases))
	}
	if testing.Short() {
		t.Skip("end-to-end: builds and validates a whole repository per case")
	}
	common := []string{"--results", "results"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := brokenRoot(t)
			t.Chdir(root)
			if code, _, stderr := runIn(t, append([]string{"build", "--out", "site"}, common...)...); code != 0 {
				t.Fatalf("the good board does not build: %s", stderr)
			}
			before := readTree(t, "site")
			dir := filepath.Join("results", cmp.Or(tc.dir, "m"))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			for name, data := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tc.setup != nil {
				tc.setup(t, dir)
			}

			vcode, vout, verr := runIn(t, append([]string{"validate"}, append(common, cmp.Or(tc.validate, dir))...)...)
			bcode, _, berr := runIn(t, append([]string{"build", "--out", "site"}, common...)...)
			if (vcode == 0) != (bcode == 0) {
				t.Fatalf("validate exited %d and build %d: they must agree\nvalidate:\n%s%s\nbuild:\n%s", vcode, bcode, vout, verr, berr)
			}
			if (vcode == 0) != tc.accepted {
				t.Fatalf("validate exited %d, want accepted=%v:\n%s%s", vcode, tc.accepted, vout, verr)
			}
			if !strings.Contains(vout, tc.want) {
				t.Errorf("validate does not say %q:\n%s%s", tc.want, vout, verr)
			}
			if strings.Contains(vout+verr+berr, "panic") {
				t.Errorf("a panic:\n%s%s%s", vout, verr, berr)
			}
			if tc.accepted {
				return
			}
			if !strings.Contains(berr, tc.want) {
				t.Errorf("build does not say %q:\n%s", tc.want, berr)
			}
			after := readTree(t, "site")
			if len(after) != len(before) {
				t.Errorf("a failed build changed the previous site: %d files, was %d", len(after), len(before))
			}
			for name, data := range before {
				if !bytes.Equal(data, after[name]) {
					t.Errorf("a failed build changed %s", name)
				}
			}
			code, _, serr := runIn(t, append([]string{"build", "--out", "site", "--skip-invalid"}, common...)...)
			if code != 0 {
				t.Fatalf("--skip-invalid failed: %s", serr)
			}
			if !strings.Contains(serr, "left out the submissions") {
				t.Errorf("--skip-invalid does not say what it left out:\n%s", serr)
			}
			scores, err := os.ReadFile(filepath.Join("site", "scores.json"))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(scores, []byte(`"Model M"`)) || bytes.Contains(scores, []byte(`"Good Model"`)) == tc.clash {
				t.Errorf("--skip-invalid: the site must show the good model and not the invalid one")
			}
		})
	}
}

// TestMaximalAnswerIsBounded builds a board whose answers are as long as
// validation allows and made of what costs most to render (autolinks): the
// problem page stays small, and the whole answers are in the model's
// download.
func TestMaximalAnswerIsBounded(t *testing.T) {
	root := brokenRoot(t)
	t.Chdir(root)
	long := strings.Repeat("www.x.y ", ingest.MaxResponse/8)
	recs := []map[string]any{brokenRecord("c-1"), brokenRecord("c-2")}
	for _, r := range recs {
		r["response"] = long
	}
	dir := filepath.Join("results", "m")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "metadata.yaml"), []byte(brokenMeta("Model M")), 0o644)
	os.WriteFile(filepath.Join(dir, "responses.jsonl"), []byte(jsonl(recs...)), 0o644)
	common := []string{"--results", "results"}
	if code, out, errs := runIn(t, append([]string{"validate"}, append(common, dir)...)...); code != 0 {
		t.Fatalf("a maximal answer must validate: %s%s", out, errs)
	}
	if code, _, errs := runIn(t, append([]string{"build", "--out", "site"}, common...)...); code != 0 {
		t.Fatalf("build: %s", errs)
	}
	site := readTree(t, "site")
	for _, page := range []string{"problems/c-1.html", "problems/c-2.html", "models/m/chemistry.html", "models/m/physics.html"} {
		data, ok := site[page]
		if !ok {
			t.Fatalf("no %s", page)
		}
		// Each answer is shown up to render.ShownAnswer: a page is bounded
		// by the shown part, not by the answer.
		if len(data) > 1<<20 {
			t.Errorf("%s is %d bytes; a page must stay under 1 MiB whatever the answers", page, len(data))
		}
		if strings.HasPrefix(page, "models/") && !bytes.Contains(data, []byte("Shortened: the first")) {
			t.Errorf("%s does not say the answer is shortened", page)
		}
	}
	var lines []struct{ Benchmark, ID, Response string }
	for _, l := range strings.Split(strings.TrimSpace(string(site["answers/m.jsonl"])), "\n") {
		var a struct{ Benchmark, ID, Response string }
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("answers/m.jsonl: %v", err)
		}
		lines = append(lines, a)
	}
	if len(lines) != 2 || lines[0].ID != "c-1" || lines[1].Response != long {
		t.Errorf("answers/m.jsonl must hold both whole answers, got %d lines", len(lines))
	}
}

// TestRubricTaskIDsNamingPagesRefusedAlike: a rubric task's page is
// <task id>.html beside the board's own pages, so a task id naming one of
// them, or differing from another only in case (the same file on a
// case-insensitive file system), is refused where the benchmark is read,
// by validate and build alike, with its file, line and field.
func TestRubricTaskIDsNamingPagesRefusedAlike(t *testing.T) {
	task := func(id string) string {
		return fmt.Sprintf(`{"id": %q, "prompt": "p", "criteria": [{"id": "c1", "text": "x", "category": "primary"}]}`, id) + "\n"
	}
	for _, tc := range []struct {
		name string
		ids  []string
		want string
	}{
		{"index page", []string{"t1", "index"}, `benchmarks/r/items.jsonl:2: item index: id: task id "index" names the board's own page index.html`},
		{"cases page", []string{"cases", "t1"}, `benchmarks/r/items.jsonl:1: item cases: id: task id "cases" names the board's own page cases.html`},
		{"index page in capitals", []string{"INDEX"}, `benchmarks/r/items.jsonl:1: item INDEX: id: task id "INDEX" names the board's own page index.html`},
		{"leaderboard download", []string{"Leaderboard"}, `benchmarks/r/items.jsonl:1: item Leaderboard: id: task id "Leaderboard" names the board's own page leaderboard.csv`},
		{"ids differing in case", []string{"Task-1", "t2", "task-1"}, `benchmarks/r/items.jsonl:3: item task-1: id: task id "task-1" differs from "Task-1" (line 1) only in case`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := brokenRoot(t)
			var items, answers strings.Builder
			for _, id := range tc.ids {
				items.WriteString(task(id))
				fmt.Fprintf(&answers, `{"id": %q, "response": "r", "judges": {"j1": "c1: YES", "j2": "c1: YES"}}`+"\n", id)
			}
			writeTree(t, root, map[string]string{
				"benchmarks/r/benchmark.yaml": "kind: rubric\ntitle: R\nalpha: 1\nbeta: 1\n",
				"benchmarks/r/items.jsonl":    items.String(),
				"results/good/r.jsonl":        answers.String(),
			})
			t.Chdir(root)
			vcode, vout, verr := runIn(t, "validate", "--results", "results", filepath.Join("results", "good"))
			bcode, _, berr := runIn(t, "build", "--out", "site", "--results", "results")
			if vcode != 1 || bcode != 1 {
				t.Fatalf("validate exited %d and build %d, want 1 and 1:\nvalidate:\n%s%s\nbuild:\n%s", vcode, bcode, vout, verr, berr)
			}
			if !strings.Contains(verr, tc.want) {
				t.Errorf("validate does not say %q:\n%s%s", tc.want, vout, verr)
			}
			if !strings.Contains(berr, tc.want) {
				t.Errorf("build does not say %q:\n%s", tc.want, berr)
			}
		})
	}
}

// TestValidateRefusesLinkedFolder: a path given to validate that is a
// symbolic link is refused as it is, not walked: links are never followed
// in submissions, whether the link stands for a submission or for a
// results folder.
func TestValidateRefusesLinkedFolder(t *testing.T) {
	root := brokenRoot(t)
	t.Chdir(root)
	if err := os.Symlink("results", "board"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("results", "good"), "sub"); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"board", "sub", "board/"} {
		code, out, errs := runIn(t, "validate", "--results", "", arg)
		if code != 1 {
			t.Errorf("validate %s exited %d, want 1:\n%s%s", arg, code, out, errs)
		}
		want := filepath.Clean(arg) + ": is a symbolic link; links are never followed"
		if !strings.Contains(out, want) {
			t.Errorf("validate %s does not say %q:\n%s%s", arg, want, out, errs)
		}
		if strings.Contains(out, "good") {
			t.Errorf("validate %s walked the link:\n%s", arg, out)
		}
	}
}
