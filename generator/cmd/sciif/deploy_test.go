//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
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
	// deployConns is the number of open connections the pod is sized for.
	deployConns = 256
	// deployPerConn is what an open connection may cost.
	deployPerConn = 256 << 10
	// deployPerBody is the most a request in a slot allocates, in units of
	// --max-body (the reward package's memory test measures it).
	deployPerBody = 10
)

// deployImage is the image the Deployment runs, without its tag.
const deployImage = "ghcr.io/sciif/leaderboard"

// dockerInstr is one instruction of a Dockerfile: its keyword (upper
// case), its arguments as written, and its line.
type dockerInstr struct {
	cmd, args string
	line      int
}

// dockerStage is one FROM and the instructions after it.
type dockerStage struct {
	from, name string
	instrs     []dockerInstr
}

// parseDockerfile splits a Dockerfile into stages, joining continued lines
// and dropping comments (parser directives included, which are comments).
func parseDockerfile(t *testing.T, data []byte) []dockerStage {
	t.Helper()
	var stages []dockerStage
	var cur strings.Builder
	start := 0
	flush := func() {
		text := strings.TrimSpace(cur.String())
		cur.Reset()
		if text == "" {
			return
		}
		cmd, args, _ := strings.Cut(text, " ")
		in := dockerInstr{cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args), line: start}
		if in.cmd == "FROM" {
			f := strings.Fields(in.args)
			st := dockerStage{from: f[0]}
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				st.name = f[2]
			}
			stages = append(stages, st)
			return
		}
		if len(stages) == 0 {
			if in.cmd != "ARG" {
				t.Fatalf("Dockerfile:%d: %s before the first FROM", in.line, in.cmd)
			}
			return
		}
		st := &stages[len(stages)-1]
		st.instrs = append(st.instrs, in)
	}
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		if body, ok := strings.CutSuffix(trimmed, `\`); ok {
			cur.WriteString(body + " ")
			continue
		}
		cur.WriteString(trimmed)
		flush()
	}
	flush()
	return stages
}

// all returns the stage's instructions of the keyword cmd.
func (s dockerStage) all(cmd string) []dockerInstr {
	var out []dockerInstr
	for _, in := range s.instrs {
		if in.cmd == cmd {
			out = append(out, in)
		}
	}
	return out
}

// one returns the stage's only instruction of the keyword cmd.
func (s dockerStage) one(t *testing.T, cmd string) dockerInstr {
	t.Helper()
	ins := s.all(cmd)
	if len(ins) != 1 {
		t.Fatalf("Dockerfile: stage %s has %d %s instructions, want 1", s.from, len(ins), cmd)
	}
	return ins[0]
}

// execForm decodes an instruction in exec (JSON array) form.
func execForm(t *testing.T, in dockerInstr) []string {
	t.Helper()
	var v []string
	if err := json.Unmarshal([]byte(in.args), &v); err != nil || len(v) == 0 {
		t.Fatalf("Dockerfile:%d: %s %s: want the exec form, a JSON array of strings", in.line, in.cmd, in.args)
	}
	return v
}

// dockerCopy is a COPY: its --from stage (empty for the build context),
// sources and destination.
type dockerCopy struct {
	from string
	srcs []string
	dest string
}

func copies(t *testing.T, st dockerStage) []dockerCopy {
	t.Helper()
	var out []dockerCopy
	for _, in := range append(st.all("COPY"), st.all("ADD")...) {
		f := strings.Fields(in.args)
		var c dockerCopy
		for len(f) > 0 && strings.HasPrefix(f[0], "--") {
			if v, ok := strings.CutPrefix(f[0], "--from="); ok {
				c.from = v
			}
			f = f[1:]
		}
		if len(f) < 2 {
			t.Fatalf("Dockerfile:%d: COPY %s: want sources and a destination", in.line, in.args)
		}
		c.srcs, c.dest = f[:len(f)-1], f[len(f)-1]
		out = append(out, c)
	}
	return out
}

// dockerfile is what the tests need to know of the repository's Dockerfile.
type dockerfile struct {
	stages []dockerStage
	// uid is the final stage's USER.
	uid int64
	// cmd is the final stage's CMD; benchmarks is where benchmarks/ is
	// copied to; port is the EXPOSEd port.
	cmd        []string
	benchmarks string
	port       int
}

func readDockerfile(t *testing.T) dockerfile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	df := dockerfile{stages: parseDockerfile(t, data)}
	if len(df.stages) < 2 {
		t.Fatalf("Dockerfile has %d stage(s), want a builder and a final stage", len(df.stages))
	}
	final := df.stages[len(df.stages)-1]
	user := final.one(t, "USER")
	uid, _, _ := strings.Cut(user.args, ":")
	df.uid, err = strconv.ParseInt(uid, 10, 64)
	if err != nil || df.uid <= 0 {
		t.Fatalf("Dockerfile:%d: USER %s: want a numeric user other than root (0)", user.line, user.args)
	}
	if _, gid, ok := strings.Cut(user.args, ":"); ok {
		if _, err := strconv.ParseInt(gid, 10, 64); err != nil {
			t.Fatalf("Dockerfile:%d: USER %s: want a numeric group", user.line, user.args)
		}
	}
	df.cmd = execForm(t, final.one(t, "CMD"))
	expose := final.one(t, "EXPOSE")
	df.port, err = strconv.Atoi(strings.TrimSuffix(expose.args, "/tcp"))
	if err != nil {
		t.Fatalf("Dockerfile:%d: EXPOSE %s: want one TCP port", expose.line, expose.args)
	}
	for _, c := range copies(t, final) {
		if c.from == "" && slices.Contains(c.srcs, "benchmarks/") {
			df.benchmarks = path.Clean(c.dest)
		}
	}
	if df.benchmarks == "" {
		t.Fatal("Dockerfile: the final stage does not COPY benchmarks/ from the build context")
	}
	return df
}

// serveFlags returns the flags `sciif serve --help` lists, each with its
// type ("" for a boolean).
func serveFlags(t *testing.T) map[string]string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"serve", "--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("sciif serve --help exited %d: %s", code, stderr.String())
	}
	flags := map[string]string{}
	re := regexp.MustCompile(`^\s+(?:-\w, )?--([a-z0-9-]+)(?: ([a-zA-Z]+))?\s`)
	for _, line := range strings.Split(stdout.String(), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			flags[m[1]] = m[2]
		}
	}
	if flags["addr"] == "" {
		t.Fatalf("sciif serve --help lists no --addr:\n%s", stdout.String())
	}
	return flags
}

// serveArgs checks that args are `serve` and flags `sciif serve` has, with
// their values and no positional argument, and returns each flag's last
// value.
func serveArgs(t *testing.T, where string, args []string, flags map[string]string) map[string]string {
	t.Helper()
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("%s: args %q: want the subcommand serve first", where, args)
	}
	vals := map[string]string{}
	for i := 1; i < len(args); i++ {
		name, val, hasVal := strings.Cut(strings.TrimPrefix(args[i], "--"), "=")
		if !strings.HasPrefix(args[i], "--") {
			t.Errorf("%s: %q is not a flag: sciif serve takes no arguments", where, args[i])
			continue
		}
		typ, ok := flags[name]
		if !ok {
			t.Errorf("%s: --%s is not a flag of sciif serve", where, name)
			continue
		}
		if !hasVal && typ != "" {
			if i+1 == len(args) {
				t.Errorf("%s: --%s has no value", where, name)
				continue
			}
			i++
			val = args[i]
		}
		vals[name] = val
	}
	return vals
}

// addrPort returns the port of a HOST:PORT address.
func addrPort(t *testing.T, addr string) int {
	t.Helper()
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatalf("--addr %s: %v", addr, err)
	}
	n, err := strconv.Atoi(p)
	if err != nil || n <= 0 {
		t.Fatalf("--addr %s: want a fixed port", addr)
	}
	return n
}

// goVersion is go.mod's Go release: its toolchain line, else its go line.
func goVersion(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`(?m)^toolchain go(\S+)$`).FindSubmatch(data); m != nil {
		return string(m[1])
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(data)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	return string(m[1])
}

// makeBuildFlags returns the flags of the Makefile's `go build`, those
// between "build" and "-o".
func makeBuildFlags(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoDir, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) > 2 && f[0] == "$(GO)" && f[1] == "build" {
			end := slices.Index(f, "-o")
			if end < 0 {
				t.Fatalf("Makefile: %q has no -o", line)
			}
			return f[2:end]
		}
	}
	t.Fatal("Makefile has no $(GO) build line")
	return nil
}

// TestDockerfileBuildsStaticNonRootServer reads the Dockerfile: a builder
// on go.mod's Go release that builds ./generator/cmd/sciif statically with
// the Makefile's flags from every package of the module, and a final stage
// with that binary as its entrypoint, benchmarks/, a numeric non-root user,
// a CMD of `sciif serve` flags pointing at the copied benchmarks, and the
// --addr port exposed. It also checks that .dockerignore keeps out what the
// image does not need and nothing it does.
func TestDockerfileBuildsStaticNonRootServer(t *testing.T) {
	df := readDockerfile(t)
	build, final := df.stages[0], df.stages[len(df.stages)-1]

	if want := "golang:" + goVersion(t); build.from != want && !strings.HasPrefix(build.from, want+"-") && !strings.HasPrefix(build.from, want+"@") {
		t.Errorf("builder FROM %s, want %s (go.mod's Go release, exactly, or by digest)", build.from, want)
	}
	if build.name == "" {
		t.Errorf("builder FROM %s has no AS name for the final stage to copy from", build.from)
	}
	var goBuild []string
	for _, in := range build.all("RUN") {
		if f := strings.Fields(in.args); slices.Contains(f, "go") && slices.Contains(f, "build") {
			goBuild = f
		}
	}
	if goBuild == nil {
		t.Fatal("Dockerfile: the builder has no RUN go build")
	}
	cgoOff := slices.Contains(goBuild, "CGO_ENABLED=0")
	for _, in := range build.all("ENV") {
		cgoOff = cgoOff || regexp.MustCompile(`(^|\s)CGO_ENABLED[= ]0(\s|$)`).MatchString(in.args)
	}
	if !cgoOff {
		t.Errorf("go build %q: want CGO_ENABLED=0 (a static binary for a final stage without libc)", goBuild)
	}
	for _, flag := range makeBuildFlags(t) {
		if !slices.Contains(goBuild, flag) {
			t.Errorf("go build %q lacks the Makefile's %s", goBuild, flag)
		}
	}
	if goBuild[len(goBuild)-1] != "./generator/cmd/sciif" {
		t.Errorf("go build %q: want the package ./generator/cmd/sciif last", goBuild)
	}
	out := ""
	if i := slices.Index(goBuild, "-o"); i >= 0 && i+1 < len(goBuild) {
		out = goBuild[i+1]
	}

	// The builder copies every package the module has, so that go build
	// needs nothing else of the context.
	var sources []string
	for _, c := range copies(t, build) {
		sources = append(sources, c.srcs...)
	}
	err := filepath.WalkDir(repoDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && p != repoDir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(repoDir, p)
		rel = filepath.ToSlash(rel)
		if !slices.ContainsFunc(sources, func(src string) bool { return strings.HasPrefix(rel, strings.TrimSuffix(src, "/")+"/") }) {
			t.Errorf("%s: the builder does not COPY it (sources %q)", rel, sources)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"go.mod", "go.sum"} {
		if !slices.Contains(sources, want) {
			t.Errorf("the builder does not COPY %s", want)
		}
	}

	// The final stage: the binary built above as the entrypoint.
	bin := ""
	for _, c := range copies(t, final) {
		if c.from == build.name && slices.Contains(c.srcs, out) {
			bin = c.dest
		}
	}
	if bin == "" {
		t.Errorf("the final stage does not COPY --from=%s %s", build.name, out)
	} else if entry := execForm(t, final.one(t, "ENTRYPOINT")); len(entry) != 1 || (entry[0] != bin && entry[0] != path.Join(bin, path.Base(out))) {
		t.Errorf("ENTRYPOINT %q, want [%q]", entry, bin)
	}

	// CMD: sciif serve with its own flags, the copied benchmarks, and the
	// exposed port.
	flags := serveFlags(t)
	vals := serveArgs(t, "Dockerfile CMD", df.cmd, flags)
	if got := vals["benchmarks"]; got != df.benchmarks {
		t.Errorf("CMD --benchmarks %q, want %q, where benchmarks/ is copied", got, df.benchmarks)
	}
	if addr, ok := vals["addr"]; !ok {
		t.Error("CMD has no --addr: the default listens on 127.0.0.1 only, unreachable from outside the container")
	} else if host, _, _ := net.SplitHostPort(addr); host != "0.0.0.0" && host != "" {
		t.Errorf("CMD --addr %s: want 0.0.0.0, reachable from outside the container", addr)
	} else if p := addrPort(t, addr); p != df.port {
		t.Errorf("CMD --addr port %d, EXPOSE %d", p, df.port)
	}

	// .dockerignore: out with what the image does not need, nothing the
	// Dockerfile copies.
	data, err := os.ReadFile(filepath.Join(repoDir, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	var ignored []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			ignored = append(ignored, path.Clean(strings.TrimSuffix(line, "/")))
		}
	}
	for _, want := range []string{".git", "site", "bin", "results"} {
		if !slices.Contains(ignored, want) {
			t.Errorf(".dockerignore does not leave out %s/", want)
		}
	}
	for _, st := range df.stages {
		for _, c := range copies(t, st) {
			if c.from != "" {
				continue
			}
			for _, src := range c.srcs {
				src = path.Clean(strings.TrimSuffix(src, "/"))
				for _, pat := range ignored {
					if ok, _ := path.Match(pat, src); ok || strings.HasPrefix(src, pat+"/") {
						t.Errorf(".dockerignore's %s leaves out %s, which the Dockerfile copies", pat, src)
					}
				}
			}
		}
	}
}

// TestDockerfileCommandServes starts `sciif serve` with the Dockerfile's
// CMD, its benchmarks folder being the repository's benchmarks/, and checks
// that it starts and answers GET /healthz.
func TestDockerfileCommandServes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server in a child process")
	}
	df := readDockerfile(t)
	benchmarks, err := filepath.Abs(filepath.Join(repoDir, "benchmarks"))
	if err != nil {
		t.Fatal(err)
	}
	args := localArgs(t, df.cmd, map[string]string{df.benchmarks: benchmarks})
	srv := startChildServe(t, nil, args)
	if code, body := get(t, srv.base+"/healthz"); code != http.StatusOK {
		t.Errorf("GET /healthz: %d %s", code, body)
	}
	srv.stop(t)
}

// k8s types: the fields the manifests use, decoded strictly, so that a
// misspelt or misplaced field is an error rather than a default.
type (
	objectMeta struct {
		Name   string            `yaml:"name"`
		Labels map[string]string `yaml:"labels"`
	}
	// TypeMeta is every object's apiVersion and kind (exported: go-yaml
	// sets only exported embedded fields).
	TypeMeta struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
	}
	k8sDeployment struct {
		TypeMeta `yaml:",inline"`
		Metadata objectMeta `yaml:"metadata"`
		Spec     struct {
			Replicas int `yaml:"replicas"`
			Selector struct {
				MatchLabels map[string]string `yaml:"matchLabels"`
			} `yaml:"selector"`
			Template struct {
				Metadata objectMeta `yaml:"metadata"`
				Spec     k8sPodSpec `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	k8sPodSpec struct {
		TerminationGracePeriodSeconds *int64 `yaml:"terminationGracePeriodSeconds"`
		AutomountServiceAccountToken  *bool  `yaml:"automountServiceAccountToken"`
		SecurityContext               struct {
			RunAsNonRoot   *bool  `yaml:"runAsNonRoot"`
			RunAsUser      *int64 `yaml:"runAsUser"`
			RunAsGroup     *int64 `yaml:"runAsGroup"`
			SeccompProfile *struct {
				Type string `yaml:"type"`
			} `yaml:"seccompProfile"`
		} `yaml:"securityContext"`
		Containers []k8sContainer `yaml:"containers"`
		Volumes    []struct {
			Name      string `yaml:"name"`
			ConfigMap *struct {
				Name string `yaml:"name"`
			} `yaml:"configMap"`
		} `yaml:"volumes"`
	}
	k8sContainer struct {
		Name  string   `yaml:"name"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
		Env   []struct {
			Name  string `yaml:"name"`
			Value string `yaml:"value"`
		} `yaml:"env"`
		Ports []struct {
			Name          string `yaml:"name"`
			ContainerPort int    `yaml:"containerPort"`
		} `yaml:"ports"`
		ReadinessProbe *k8sProbe `yaml:"readinessProbe"`
		LivenessProbe  *k8sProbe `yaml:"livenessProbe"`
		Resources      struct {
			Requests map[string]string `yaml:"requests"`
			Limits   map[string]string `yaml:"limits"`
		} `yaml:"resources"`
		SecurityContext struct {
			RunAsNonRoot             *bool  `yaml:"runAsNonRoot"`
			RunAsUser                *int64 `yaml:"runAsUser"`
			RunAsGroup               *int64 `yaml:"runAsGroup"`
			ReadOnlyRootFilesystem   *bool  `yaml:"readOnlyRootFilesystem"`
			AllowPrivilegeEscalation *bool  `yaml:"allowPrivilegeEscalation"`
			Capabilities             struct {
				Drop []string `yaml:"drop"`
			} `yaml:"capabilities"`
		} `yaml:"securityContext"`
		VolumeMounts []struct {
			Name      string `yaml:"name"`
			MountPath string `yaml:"mountPath"`
			ReadOnly  bool   `yaml:"readOnly"`
		} `yaml:"volumeMounts"`
	}
	k8sProbe struct {
		HTTPGet *struct {
			Path string `yaml:"path"`
			Port any    `yaml:"port"`
		} `yaml:"httpGet"`
		PeriodSeconds       int64 `yaml:"periodSeconds"`
		TimeoutSeconds      int64 `yaml:"timeoutSeconds"`
		FailureThreshold    int64 `yaml:"failureThreshold"`
		InitialDelaySeconds int64 `yaml:"initialDelaySeconds"`
	}
	k8sService struct {
		TypeMeta `yaml:",inline"`
		Metadata objectMeta `yaml:"metadata"`
		Spec     struct {
			Selector map[string]string `yaml:"selector"`
			Ports    []struct {
				Name       string `yaml:"name"`
				Port       int    `yaml:"port"`
				TargetPort any    `yaml:"targetPort"`
			} `yaml:"ports"`
		} `yaml:"spec"`
	}
	k8sHPA struct {
		TypeMeta `yaml:",inline"`
		Metadata objectMeta `yaml:"metadata"`
		Spec     struct {
			ScaleTargetRef struct {
				TypeMeta `yaml:",inline"`
				Name     string `yaml:"name"`
			} `yaml:"scaleTargetRef"`
			MinReplicas int `yaml:"minReplicas"`
			MaxReplicas int `yaml:"maxReplicas"`
			Metrics     []struct {
				Type     string `yaml:"type"`
				Resource struct {
					Name   string `yaml:"name"`
					Target struct {
						Type               string `yaml:"type"`
						AverageUtilization int    `yaml:"averageUtilization"`
					} `yaml:"target"`
				} `yaml:"resource"`
			} `yaml:"metrics"`
		} `yaml:"spec"`
	}
	k8sConfigMap struct {
		TypeMeta `yaml:",inline"`
		Metadata objectMeta        `yaml:"metadata"`
		Data     map[string]string `yaml:"data"`
	}
	kustomization struct {
		TypeMeta `yaml:",inline"`
		Labels   []struct {
			Pairs map[string]string `yaml:"pairs"`
		} `yaml:"labels"`
		Resources []string `yaml:"resources"`
	}
)

// manifests is deploy/, decoded.
type manifests struct {
	deployment k8sDeployment
	service    k8sService
	hpa        k8sHPA
	configMap  k8sConfigMap
	// raw is each file's text, by name.
	raw map[string]string
}

// readManifests decodes every YAML file of deploy/, each one object of a
// kind it expects once, and checks that kustomization.yaml lists every
// other file.
func readManifests(t *testing.T) manifests {
	t.Helper()
	dir := filepath.Join(repoDir, "deploy")
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	m := manifests{raw: map[string]string{}}
	seen := map[string]string{}
	var kust kustomization
	var listed []string
	for _, f := range files {
		name := filepath.Base(f)
		if !strings.HasSuffix(name, ".yaml") {
			t.Errorf("deploy/%s: want only .yaml files", name)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m.raw[name] = string(data)
		var h TypeMeta
		if err := yaml.Unmarshal(data, &h); err != nil {
			t.Fatalf("deploy/%s: %v", name, err)
		}
		var v any
		switch h.Kind {
		case "Deployment":
			v = &m.deployment
		case "Service":
			v = &m.service
		case "HorizontalPodAutoscaler":
			v = &m.hpa
		case "ConfigMap":
			v = &m.configMap
		case "Kustomization":
			v = &kust
		default:
			t.Fatalf("deploy/%s: kind %q is not one the test knows", name, h.Kind)
		}
		if prev, dup := seen[h.Kind]; dup {
			t.Fatalf("deploy/%s: a second %s (the first is in %s)", name, h.Kind, prev)
		}
		seen[h.Kind] = name
		if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
			t.Fatalf("deploy/%s: %v", name, err)
		}
		if h.Kind != "Kustomization" {
			listed = append(listed, name)
		}
	}
	for _, k := range []string{"Deployment", "Service", "HorizontalPodAutoscaler", "ConfigMap", "Kustomization"} {
		if seen[k] == "" {
			t.Fatalf("deploy/ has no %s", k)
		}
	}
	slices.Sort(listed)
	res := slices.Clone(kust.Resources)
	slices.Sort(res)
	if !slices.Equal(res, listed) {
		t.Errorf("deploy/kustomization.yaml lists %q, want every manifest of deploy/: %q", kust.Resources, listed)
	}
	return m
}

// container is the Deployment's container of the sciif image.
func (m manifests) container(t *testing.T) k8sContainer {
	t.Helper()
	cs := m.deployment.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("deployment: %d containers, want 1", len(cs))
	}
	return cs[0]
}

// configData is the content of the --config file the Deployment passes:
// its key in the ConfigMap mounted there.
func (m manifests) configData(t *testing.T, c k8sContainer, config string) string {
	t.Helper()
	for _, vm := range c.VolumeMounts {
		key, ok := strings.CutPrefix(config, strings.TrimSuffix(vm.MountPath, "/")+"/")
		if !ok {
			continue
		}
		for _, v := range m.deployment.Spec.Template.Spec.Volumes {
			if v.Name != vm.Name {
				continue
			}
			if v.ConfigMap == nil || v.ConfigMap.Name != m.configMap.Metadata.Name {
				t.Fatalf("deployment: volume %s is not the ConfigMap %s", v.Name, m.configMap.Metadata.Name)
			}
			data, ok := m.configMap.Data[key]
			if !ok {
				t.Fatalf("deployment: --config %s: the ConfigMap %s has no key %s", config, m.configMap.Metadata.Name, key)
			}
			return data
		}
		t.Fatalf("deployment: volumeMount %s has no volume", vm.Name)
	}
	t.Fatalf("deployment: --config %s is not in a mounted volume", config)
	return ""
}

// orDefault is v, or Kubernetes' default def when v is unset (0).
func orDefault(v, def int64) int64 {
	if v == 0 {
		return def
	}
	return v
}

// resolvePort returns the container port a Service's targetPort or a
// probe's port names (by name or number).
func resolvePort(t *testing.T, c k8sContainer, port any) int {
	t.Helper()
	for _, p := range c.Ports {
		if s, ok := port.(string); ok && p.Name == s || !ok && fmt.Sprint(port) == strconv.Itoa(p.ContainerPort) {
			return p.ContainerPort
		}
	}
	t.Fatalf("port %v is not a port of the container (%+v)", port, c.Ports)
	return 0
}

// bytesOf parses a Kubernetes memory quantity (binary or decimal suffix)
// or a GOMEMLIMIT value (B, KiB, MiB, GiB, TiB).
func bytesOf(t *testing.T, q string) int64 {
	t.Helper()
	units := []struct {
		suffix string
		mult   int64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"Ti", 1 << 40},
		{"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12}, {"B", 1}, {"", 1},
	}
	for _, u := range units {
		if n, ok := strings.CutSuffix(q, u.suffix); ok {
			v, err := strconv.ParseInt(n, 10, 64)
			if err != nil {
				t.Fatalf("memory quantity %q: %v", q, err)
			}
			return v * u.mult
		}
	}
	return 0
}

// duration is a duration flag's value, or its default.
func duration(t *testing.T, vals map[string]string, name string, def time.Duration) time.Duration {
	t.Helper()
	s, ok := vals[name]
	if !ok {
		return def
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatalf("--%s %s: %v", name, s, err)
	}
	return d
}

// TestDeployManifestsAgreeWithServer reads every manifest of deploy/ and
// checks them against `sciif serve`, the Dockerfile and each other: the
// image, args that are the command's flags, ports that agree from --addr
// to the Service, probes on /healthz, the config file from the ConfigMap
// and accepted by the config loader, the memory limit that holds the
// formula of docs/rewards.md for the flags given, a grace period longer
// than the drain, a non-root read-only container running as the
// Dockerfile's USER, and an autoscaler aimed at the Deployment.
func TestDeployManifestsAgreeWithServer(t *testing.T) {
	m := readManifests(t)
	df := readDockerfile(t)
	d := m.deployment
	pod := d.Spec.Template.Spec
	c := m.container(t)

	if d.APIVersion != "apps/v1" || m.service.APIVersion != "v1" || m.configMap.APIVersion != "v1" || m.hpa.APIVersion != "autoscaling/v2" {
		t.Errorf("apiVersions: Deployment %s, Service %s, ConfigMap %s, HPA %s; want apps/v1, v1, v1, autoscaling/v2",
			d.APIVersion, m.service.APIVersion, m.configMap.APIVersion, m.hpa.APIVersion)
	}
	repo, tag, _ := strings.Cut(c.Image, ":")
	if repo != deployImage || tag == "" || tag == "latest" {
		t.Errorf("image %s: want %s with a tag other than latest", c.Image, deployImage)
	}

	// Labels: the Deployment's selector and the Service's pick the pods.
	for what, sel := range map[string]map[string]string{"Deployment selector": d.Spec.Selector.MatchLabels, "Service selector": m.service.Spec.Selector} {
		if len(sel) == 0 {
			t.Errorf("%s is empty", what)
		}
		for k, v := range sel {
			if d.Spec.Template.Metadata.Labels[k] != v {
				t.Errorf("%s %s=%s does not match the pod labels %v", what, k, v, d.Spec.Template.Metadata.Labels)
			}
		}
	}

	// Args: flags of sciif serve, on the image's paths.
	flags := serveFlags(t)
	vals := serveArgs(t, "deployment", c.Args, flags)
	if vals["benchmarks"] != df.benchmarks {
		t.Errorf("deployment --benchmarks %q, want %q, where the Dockerfile copies benchmarks/", vals["benchmarks"], df.benchmarks)
	}

	// Ports: --addr = containerPort = EXPOSE = the probes' port = the
	// Service's targetPort.
	port := addrPort(t, vals["addr"])
	if len(c.Ports) != 1 || c.Ports[0].ContainerPort != port {
		t.Errorf("container ports %+v, want the one --addr port %d", c.Ports, port)
	}
	if port != df.port {
		t.Errorf("deployment --addr port %d, Dockerfile EXPOSE %d", port, df.port)
	}
	if host, _, _ := net.SplitHostPort(vals["addr"]); host != "0.0.0.0" && host != "" {
		t.Errorf("deployment --addr %s: want 0.0.0.0, reachable from the kubelet and the Service", vals["addr"])
	}
	if len(m.service.Spec.Ports) == 0 {
		t.Error("service has no port")
	}
	for _, sp := range m.service.Spec.Ports {
		if got := resolvePort(t, c, sp.TargetPort); got != port {
			t.Errorf("service port %d targets %d, want %d", sp.Port, got, port)
		}
	}
	for what, p := range map[string]*k8sProbe{"readinessProbe": c.ReadinessProbe, "livenessProbe": c.LivenessProbe} {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("container has no %s.httpGet", what)
			continue
		}
		if p.HTTPGet.Path != "/healthz" {
			t.Errorf("%s path %s, want /healthz (TestDeployArgsServe checks the server answers it)", what, p.HTTPGet.Path)
		}
		if got := resolvePort(t, c, p.HTTPGet.Port); got != port {
			t.Errorf("%s port %d, want %d", what, got, port)
		}
	}

	// Drain: readiness notices SIGTERM within --drain-delay; liveness
	// never restarts a draining pod; SIGKILL comes after the drain.
	drain := duration(t, vals, "drain-delay", reward.DefaultOptions().DrainDelay)
	shutdown := duration(t, vals, "shutdown-timeout", reward.DefaultOptions().ShutdownTimeout)
	if rp := c.ReadinessProbe; rp != nil {
		notice := time.Duration(orDefault(rp.PeriodSeconds, 10)*orDefault(rp.FailureThreshold, 3)) * time.Second
		if notice >= drain {
			t.Errorf("readiness notices the drain after up to %v, not within --drain-delay %v: the Service would route to a closed listener", notice, drain)
		}
	}
	if lp := c.LivenessProbe; lp != nil {
		if tolerated := time.Duration(orDefault(lp.PeriodSeconds, 10)*orDefault(lp.FailureThreshold, 3)) * time.Second; tolerated < drain+shutdown {
			t.Errorf("liveness restarts after %v of /healthz 503, within the drain (%v + %v)", tolerated, drain, shutdown)
		}
	}
	grace := 30 * time.Second // Kubernetes' default
	if g := pod.TerminationGracePeriodSeconds; g != nil {
		grace = time.Duration(*g) * time.Second
	}
	if grace <= drain+shutdown {
		t.Errorf("terminationGracePeriodSeconds %v: want more than --drain-delay %v + --shutdown-timeout %v", grace, drain, shutdown)
	}

	// Memory: the formula of docs/rewards.md, for flags that are set
	// (--max-in-flight's default counts the node's cores).
	inFlight, err1 := strconv.ParseInt(vals["max-in-flight"], 10, 64)
	maxBody, err2 := strconv.ParseInt(vals["max-body"], 10, 64)
	if err1 != nil || err2 != nil || inFlight <= 0 || maxBody <= 0 {
		t.Fatalf("deployment: --max-in-flight %q and --max-body %q: want both set, positive", vals["max-in-flight"], vals["max-body"])
	}
	peak := deployBaseline + inFlight*deployPerBody*maxBody + deployConns*deployPerConn
	limit := bytesOf(t, c.Resources.Limits["memory"])
	if limit == 0 || peak > limit {
		t.Errorf("memory limit %q: the formula gives %d MiB for --max-in-flight %d and --max-body %d", c.Resources.Limits["memory"], peak>>20, inFlight, maxBody)
	}
	if req := c.Resources.Requests["memory"]; bytesOf(t, req) != limit {
		t.Errorf("memory request %s, want the limit %s (a pod is not scheduled where it may be killed for its own formula)", req, c.Resources.Limits["memory"])
	}
	for _, e := range c.Env {
		if e.Name == "GOMEMLIMIT" {
			if soft := bytesOf(t, e.Value); soft < peak || soft >= limit {
				t.Errorf("GOMEMLIMIT %s: want between the formula's %d MiB and the limit %s", e.Value, peak>>20, c.Resources.Limits["memory"])
			}
		}
	}
	// The comment's arithmetic is the flags'.
	words := strings.Join(strings.Fields(m.raw["deployment.yaml"]), " ")
	for _, want := range []string{
		fmt.Sprintf("%d × %d × %d MiB", inFlight, deployPerBody, maxBody>>20),
		fmt.Sprintf("%d × 256 KiB", deployConns),
		fmt.Sprintf("= %d MiB + ", deployBaseline>>20),
		fmt.Sprintf("= %d MiB ≤ ", peak>>20),
	} {
		if !strings.Contains(words, want) {
			t.Errorf("deployment.yaml's memory comment lacks %q", want)
		}
	}

	// Security: non-root, as the Dockerfile's user, read-only, no
	// escalation.
	sc := c.SecurityContext
	nonRoot := sc.RunAsNonRoot
	if nonRoot == nil {
		nonRoot = pod.SecurityContext.RunAsNonRoot
	}
	if nonRoot == nil || !*nonRoot {
		t.Error("runAsNonRoot is not true")
	}
	if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
		t.Error("readOnlyRootFilesystem is not true")
	}
	if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Error("allowPrivilegeEscalation is not false")
	}
	for _, uid := range []*int64{sc.RunAsUser, pod.SecurityContext.RunAsUser} {
		if uid != nil && *uid != df.uid {
			t.Errorf("runAsUser %d, Dockerfile USER %d", *uid, df.uid)
		}
	}

	// The config: the ConfigMap's key at --config, accepted as `sciif serve
	// --config` accepts it: reward.LoadConfig reads it, reward.NewSet
	// checks its sections and settings against the benchmarks served.
	config := vals["config"]
	if config == "" {
		t.Fatal("deployment passes no --config")
	}
	file := filepath.Join(t.TempDir(), path.Base(config))
	if err := os.WriteFile(file, []byte(m.configData(t, c, config)), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := reward.LoadConfig(file)
	if err != nil {
		t.Fatalf("the ConfigMap's %s: %v", path.Base(config), err)
	}
	benches, err := kind.Open(registry, filepath.Join(repoDir, "benchmarks"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reward.NewSet(benches, cfg); err != nil {
		t.Errorf("the ConfigMap's %s: %v", path.Base(config), err)
	}

	// The autoscaler: aimed at the Deployment, on a resource requested.
	h := m.hpa.Spec
	if h.ScaleTargetRef.APIVersion != d.APIVersion || h.ScaleTargetRef.Kind != "Deployment" || h.ScaleTargetRef.Name != d.Metadata.Name {
		t.Errorf("HPA scaleTargetRef %+v, want the Deployment %s", h.ScaleTargetRef, d.Metadata.Name)
	}
	if h.MinReplicas < 1 || h.MinReplicas > h.MaxReplicas {
		t.Errorf("HPA replicas %d to %d", h.MinReplicas, h.MaxReplicas)
	}
	for _, mt := range h.Metrics {
		if mt.Type == "Resource" && mt.Resource.Target.Type == "Utilization" && c.Resources.Requests[mt.Resource.Name] == "" {
			t.Errorf("HPA scales on %s utilization, which the container does not request", mt.Resource.Name)
		}
	}
}

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
