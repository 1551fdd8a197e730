package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/runner"
)

const runSynopsis = "--model NAME --base-url URL [--api-key-env VAR] [--judge NAME=URL...] --out results/<model-id> [--benchmarks DIR | --benchmark DIR...] [flags]"

// runOptions are the flags of sciif run.
type runOptions struct {
	bench                      benchFlags
	model, baseURL, keyEnv     string
	judges, judgeModels        []string
	judgeKeyEnvs               []string
	concurrency, rpm           int
	judgeConcurrency, judgeRPM int
	timeout                    time.Duration
	maxTokens                  int
	temperature                float64
	journal, out, date         string
	partial                    bool
}

func addRunFlags(fs *pflag.FlagSet) *runOptions {
	o := &runOptions{bench: addBenchFlags(fs)}
	fs.StringVar(&o.model, "model", "", "the model to answer, as the endpoint names it (required)")
	fs.StringVar(&o.baseURL, "base-url", "", "the model's OpenAI-compatible endpoint, up to /v1 (required), e.g. http://127.0.0.1:8000/v1")
	fs.StringVar(&o.keyEnv, "api-key-env", "OPENAI_API_KEY", "environment variable holding the model's API key (unset or \"\": no key, as local servers need)")
	fs.StringArrayVar(&o.judges, "judge", nil, "a judge NAME=URL, NAME as the submission names it and as the endpoint knows the model (repeatable; needed by benchmarks with judges)")
	fs.StringArrayVar(&o.judgeModels, "judge-model", nil, "NAME=MODEL: ask judge NAME for the model MODEL, where the endpoint names it differently (repeatable)")
	fs.StringArrayVar(&o.judgeKeyEnvs, "judge-key-env", nil, "NAME=VAR: judge NAME's API key is in environment variable VAR (repeatable; needed for a judge on another scheme, host or port than --base-url, else it gets the model's key)")
	fs.IntVar(&o.concurrency, "concurrency", runner.DefaultConcurrency, "requests in flight at once to the model's endpoint")
	fs.IntVar(&o.rpm, "rpm", 0, "requests started per minute at most at the model's endpoint, retries included (0: no limit)")
	fs.IntVar(&o.judgeConcurrency, "judge-concurrency", 0, "requests in flight at once to each judge (default: as --concurrency)")
	fs.IntVar(&o.judgeRPM, "judge-rpm", 0, "requests started per minute at most at each judge, retries included (default: as --rpm)")
	fs.DurationVar(&o.timeout, "timeout", runner.DefaultTimeout, "time limit of one request; a request that takes longer is retried")
	fs.IntVar(&o.maxTokens, "max-tokens", runner.DefaultMaxTokens, "the model's answer budget (the protocol's is 4096; judges always get 4096)")
	fs.Float64Var(&o.temperature, "temperature", 0, "the model's sampling temperature (the protocol's is 0; judges always get 0)")
	fs.StringVar(&o.journal, "journal", "", "the journal of answers that makes a run resumable (default .sciif-run/<model-id>.jsonl beside the results folder)")
	fs.StringVar(&o.out, "out", "", "the submission folder to write, results/<model-id> (required)")
	fs.StringVar(&o.date, "date", "", "metadata.yaml's date, YYYY-MM-DD (default today)")
	fs.BoolVar(&o.partial, "partial", false, "write the submission files even if some tasks failed after their retries (validate reports what is missing)")
	return o
}

