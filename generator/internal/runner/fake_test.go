package runner

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/runner/runnertest"
)

// The fake server and clock live in package runnertest, shared with the
// kinds' and the command's tests; these names keep runner's tests short.

const testKey = runnertest.Key

type (
	fakeClock = runnertest.Clock
	fault     = runnertest.Fault
)

const (
	answer            = runnertest.OK
	tooMany           = runnertest.TooMany
	tooManyRetryAfter = runnertest.TooManyRetryAfter
	tooManyDate       = runnertest.TooManyDate
	internalError     = runnertest.InternalError
	badGateway        = runnertest.BadGateway
	slow              = runnertest.Slow
	drop              = runnertest.Drop
	garbage           = runnertest.Garbage
	badFormat         = runnertest.BadFormat
	echoKey           = runnertest.EchoKey
	unauthorized      = runnertest.Unauthorized
	badRequest        = runnertest.BadRequest
)

var (
	newFakeClock = runnertest.NewClock
	fakeAnswer   = runnertest.Reply
)

type fakeServer struct{ *runnertest.Server }

func newFakeServer(t *testing.T, clock *fakeClock) *fakeServer {
	return &fakeServer{runnertest.NewServer(t, clock)}
}

// endpoint is an endpoint of the server with its key, asking model.
func (s *fakeServer) endpoint(name, model string) Endpoint {
	return Endpoint{Name: name, BaseURL: s.URL + "/v1", Model: model, APIKey: testKey, Concurrency: 3}
}
