//go:build unix

package main

import (
	"fmt"
	"net"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-yaml"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

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
	conns, err3 := strconv.ParseInt(vals["max-conns"], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || inFlight <= 0 || maxBody <= 0 || conns <= 0 {
		t.Fatalf("deployment: --max-in-flight %q, --max-body %q and --max-conns %q: want all set, positive", vals["max-in-flight"], vals["max-body"], vals["max-conns"])
	}
	peak := deployBaseline + inFlight*deployPerBody*maxBody + conns*deployPerConn
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
		fmt.Sprintf("%d × 256 KiB", conns),
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
	if _, err := reward.NewSet(benches, cfg, kind.Options{}); err != nil {
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