// runRun is sciif run: it generates a submission by asking the model the
// benchmarks' answer prompts and the judges their judge prompts.
func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flagSet("run", runSynopsis, stderr)
	o := addRunFlags(fs)
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "sciif run: "+format+"\n", a...)
		return 2
	}
	plan, err := o.plan(fs.Changed, stderr)
	if err != nil {
		return usage("%v", err)
	}

	benches, err := o.bench.open()
	if err != nil {
		printProblems(stderr, "run", err)
		return 1
	}
	judged := false
	for _, b := range benches {
		s := b.Spec()
		if inside(plan.Out, s.Dir) {
			return usage("--out %s is inside the benchmark folder %s", plan.Out, s.Dir)
		}
		r, ok := b.(kind.Runnable)
		if !ok {
			if len(*o.bench.dirs) > 0 {
				fmt.Fprintf(stderr, "sciif run: %s (%s): sciif run cannot answer benchmarks of kind %s yet\n", s.Name, s.Dir, s.Kind)
				return 1
			}
			fmt.Fprintf(stderr, "sciif run: skipping %s: sciif run cannot answer benchmarks of kind %s yet\n", s.Name, s.Kind)
			continue
		}
		judged = judged || r.Judged()
		plan.Benchmarks = append(plan.Benchmarks, r)
	}
	if len(plan.Benchmarks) == 0 {
		fmt.Fprintln(stderr, "sciif run: no benchmark to run")
		return 1
	}
	if judged && len(plan.Judges) == 0 {
		var names []string
		for _, b := range plan.Benchmarks {
			if b.Judged() {
				names = append(names, b.Spec().Name)
			}
		}
		return usage("%s need(s) judges: give each with --judge NAME=URL (the paper's are gpt-5.1 and gemini-3-flash)", strings.Join(names, ", "))
	}
	if !judged && len(plan.Judges) > 0 {
		fmt.Fprintln(stderr, "sciif run: no benchmark chosen has judges; --judge is ignored")
		plan.Judges = nil
	}

	var progress io.Writer
	if runner.Terminal(stderr) {
		progress = stderr
	}
	var r runner.Runner
	res, err := r.Execute(ctx, plan, progress)
	for _, f := range res.Wrote {
		fmt.Fprintf(stdout, "wrote %s\n", f)
	}
	for _, f := range res.Kept {
		fmt.Fprintf(stdout, "kept %s as it was\n", f)
	}
	io.WriteString(stdout, res.Totals.String())
	if err != nil {
		fmt.Fprintf(stderr, "sciif run: %v\n", err)
		fmt.Fprintf(stderr, "sciif run: the answers so far are in %s; the same command resumes\n", plan.Journal)
		return 1
	}
	fmt.Fprintf(stdout, "next: fill in organization and open_weights in %s, then sciif validate %s\n",
		filepath.Join(plan.Out, "metadata.yaml"), plan.Out)
	return 0
}

// plan checks the flags and turns them into a plan without benchmarks.
// given says whether a flag was given: --api-key-env's variable must then
// be set, and --judge-concurrency and --judge-rpm default to the model's.
func (o *runOptions) plan(given func(flag string) bool, stderr io.Writer) (runner.Plan, error) {
	var p runner.Plan
	keyEnvGiven := given("api-key-env")
	if !given("judge-concurrency") {
		o.judgeConcurrency = o.concurrency
	}
	if !given("judge-rpm") {
		o.judgeRPM = o.rpm
	}
	switch {
	case o.model == "":
		return p, errors.New("give the model to answer with --model")
	case o.baseURL == "":
		return p, errors.New("give the model's endpoint with --base-url, e.g. http://127.0.0.1:8000/v1")
	case o.out == "":
		return p, errors.New("give the submission folder with --out results/<model-id>")
	case o.concurrency <= 0 || o.judgeConcurrency <= 0:
		return p, errors.New("--concurrency and --judge-concurrency must be at least 1")
	case o.rpm < 0 || o.judgeRPM < 0:
		return p, errors.New("--rpm and --judge-rpm must be 0 (no limit) or more")
	case o.timeout <= 0:
		return p, errors.New("--timeout must be positive")
	case o.maxTokens <= 0:
		return p, errors.New("--max-tokens must be positive")
	case o.temperature < 0 || o.temperature > 2:
		return p, errors.New("--temperature must be between 0 and 2")
	}
	id := filepath.Base(filepath.Clean(o.out))
	if !ingest.SafeSlug(id) {
		return p, fmt.Errorf("--out %s: %q is not a safe model id: lower-case letters, digits, '.', '_' and '-', starting with a letter or digit, at most 64 characters", o.out, id)
	}
	p.Out = o.out
	p.Journal = o.journal
	if p.Journal == "" {
		// Beside results/, not in it: a submission folder holds only its
		// files (SUBMITTING.md).
		p.Journal = filepath.Join(filepath.Dir(filepath.Dir(filepath.Clean(o.out))), ".sciif-run", id+".jsonl")
	}
	if inside(p.Journal, p.Out) {
		return p, fmt.Errorf("--journal %s is inside --out %s, which may hold only the submission's files", p.Journal, p.Out)
	}
	p.Date = o.date
	if p.Date == "" {
		p.Date = time.Now().Format(time.DateOnly)
	} else if _, err := time.Parse(time.DateOnly, p.Date); err != nil {
		return p, fmt.Errorf("--date %q is not a date in the form YYYY-MM-DD", p.Date)
	}
	p.Partial = o.partial
	p.Version = versionString()

	key, err := apiKey("--api-key-env", o.keyEnv, keyEnvGiven)
	if err != nil {
		return p, err
	}
	p.Model = runner.Endpoint{Name: "model", BaseURL: o.baseURL, Model: o.model, APIKey: key,
		Concurrency: o.concurrency, RPM: o.rpm, Timeout: o.timeout, MaxTokens: o.maxTokens, Temperature: o.temperature}
	if err := checkURL("--base-url", p.Model, stderr); err != nil {
		return p, err
	}

	if p.Judges, err = o.judgeEndpoints(p.Model, stderr); err != nil {
		return p, err
	}
	return p, nil
}

