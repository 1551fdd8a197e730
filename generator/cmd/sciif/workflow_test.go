package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The pull-request check must refuse what the build refuses, for every
// kind of benchmark a submission answers. TestWorkflowRefusesWhatBuildRefuses
// runs the validate step of .github/workflows/validate.yml itself, as
// GitHub would, on broken submissions of every kind, beside `sciif build`.

// repoDir is the repository root, seen from this package's directory.
var repoDir = filepath.Join("..", "..", "..")

// workflowStep returns the run: script of the step called name in the
// workflow file.
func workflowStep(t *testing.T, file, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, ".github", "workflows", file))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Jobs map[string]struct {
			Steps []struct {
				Name string `yaml:"name"`
				Run  string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatal(err)
	}
	for _, job := range wf.Jobs {
		for _, s := range job.Steps {
			if s.Name == name {
				return s.Run
			}
		}
	}
	t.Fatalf("%s has no step %q", file, name)
	return ""
}

// sciifWrapper writes an executable that runs this test binary as sciif
// (TestMain runs the arguments it finds in SCIIF_TEST_ARGS) and returns
// its path.
func sciifWrapper(t *testing.T, dir string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "sciif")
	script := "#!/usr/bin/env bash\nIFS=$'\\x1f'\nSCIIF_TEST_ARGS=\"$*\" exec " + shellQuote(self) + "\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// workflowBenchmarks are the repository's benchmarks the test uses, one or
// more of each kind; the large official prompt sets are left out to keep
// the test quick (their kind is the demo sets' kind).
var workflowBenchmarks = []string{"sciif", "ifeval-demo", "ifbench-demo", "complex-if-demo", "sciverify-demo"}

// workflowFiles are the result files of workflowBenchmarks but SciIF's
// (responses.jsonl): the test copies only these of the demo submission,
// so a result file the demo gains for another benchmark changes nothing.
func workflowFiles() []string {
	var out []string
	for _, b := range workflowBenchmarks[1:] {
		out = append(out, b+".jsonl")
	}
	return out
}

// workflowCase is one submission: the demo model's files with one file
// changed by edit.
type workflowCase struct {
	name string
	file string
	edit func(lines []string) []string
	// want is what both validate and build must say; empty for a valid
	// submission.
	want string
}

func addLine(line string) func([]string) []string {
	return func(lines []string) []string { return append(lines, line) }
}

func duplicateFirst(lines []string) []string { return append(lines, lines[0]) }

// editFirst decodes the first line as a JSON object, lets f change it and
// encodes it back.
func editFirst(f func(m map[string]any)) func([]string) []string {
	return func(lines []string) []string {
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[0]), &m); err != nil {
			panic(err)
		}
		f(m)
		data, err := json.Marshal(m)
		if err != nil {
			panic(err)
		}
		out := append([]string(nil), lines...)
		out[0] = string(data)
		return out
	}
}

func workflowCases() []workflowCase {
	var cases []workflowCase
	for _, f := range append([]string{"responses.jsonl"}, workflowFiles()...) {
		cases = append(cases,
			workflowCase{name: f + " not JSON", file: f, edit: addLine("this is not JSON"), want: "results/m/" + f + ":"},
			workflowCase{name: f + " duplicate record", file: f, edit: duplicateFirst, want: "results/m/" + f + ":"},
			workflowCase{name: f + " unknown field", file: f, edit: editFirst(func(m map[string]any) { m["responce"] = "x" }), want: "results/m/" + f + ":1"},
			workflowCase{name: f + " response not a string", file: f, edit: editFirst(func(m map[string]any) { m["response"] = 7 }), want: "results/m/" + f + ":1"},
			workflowCase{name: f + " truncated last line", file: f, edit: func(l []string) []string {
				out := append([]string(nil), l...)
				last := out[len(out)-1]
				out[len(out)-1] = last[:len(last)/2]
				return out
			}, want: "results/m/" + f + ":"},
		)
	}
	cases = append(cases,
		workflowCase{name: "ifeval-demo.jsonl unknown prompt", file: "ifeval-demo.jsonl", edit: addLine(`{"prompt": "A prompt the benchmark lacks.", "response": "x"}`), want: "results/m/ifeval-demo.jsonl:"},
		workflowCase{name: "ifbench-demo.jsonl unknown prompt", file: "ifbench-demo.jsonl", edit: addLine(`{"prompt": "A prompt the benchmark lacks.", "response": "x"}`), want: "results/m/ifbench-demo.jsonl:"},
		workflowCase{name: "complex-if-demo.jsonl unknown task", file: "complex-if-demo.jsonl", edit: editFirst(func(m map[string]any) { m["id"] = "no-such-task" }), want: "results/m/complex-if-demo.jsonl:1"},
		workflowCase{name: "sciverify-demo.jsonl unknown item", file: "sciverify-demo.jsonl", edit: editFirst(func(m map[string]any) { m["id"] = "no-such-item" }), want: "results/m/sciverify-demo.jsonl:1"},
		workflowCase{name: "sciverify-demo.jsonl output not a string", file: "sciverify-demo.jsonl", edit: editFirst(func(m map[string]any) { m["output"] = true }), want: "results/m/sciverify-demo.jsonl:1"},
		workflowCase{name: "metadata.yaml unknown field", file: "metadata.yaml", edit: addLine("paramz: 7B"), want: "results/m/metadata.yaml:"},
		workflowCase{name: "valid", file: "metadata.yaml", edit: func(l []string) []string { return l }},
	)
	return cases
}

