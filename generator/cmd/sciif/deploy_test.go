//go:build unix

package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The image and the Kubernetes manifests are checked against the server
// itself, so that neither they nor docs/rewards.md, which points at them,
// can drift from the command: the Dockerfile is read line by line, every
// manifest under deploy/ is decoded strictly, and the server is started in
// a child process with the Dockerfile's CMD and with the Deployment's args,
// env and ConfigMap. Docker and a cluster are not needed: the image itself
// is not built here.

// Sizing assumptions of the memory formula of docs/rewards.md, written out
// in deploy/deployment.yaml's comment.
const (
	// deployBaseline is the baseline the formula is given: the server's
	// memory with every benchmark loaded (TestDeployArgsServe measures it).
	deployBaseline = 64 << 20
	// deployPerConn is what an open connection may cost.
	deployPerConn = 256 << 10
	// deployPerBody is the most a request in a slot allocates, in units of
	// --max-body (the reward package's memory test measures it).
	deployPerBody = 10
)

// deployImage is the image the Deployment runs, without its tag.
const deployImage = "ghcr.io/sciif/leaderboard"

// childServe is `sciif serve` running in a child process.
type childServe struct {
	base   string
	cmd    *exec.Cmd
	out    *lockedBuffer
	waited chan error
	// exited is set once the exit has been received from waited.
	exited bool
}

// startChildServe runs sciif with args in a child process (this test
// binary, see TestMain) with env added, and waits until it listens.
func startChildServe(t *testing.T, env []string, args []string) *childServe {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), "SCIIF_TEST_ARGS="+strings.Join(args, "\x1f")), env...)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &childServe{cmd: cmd, out: out, waited: make(chan error, 1)}
	go func() { s.waited <- cmd.Wait() }()
	t.Cleanup(func() {
		if !s.exited {
			_ = cmd.Process.Kill()
			<-s.waited
		}
	})
	deadline := time.After(60 * time.Second)
	for {
		if m := listening.FindStringSubmatch(out.String()); m != nil {
			s.base = "http://" + m[1]
			return s
		}
		select {
		case err := <-s.waited:
			s.waited <- err
			t.Fatalf("sciif %s exited (%v): %s", strings.Join(args, " "), err, out.String())
		case <-deadline:
			t.Fatalf("sciif serve did not start: %s", out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// stop sends SIGTERM, as Kubernetes does, and wants exit 0.
func (s *childServe) stop(t *testing.T) {
	t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.waited:
		s.exited = true
		if err != nil {
			t.Errorf("sciif serve after SIGTERM: %v: %s", err, s.out.String())
		}
	case <-time.After(60 * time.Second):
		t.Errorf("sciif serve still running 60s after SIGTERM: %s", s.out.String())
	}
}

// peakRSS returns the child's peak resident memory from /proc, or 0 where
// there is no /proc.
func (s *childServe) peakRSS(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", v, err)
			}
			return kb << 10
		}
	}
	return 0
}

// raceBuild reports whether this test binary, which is also the child's,
// was built with the race detector.
func raceBuild() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

// localArgs turns a container's serve args into this machine's: --addr on
// a loopback port, each path of the image by its copy here (paths), and
// the drain shortened so that the test does not wait --drain-delay. A
// value that is a path of the image and not in paths fails the test.
func localArgs(t *testing.T, args []string, paths map[string]string) []string {
	t.Helper()
	out := slices.Clone(args)
	for i, a := range out {
		switch {
		case a == "--addr" && i+1 < len(out):
			out[i+1] = "127.0.0.1:0"
		case strings.HasPrefix(a, "--addr="):
			out[i] = "--addr=127.0.0.1:0"
		case strings.HasPrefix(a, "/"):
			local, ok := paths[a]
			if !ok {
				t.Fatalf("arg %s: a path the test cannot map to this checkout", a)
			}
			out[i] = local
		}
	}
	return append(out, "--drain-delay", "0s")
}

// get returns the status and body of GET url.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

// TestDeployArgsServe starts `sciif serve` in a child process as the
// Deployment would: its args and env, the repository's benchmarks/ where
// the image has them and the ConfigMap's file where it is mounted. The
// server must start (so the config's sections name benchmarks it serves),
// answer both probes' paths with 200, stay within the memory baseline the
// Deployment is sized for, and exit 0 on SIGTERM.
func TestDeployArgsServe(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server in a child process")
	}
	m := readManifests(t)
	df := readDockerfile(t)
	c := m.container(t)
	vals := serveArgs(t, "deployment", c.Args, serveFlags(t))
	config := filepath.Join(t.TempDir(), path.Base(vals["config"]))
	if err := os.WriteFile(config, []byte(m.configData(t, c, vals["config"])), 0o644); err != nil {
		t.Fatal(err)
	}
	benchmarks, err := filepath.Abs(filepath.Join(repoDir, "benchmarks"))
	if err != nil {
		t.Fatal(err)
	}
	args := localArgs(t, c.Args, map[string]string{df.benchmarks: benchmarks, vals["config"]: config})
	var env []string
	for _, e := range c.Env {
		env = append(env, e.Name+"="+e.Value)
	}
	srv := startChildServe(t, env, args)
	for what, p := range map[string]*k8sProbe{"readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
		if p == nil || p.HTTPGet == nil {
			continue
		}
		code, body := get(t, srv.base+p.HTTPGet.Path)
		if code != http.StatusOK || !strings.Contains(body, `"status":"ok"`) {
			t.Errorf("%s: GET %s: %d %s", what, p.HTTPGet.Path, code, body)
		}
	}
	if raceBuild() {
		t.Log("not checking the memory baseline: the race detector multiplies the server's memory")
	} else if rss := srv.peakRSS(t); rss > deployBaseline {
		t.Errorf("the server's peak RSS after start is %d MiB, above the %d MiB baseline deployment.yaml's memory formula assumes", rss>>20, deployBaseline>>20)
	} else if rss > 0 {
		t.Logf("peak RSS after start: %d MiB (baseline assumed: %d MiB)", rss>>20, deployBaseline>>20)
	}
	srv.stop(t)
}

// TestDeployDocsAgree checks that docs/rewards.md, which no longer
// carries the manifests inline, links every file of deploy/ and the
// Dockerfile, and that the values it quotes are theirs: the image, the
// Dockerfile's base images and each flag the Deployment sets.
func TestDeployDocsAgree(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoDir, "docs", "rewards.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(data)), " ")
	m := readManifests(t)
	df := readDockerfile(t)
	c := m.container(t)
	want := []string{"](../Dockerfile)", c.Image}
	for name := range m.raw {
		want = append(want, "](../deploy/"+name+")")
	}
	for _, st := range df.stages {
		want = append(want, "`"+st.from+"`")
	}
	vals := serveArgs(t, "deployment", c.Args, serveFlags(t))
	for name, v := range vals {
		if name != "addr" && name != "benchmarks" && name != "config" {
			want = append(want, "--"+name+" "+v)
		}
	}
	slices.Sort(want)
	for _, w := range want {
		if !strings.Contains(doc, w) {
			t.Errorf("docs/rewards.md does not say %q", w)
		}
	}
}