// judgeEndpoints turns the --judge, --judge-model and --judge-key-env
// flags into the judges' endpoints. A judge gets the model's key only on
// the model's server (scheme, host and port); --judge-model and
// --judge-key-env may name only judges given with --judge.
func (o *runOptions) judgeEndpoints(model runner.Endpoint, stderr io.Writer) ([]runner.Endpoint, error) {
	models, err := pairs("--judge-model", o.judgeModels)
	if err != nil {
		return nil, err
	}
	keyEnvs, err := pairs("--judge-key-env", o.judgeKeyEnvs)
	if err != nil {
		return nil, err
	}
	judges, err := pairs("--judge", o.judges)
	if err != nil {
		return nil, err
	}
	var eps []runner.Endpoint
	for _, j := range judges {
		ep := runner.Endpoint{Name: j.name, BaseURL: j.value, Model: j.name, Concurrency: o.judgeConcurrency, RPM: o.judgeRPM, Timeout: o.timeout}
		if m, ok := lookup(models, j.name); ok {
			ep.Model = m
		}
		v, own := lookup(keyEnvs, j.name)
		if own {
			ep.APIKey, err = apiKey("--judge-key-env "+j.name, v, true)
		} else {
			ep.APIKey = model.APIKey
		}
		if err != nil {
			return nil, err
		}
		if err := checkURL("--judge "+j.name, ep, stderr); err != nil {
			return nil, err
		}
		// The model's key goes only where the model is: a judge elsewhere
		// (another scheme, host or port) names its own key's variable.
		if !own && ep.APIKey != "" && !sameOrigin(ep.BaseURL, model.BaseURL) {
			return nil, fmt.Errorf("--judge %s: %s is not the model's server %s, and the model's key is not sent to another server unasked: give the judge's key with --judge-key-env %s=VAR",
				j.name, origin(ep.BaseURL), origin(model.BaseURL), j.name)
		}
		eps = append(eps, ep)
	}
	for _, list := range []struct {
		flag string
		kv   []pair
	}{{"--judge-model", models}, {"--judge-key-env", keyEnvs}} {
		for _, kv := range list.kv {
			if _, ok := lookup(judges, kv.name); !ok {
				return nil, fmt.Errorf("%s %s: no --judge %s=URL", list.flag, kv.name, kv.name)
			}
		}
	}
	return eps, nil
}

// pair is one NAME=VALUE flag.
type pair struct{ name, value string }

// pairs reads NAME=VALUE flags; a NAME may come once.
func pairs(flag string, list []string) ([]pair, error) {
	var out []pair
	for _, s := range list {
		name, value, ok := strings.Cut(s, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok || name == "" || value == "" {
			return nil, fmt.Errorf("%s %q: want NAME=VALUE", flag, s)
		}
		if _, dup := lookup(out, name); dup {
			return nil, fmt.Errorf("%s %s given twice", flag, name)
		}
		out = append(out, pair{name, value})
	}
	return out, nil
}

func lookup(ps []pair, name string) (string, bool) {
	for _, p := range ps {
		if p.name == name {
			return p.value, true
		}
	}
	return "", false
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// apiKey reads the key from the environment variable name. A variable that
// was asked for must be set; the default one may be unset, and "" means no
// key (local servers need none). Nothing here prints a value: a flag that
// is not a variable's name may be the key itself.
func apiKey(flag, name string, required bool) (string, error) {
	if name == "" {
		return "", nil
	}
	if !envName.MatchString(name) {
		return "", fmt.Errorf("%s takes the name of an environment variable, like OPENAI_API_KEY, never the key itself", flag)
	}
	key := strings.TrimSpace(os.Getenv(name))
	if key == "" && required {
		return "", fmt.Errorf("%s: environment variable %s is unset or empty", flag, name)
	}
	return key, nil
}

// checkURL refuses what is not an http or https URL, and warns when a key
// would cross the network in clear.
func checkURL(flag string, ep runner.Endpoint, stderr io.Writer) error {
	u, err := url.Parse(ep.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return fmt.Errorf("%s: want an http or https URL without credentials, like http://127.0.0.1:8000/v1", flag)
	}
	if ep.APIKey != "" && u.Scheme == "http" && !loopback(u.Hostname()) {
		fmt.Fprintf(stderr, "sciif run: warning: %s: the API key goes to %s over plain http\n", flag, u.Host)
	}
	return nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// inside reports whether path is dir or lies in it.
func inside(path, dir string) bool {
	a, err1 := filepath.Abs(path)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, a)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// sameOrigin reports whether two base URLs have the same origin: scheme,
// host and port, the default port spelled out or not.
func sameOrigin(a, b string) bool {
	oa := origin(a)
	return oa != "" && oa == origin(b)
}

// origin is a URL's scheme://host:port, lower-case and with the default
// port filled in, or "" if it is not a URL. It holds no path, where some
// gateways take the key.
func origin(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
