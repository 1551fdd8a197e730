//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

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
