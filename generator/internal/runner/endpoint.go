package runner

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/sciif/leaderboard/generator/internal/ingest"
)

// Defaults applied to an Endpoint's zero fields.
const (
	// DefaultMaxTokens is the protocol's answer budget.
	DefaultMaxTokens = 4096
	// DefaultTimeout bounds one HTTP request; long answers of slow models
	// take minutes.
	DefaultTimeout = 10 * time.Minute
	// DefaultConcurrency is the number of requests in flight per endpoint.
	DefaultConcurrency = 4
)

// Endpoint is one OpenAI-compatible chat-completions server and the model
// asked there. Name identifies it to tasks (the model under test, or a
// judge's name as written in responses.jsonl). Zero Concurrency, Timeout and
// MaxTokens take the defaults above; zero RPM means no rate limit.
// Temperature is sent as given, so its zero value is the protocol's 0.
// MaxAnswer bounds one answer in bytes, as a submission bounds it; zero is
// ingest.MaxResponse.
//
// APIKey is sent as a bearer token and nowhere else: it is left out of the
// endpoint's String, GoString, LogValue and JSON forms, and redacted from
// every error the package returns.
type Endpoint struct {
	Name        string
	BaseURL     string
	Model       string
	APIKey      string `json:"-"`
	Concurrency int
	RPM         int
	Timeout     time.Duration
	MaxTokens   int
	Temperature float64
	MaxAnswer   int
}

func (e Endpoint) withDefaults() Endpoint {
	if e.Concurrency <= 0 {
		e.Concurrency = DefaultConcurrency
	}
	if e.Timeout <= 0 {
		e.Timeout = DefaultTimeout
	}
	if e.MaxTokens <= 0 {
		e.MaxTokens = DefaultMaxTokens
	}
	if e.MaxAnswer <= 0 {
		e.MaxAnswer = ingest.MaxResponse
	}
	return e
}

// check reports what makes e unusable.
func (e Endpoint) check() error {
	switch {
	case e.Name == "":
		return errors.New("endpoint without a name")
	case e.Model == "":
		return fmt.Errorf("endpoint %s: no model", e.Name)
	case e.RPM < 0:
		return fmt.Errorf("endpoint %s: negative requests per minute", e.Name)
	}
	u, err := url.Parse(e.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("endpoint %s: base URL %q is not an http or https URL", e.Name, redact(e.BaseURL, e.APIKey))
	}
	return nil
}

// String describes e without its key.
func (e Endpoint) String() string {
	key := "none"
	if e.APIKey != "" {
		key = "set"
	}
	return fmt.Sprintf("%s (model %s at %s, key %s)", e.Name, e.Model, redact(e.BaseURL, e.APIKey), key)
}

// GoString is String, so that %#v does not print the key either.
func (e Endpoint) GoString() string { return "runner.Endpoint{" + e.String() + "}" }

// LogValue is String, for log/slog.
func (e Endpoint) LogValue() slog.Value { return slog.StringValue(e.String()) }

// redact replaces every occurrence of key in s.
func redact(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, "[REDACTED]")
}

// redactedError is err with the key removed from its text. It keeps
// errors.Is working (context.Canceled, context.DeadlineExceeded) but does not
// unwrap, so that errors.As cannot reach an inner error whose text still
// holds the key.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string        { return e.msg }
func (e *redactedError) Is(target error) bool { return errors.Is(e.err, target) }

func redactErr(err error, key string) error {
	if err == nil || key == "" {
		return err
	}
	return &redactedError{redact(err.Error(), key), err}
}
