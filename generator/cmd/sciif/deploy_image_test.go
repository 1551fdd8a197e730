//go:build unix

package main

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The workflow that builds and pushes the image, .github/workflows/image.yml,
// is checked against the Dockerfile, the manifests and docs/rewards.md, so
// that none of them can drift from the others: it builds the Dockerfile
// that exists, pushes the image deploy/ runs, with the tags the docs name,
// and only the job that pushes may write packages. GitHub Actions is not
// needed: the workflow is read, not run (workflow_test.go in the validate
// package lints every workflow and checks its pins).

// imageWorkflowFile is the workflow's path in the repository.
const imageWorkflowFile = ".github/workflows/image.yml"

// imageSmokeScript is the script each job of the workflow runs on the image
// it built.
const imageSmokeScript = ".github/scripts/image-smoke.sh"

// ghStep is a workflow step: the fields the checks read.
type ghStep struct {
	Name string            `yaml:"name"`
	ID   string            `yaml:"id"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

// ghJob is a workflow job.
type ghJob struct {
	If          string            `yaml:"if"`
	Permissions map[string]string `yaml:"permissions"`
	Steps       []ghStep          `yaml:"steps"`
}

// imageWorkflow is the decoded image.yml, with its text.
type imageWorkflow struct {
	On struct {
		Push struct {
			Branches []string `yaml:"branches"`
			Tags     []string `yaml:"tags"`
		} `yaml:"push"`
		PullRequest *struct {
			Paths []string `yaml:"paths"`
		} `yaml:"pull_request"`
	} `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Env         map[string]string `yaml:"env"`
	Jobs        map[string]ghJob  `yaml:"jobs"`
	raw         string
}

func readImageWorkflow(t *testing.T) imageWorkflow {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, imageWorkflowFile))
	if err != nil {
		t.Fatal(err)
	}
	var wf imageWorkflow
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("%s: %v", imageWorkflowFile, err)
	}
	wf.raw = string(data)
	return wf
}

// action returns the steps of job that use the action repo (owner/name).
func (j ghJob) action(repo string) []ghStep {
	var out []ghStep
	for _, s := range j.Steps {
		if name, _, _ := strings.Cut(s.Uses, "@"); name == repo {
			out = append(out, s)
		}
	}
	return out
}

// expand replaces ${{ env.NAME }} with the workflow's env.
func (wf imageWorkflow) expand(s string) string {
	return regexp.MustCompile(`\$\{\{\s*env\.(\w+)\s*\}\}`).ReplaceAllStringFunc(s, func(m string) string {
		name := regexp.MustCompile(`env\.(\w+)`).FindStringSubmatch(m)[1]
		return wf.Env[name]
	})
}

// runsOnPullRequest reports whether a job's if: lets it run for a pull
// request: only a condition that names the event and compares it with
// 'push' (or excludes 'pull_request') keeps it out.
func runsOnPullRequest(cond string) bool {
	c := strings.Join(strings.Fields(cond), " ")
	if strings.Contains(c, "github.event_name == 'pull_request'") {
		return true
	}
	return !strings.Contains(c, "github.event_name == 'push'") && !strings.Contains(c, "github.event_name != 'pull_request'")
}

