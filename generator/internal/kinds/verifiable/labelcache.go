package verifiable

import (
	"strings"
	"sync"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// A labelCache keeps the prompts that recent labels decoded to, so that
// a label sent again (a trainer sends each prompt's label with every one
// of its samples, step after step) is not decoded and checked again: with
// the checkers at tens of microseconds a response, decoding a label cost
// about a quarter as much again. It holds at most maxCachedLabels labels
// of at most maxCachedLabel bytes (with their prompts), and starts afresh
// when full; what it returns is what decoding would, so rewards do not
// depend on what it holds. It is keyed by the label alone: the prompt a
// request gives goes into the result after the cache (Label).
type labelCache struct {
	mu sync.RWMutex
	m  map[string]cachedLabel
}

// The cache's bounds: with the prompt text a label may carry, at most
// some 8 MiB.
const (
	maxCachedLabels = 1024
	maxCachedLabel  = 4 << 10
)

type cachedLabel struct {
	p     instr.Prompt
	keyed bool
}

// prompt returns what decode gives for label, from the cache when it is
// there. Only successes are kept.
func (c *labelCache) prompt(label string, decode func() (instr.Prompt, bool, error)) (instr.Prompt, bool, error) {
	if len(label) > maxCachedLabel {
		return decode()
	}
	c.mu.RLock()
	e, ok := c.m[label]
	c.mu.RUnlock()
	if ok {
		return e.p, e.keyed, nil
	}
	p, keyed, err := decode()
	if err != nil {
		return p, keyed, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCachedLabels {
		c.m = make(map[string]cachedLabel, maxCachedLabels)
	}
	// The key and the prompt's text are copies: a caller's may be bytes
	// of a request body (the reward server decodes in place), which the
	// cache would otherwise keep whole.
	kept := p
	kept.Prompt = strings.Clone(p.Prompt)
	c.m[strings.Clone(label)] = cachedLabel{kept, keyed}
	c.mu.Unlock()
	return p, keyed, nil
}