// TestWorkflowRefusesWhatBuildRefuses runs validate.yml's Validate step on
// a submission of every kind broken in one file at a time: the step must
// fail exactly when `sciif build` fails, both naming the file and line.
func TestWorkflowRefusesWhatBuildRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs the workflow's step in bash per case")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("the workflow's step needs bash:", err)
	}
	step := workflowStep(t, "validate.yml", "Validate")
	if !strings.Contains(step, "validate-submissions.sh") {
		t.Fatalf("the Validate step no longer calls validate-submissions.sh; this test runs the step itself and needs updating:\n%s", step)
	}
	repo, err := filepath.Abs(repoDir)
	if err != nil {
		t.Fatal(err)
	}

	// RUNNER_TEMP as the workflow leaves it: the base branch's checkout in
	// base/ (its scripts, and benchmarks the test chooses), sciif, and the
	// changed folders.
	runner := t.TempDir()
	base := filepath.Join(runner, "base")
	for _, b := range workflowBenchmarks {
		if err := os.CopyFS(filepath.Join(base, "benchmarks", b), os.DirFS(filepath.Join(repo, "benchmarks", b))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(filepath.Join(base, ".github"), os.DirFS(filepath.Join(repo, ".github"))); err != nil {
		t.Fatal(err)
	}
	sciif := sciifWrapper(t, runner)
	if err := os.WriteFile(filepath.Join(runner, "changed"), []byte("results/m\x00"), 0o644); err != nil {
		t.Fatal(err)
	}

	demo := filepath.Join(repo, "results", "demo-atlas-70b")
	for _, tc := range workflowCases() {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			m := filepath.Join(root, "results", "m")
			for _, name := range append([]string{"metadata.yaml", "responses.jsonl"}, workflowFiles()...) {
				data, err := os.ReadFile(filepath.Join(demo, name))
				if err != nil {
					t.Fatal(err)
				}
				writeTree(t, m, map[string]string{name: string(data)})
			}
			meta := filepath.Join(m, "metadata.yaml")
			data, err := os.ReadFile(meta)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(meta, bytes.Replace(data, []byte("name: Atlas 70B (demo)"), []byte("name: Model M"), 1), 0o644); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(m, tc.file)
			data, err = os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
			if err := os.WriteFile(p, []byte(strings.Join(tc.edit(lines), "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}

			summary := filepath.Join(t.TempDir(), "summary.md")
			cmd := exec.Command(bash, "-e", "-c", step)
			cmd.Dir = root
			cmd.Env = append(os.Environ(), "RUNNER_TEMP="+runner, "GITHUB_STEP_SUMMARY="+summary)
			vout, verr := cmd.CombinedOutput()

			bcmd := exec.Command(sciif, "build", "--benchmarks", filepath.Join(base, "benchmarks"), "--results", "results", "--out", "site")
			bcmd.Dir = root
			bout, berr := bcmd.CombinedOutput()

			if (verr == nil) != (berr == nil) {
				t.Fatalf("the workflow step and build disagree (step: %v, build: %v)\nstep:\n%s\nbuild:\n%s", verr, berr, vout, bout)
			}
			if tc.want == "" {
				if verr != nil {
					t.Fatalf("a valid submission fails the workflow step: %v\n%s", verr, vout)
				}
				sum, err := os.ReadFile(summary)
				if err != nil || !bytes.Contains(sum, []byte("Model M")) {
					t.Errorf("the job summary does not show the model's scores (err %v):\n%s", err, sum)
				}
				return
			}
			if verr == nil {
				t.Fatalf("the workflow step accepts a broken %s:\n%s", tc.file, vout)
			}
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("the workflow step exited %d, want 1 (invalid input)", code)
			}
			if !strings.Contains(string(vout), tc.want) {
				t.Errorf("the workflow step does not say %q:\n%s", tc.want, vout)
			}
			if !strings.Contains(string(bout), tc.want) {
				t.Errorf("build does not say %q:\n%s", tc.want, bout)
			}
		})
	}
}