// TestImageWorkflowBuildsAndPushes reads image.yml: triggered by pull
// requests, pushes to main and version tags; a read-only token except on
// the one job that pushes, which cannot run for a pull request and writes
// packages and nothing else; every build of the repository's Dockerfile
// from the repository's root; the pull-request build pushes nothing; the
// push goes to the image deploy/ runs, tagged latest on main, with the
// commit SHA and with the version tag, after a login to that registry with
// GITHUB_TOKEN; each build is followed by the smoke test on what it built.
func TestImageWorkflowBuildsAndPushes(t *testing.T) {
	wf := readImageWorkflow(t)
	if !slices.Contains(wf.On.Push.Branches, "main") || !slices.Contains(wf.On.Push.Tags, "v*") {
		t.Errorf("on.push: branches %q, tags %q; want main and v*", wf.On.Push.Branches, wf.On.Push.Tags)
	}
	if wf.On.PullRequest == nil {
		t.Error("on: no pull_request: a change that breaks the image would be found only after the merge")
	}
	if len(wf.Permissions) != 1 || wf.Permissions["contents"] != "read" {
		t.Errorf("top-level permissions %v, want only contents: read", wf.Permissions)
	}

	df := readDockerfile(t)
	m := readManifests(t)
	image, _, _ := strings.Cut(m.container(t).Image, ":")
	if image != deployImage {
		t.Fatalf("deploy/ runs %s, the tests expect %s", image, deployImage)
	}
	var pushers, pushJobs []string
	for name, job := range wf.Jobs {
		for scope, level := range job.Permissions {
			if level != "read" && level != "none" && !(scope == "packages" && level == "write") {
				t.Errorf("job %s: permissions %s: %s; only packages may be written", name, scope, level)
			}
		}
		writes := job.Permissions["packages"] == "write"
		if writes {
			pushers = append(pushers, name)
			if runsOnPullRequest(job.If) {
				t.Errorf("job %s writes packages and may run for a pull request (if: %q)", name, job.If)
			}
		}
		builds := job.action("docker/build-push-action")
		if len(builds) == 0 && writes {
			t.Errorf("job %s writes packages but builds nothing", name)
		}
		for _, b := range builds {
			if b.With["file"] != "Dockerfile" || b.With["context"] != "." {
				t.Errorf("job %s builds file %q in context %q, want the repository's Dockerfile in .", name, b.With["file"], b.With["context"])
			}
			push, _ := strconv.ParseBool(b.With["push"])
			if push {
				pushJobs = append(pushJobs, name)
				if !writes {
					t.Errorf("job %s pushes without packages: write", name)
				}
				checkImageTags(t, wf, name, job, b)
			} else if !runsOnPullRequest(job.If) {
				t.Errorf("job %s builds without pushing and does not run for pull requests (if: %q)", name, job.If)
			}
			checkSmokeAfter(t, name, job, b)
		}
	}
	if len(pushers) != 1 || len(pushJobs) != 1 || pushers[0] != pushJobs[0] {
		t.Errorf("jobs with packages: write %q, jobs that push %q: want one, the same", pushers, pushJobs)
	}

	// The pull-request trigger covers every input of the image.
	if wf.On.PullRequest != nil {
		inputs := []string{"Dockerfile", ".dockerignore", imageWorkflowFile, imageSmokeScript}
		for _, st := range df.stages {
			for _, c := range copies(t, st) {
				if c.from == "" {
					inputs = append(inputs, c.srcs...)
				}
			}
		}
		for _, in := range inputs {
			in = path.Clean(strings.TrimSuffix(in, "/"))
			if !slices.ContainsFunc(wf.On.PullRequest.Paths, func(p string) bool {
				return p == in || strings.HasPrefix(in+"/", strings.TrimSuffix(p, "**"))
			}) {
				t.Errorf("on.pull_request.paths %q: a change to %s, an input of the image or of its check, builds nothing", wf.On.PullRequest.Paths, in)
			}
		}
	}
	if got := regexp.MustCompile(`secrets\.(\w+)`).FindAllStringSubmatch(wf.raw, -1); len(got) == 0 {
		t.Error("the workflow logs in with no secrets.GITHUB_TOKEN")
	} else {
		for _, s := range got {
			if s[1] != "GITHUB_TOKEN" {
				t.Errorf("the workflow uses secrets.%s; only GITHUB_TOKEN is wanted", s[1])
			}
		}
	}
}

