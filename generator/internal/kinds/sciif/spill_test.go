package sciif

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sciif/leaderboard/generator/internal/board"
)

// fill sets every field reachable from v to a value that differs from its
// zero value and from its neighbours', so that a field the spill forgets
// shows in the comparison.
func fill(v reflect.Value, seed *int) {
	*seed++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d ü\x00<", *seed))
	case reflect.Bool:
		v.SetBool(*seed%3 != 0)
	case reflect.Int, reflect.Int8, reflect.Int64:
		v.SetInt(int64(*seed%7) - 3)
		if v.Int() == 0 {
			v.SetInt(1)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), seed)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 3, 3))
		for i := 0; i < 3; i++ {
			fill(v.Index(i), seed)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), seed)
		}
	default:
		panic("fill: unhandled kind " + v.Kind().String() + " in " + v.Type().String())
	}
}

// TestSpillRoundTrip writes fully populated verdicts (every field set, by
// reflection, so a field added to the verdict types fails here until the
// spill encodes it), sparse ones and responses from several goroutines,
// and reads each back equal.
func TestSpillRoundTrip(t *testing.T) {
	var sp spill
	defer sp.close()
	type written struct {
		at  spilled
		rec spillRecord
	}
	out := make([]written, 8)
	var wg sync.WaitGroup
	for k := range out {
		seed := k * 1000
		rec := spillRecord{Verdicts: make([]board.ItemVerdict, 4), Responses: []string{"", "answer\n$x$", "\xff"}}
		for i := range rec.Verdicts[:2] {
			fill(reflect.ValueOf(&rec.Verdicts[i]).Elem(), &seed)
		}
		rec.Verdicts[3] = board.ItemVerdict{Item: "unanswered"}
		if k == 0 {
			rec.Responses = nil
		}
		wg.Go(func() {
			at, err := sp.put(rec.Verdicts, rec.Responses)
			if err != nil {
				t.Error(err)
			}
			out[k] = written{at, rec}
		})
	}
	wg.Wait()
	for k, w := range out {
		got, err := sp.get(w.at)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(w.rec, got); diff != "" {
			t.Errorf("record %d read back differs (-wrote +read):\n%s", k, diff)
		}
	}
	// A damaged record is an error, not a wrong verdict.
	var e encoder
	e.uint(2)
	e.verdict(&out[1].rec.Verdicts[0])
	for _, cut := range []int{1, len(e.b) / 2, len(e.b) - 1} {
		if _, err := decodeRecord(e.b[:cut]); err == nil {
			t.Errorf("a record cut at %d of %d bytes read back without error", cut, len(e.b))
		}
	}
}