// checkImageTags checks the pushing build's tags: from the metadata step,
// for the deployed image, latest only on main, the full commit SHA and the
// version tag; and a login to the image's registry with GITHUB_TOKEN.
func checkImageTags(t *testing.T, wf imageWorkflow, name string, job ghJob, build ghStep) {
	t.Helper()
	metas := job.action("docker/metadata-action")
	if len(metas) != 1 || metas[0].ID == "" {
		t.Errorf("job %s: want one docker/metadata-action step with an id", name)
		return
	}
	meta := metas[0]
	if got := wf.expand(strings.TrimSpace(meta.With["images"])); got != deployImage {
		t.Errorf("job %s pushes %q, deploy/ and docs/rewards.md name %s", name, got, deployImage)
	}
	if want := "${{ steps." + meta.ID + ".outputs.tags }}"; build.With["tags"] != want {
		t.Errorf("job %s: build tags %q, want %q", name, build.With["tags"], want)
	}
	tags := strings.Fields(meta.With["tags"])
	for _, want := range []string{
		"type=raw,value=latest,enable={{is_default_branch}}",
		"type=sha,format=long,prefix=",
		"type=ref,event=tag",
	} {
		if !slices.Contains(tags, want) {
			t.Errorf("job %s: metadata tags %q lack %s", name, tags, want)
		}
	}
	// Without latest=false, metadata-action adds latest to a version tag's
	// push too.
	if !slices.Contains(strings.Fields(meta.With["flavor"]), "latest=false") {
		t.Errorf("job %s: metadata flavor %q: want latest=false, so that only main is latest", name, meta.With["flavor"])
	}
	registry, _, _ := strings.Cut(deployImage, "/")
	logins := job.action("docker/login-action")
	if len(logins) != 1 || logins[0].With["registry"] != registry || logins[0].With["password"] != "${{ secrets.GITHUB_TOKEN }}" {
		t.Errorf("job %s: want one docker/login-action to %s with secrets.GITHUB_TOKEN", name, registry)
	}
}

// checkSmokeAfter checks that a step after the build runs the smoke script
// on what it built: the local tag, or the pushed digest.
func checkSmokeAfter(t *testing.T, name string, job ghJob, build ghStep) {
	t.Helper()
	i := slices.IndexFunc(job.Steps, func(s ghStep) bool { return s.Uses == build.Uses && s.Name == build.Name })
	for _, s := range job.Steps[i+1:] {
		if !strings.Contains(s.Run, imageSmokeScript) {
			continue
		}
		want := build.With["tags"]
		if push, _ := strconv.ParseBool(build.With["push"]); push {
			want = "${{ steps." + build.ID + ".outputs.digest }}"
			if build.ID == "" {
				t.Errorf("job %s: the pushing build has no id for its digest", name)
			}
		}
		if !strings.Contains(s.Run, want) && !slices.Contains(mapValues(s.Env), want) {
			t.Errorf("job %s: the smoke test runs %q, not what was built (%s)", name, s.Run, want)
		}
		return
	}
	t.Errorf("job %s: no step after the build runs %s", name, imageSmokeScript)
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// fakeDocker writes a stand-in for docker into dir that runs the image as
// this checkout's sciif: `run --rm IMAGE args` runs sciif with args;
// `run -d -p 127.0.0.1:PORT:CPORT IMAGE` starts the Dockerfile's CMD (its
// benchmarks folder mapped to benchmarks/) listening on PORT, and refuses
// a CPORT other than the Dockerfile's EXPOSE; `rm -f ID` stops it and
// waits for it; `logs ID` prints its output. With broken set, `run -d`
// starts nothing that listens.
func fakeDocker(t *testing.T, dir, image string, broken bool) {
	t.Helper()
	df := readDockerfile(t)
	benchmarks, err := filepath.Abs(filepath.Join(repoDir, "benchmarks"))
	if err != nil {
		t.Fatal(err)
	}
	var cmd []string
	for _, a := range localArgs(t, df.cmd, map[string]string{df.benchmarks: benchmarks}) {
		if a == "127.0.0.1:0" {
			cmd = append(cmd, `"127.0.0.1:$hport"`)
		} else {
			cmd = append(cmd, shellQuote(a))
		}
	}
	sciif := shellQuote(sciifWrapper(t, dir))
	start := sciif + " " + strings.Join(cmd, " ")
	if broken {
		start = "sleep 30"
	}
	log := shellQuote(filepath.Join(dir, "server.log"))
	script := `#!/usr/bin/env bash
set -euo pipefail
case $1 in
run)
  shift
  detach= publish=
  while [ $# -gt 0 ]; do
    case $1 in
      --rm) shift ;;
      -d) detach=1; shift ;;
      -p) publish=$2; shift 2 ;;
      *) break ;;
    esac
  done
  if [ "$1" != ` + shellQuote(image) + ` ]; then echo "fake docker: no image $1" >&2; exit 125; fi
  shift
  if [ -z "$detach" ]; then exec ` + sciif + ` "$@"; fi
  if [ $# -ne 0 ]; then echo "fake docker: -d with a command" >&2; exit 2; fi
  cport=${publish##*:} hport=${publish%:*}; hport=${hport#127.0.0.1:}
  if [ "$cport" != ` + strconv.Itoa(df.port) + ` ]; then echo "fake docker: the image exposes ` + strconv.Itoa(df.port) + `, not $cport" >&2; exit 125; fi
  ` + start + ` </dev/null >` + log + ` 2>&1 &
  echo "$!"
  ;;
rm)
  pid=${!#}
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  ;;
logs) cat ` + log + ` ;;
*) echo "fake docker: $1" >&2; exit 2 ;;
esac
`
	if err := os.WriteFile(filepath.Join(dir, "docker"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// runSmoke runs the smoke script on image with the stand-in docker of dir
// first on PATH, the server published on port, and returns its exit code
// and output.
func runSmoke(t *testing.T, dir, image string, port int) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(repoDir, imageSmokeScript), image)
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "SMOKE_PORT="+strconv.Itoa(port))
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, string(out)
}

// TestImageSmokeScriptRunsImage runs the workflow's smoke script against
// a stand-in docker that runs this checkout's sciif as the image would: it
// passes when `version`, `serve --help` and the image's own command on the
// Dockerfile's EXPOSEd port answering GET /healthz all work, and fails on
// an image that does not exist and on a server that answers /healthz with
// anything but 200 and status ok.
func TestImageSmokeScriptRunsImage(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server in a child process")
	}
	const image = "ghcr.io/sciif/leaderboard@sha256:0000"
	dir := t.TempDir()
	fakeDocker(t, dir, image, false)
	code, out := runSmoke(t, dir, image, freePort(t))
	if code != 0 || !strings.Contains(out, `"status":"ok"`) {
		t.Fatalf("smoke test of a working image: exit %d\n%s", code, out)
	}
	if code, out := runSmoke(t, dir, image+"1", freePort(t)); code == 0 {
		t.Errorf("smoke test of an image that does not exist: exit 0\n%s", out)
	}

	// A server that is draining: 503.
	broken := t.TempDir()
	fakeDocker(t, broken, image, true)
	draining := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, `{"status":"draining"}`)
	}))
	defer draining.Close()
	port := draining.Listener.Addr().(*net.TCPAddr).Port
	if code, out := runSmoke(t, broken, image, port); code != 1 || !strings.Contains(out, "did not answer") {
		t.Errorf("smoke test of a server answering 503: exit %d, want 1\n%s", code, out)
	}
	if p := readManifests(t).container(t).ReadinessProbe; p == nil || p.HTTPGet == nil || p.HTTPGet.Path != "/healthz" {
		t.Error("the smoke test probes /healthz, the Deployment's readiness probe does not")
	}
}

// TestImageDocsAgree checks that docs/rewards.md links the workflow and
// names each tag it pushes.
func TestImageDocsAgree(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoDir, "docs", "rewards.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(data)), " ")
	for _, want := range []string{
		"](../" + imageWorkflowFile + ")",
		deployImage + ":latest",
		deployImage + ":<commit>",
		deployImage + ":v",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("docs/rewards.md does not say %q", want)
		}
	}
}
