package ingest

import (
	"github.com/sciif/leaderboard/generator/internal/jsonobj"
	"github.com/sciif/leaderboard/generator/internal/kinds/sciif/sciifdata"
)

// quickRecord decodes a responses.jsonl record in one pass when it has the
// plain shape nearly every record has: an object with at most id,
// response (strings) and judges (an object of judge outputs, each an
// object with at most correctness, a string, and constraints, an object
// of strings), no key twice at any level, no escaped key, no null.
// data must be valid UTF-8, as Lines gives it.
//
// It reports false for anything else, and *r is then to be discarded:
// decodeStrict reads such a record, and names what is wrong with it. What
// quickRecord accepts, decodeStrict accepts too, with the same record
// (FuzzQuickRecord holds the two together); reading the line once, instead
// of encoding/json's check and decode plus checkKeys, is most of what
// scoring costs beyond verification.
func quickRecord(data []byte, r *sciifdata.Record) bool {
	var seen uint8
	end := jsonobj.Object(data, 0, func(key []byte, at int) int {
		switch k := string(key); {
		case k == "id" && once(&seen, 1):
			return stringAt(data, at, &r.ID)
		case k == "response" && once(&seen, 2):
			return stringAt(data, at, &r.Response)
		case k == "judges" && once(&seen, 4):
			return judgesAt(data, at, &r.Judges)
		}
		return -1
	})
	return end >= 0 && jsonobj.SkipSpace(data, end) == len(data)
}

// quickPromptResponse is quickRecord for a line of an ifeval.jsonl or
// ifbench.jsonl: an object with at most prompt and response, strings, each
// once. A key it reads sets its pointer; one it lacks leaves it nil, as
// encoding/json does. FuzzQuickPromptResponse holds it to decodeStrict.
func quickPromptResponse(data []byte, prompt, response **string) bool {
	var seen uint8
	end := jsonobj.Object(data, 0, func(key []byte, at int) int {
		var dst **string
		switch k := string(key); {
		case k == "prompt" && once(&seen, 1):
			dst = prompt
		case k == "response" && once(&seen, 2):
			dst = response
		default:
			return -1
		}
		var s string
		end := stringAt(data, at, &s)
		if end >= 0 {
			*dst = &s
		}
		return end
	})
	return end >= 0 && jsonobj.SkipSpace(data, end) == len(data)
}

// once reports whether bit is not yet in *seen, and adds it: a key read
// the first time.
func once(seen *uint8, bit uint8) bool {
	if *seen&bit != 0 {
		return false
	}
	*seen |= bit
	return true
}

// stringAt decodes the JSON string at data[at] into *dst and returns the
// index past it, or -1.
func stringAt(data []byte, at int, dst *string) int {
	s, end, ok := jsonobj.StringAt(data, at)
	if !ok {
		return -1
	}
	*dst = s
	return end
}

// judgesAt decodes the judges object at data[at] into *dst and returns the
// index past it, or -1.
func judgesAt(data []byte, at int, dst *map[string]sciifdata.JudgeOutput) int {
	judges := map[string]sciifdata.JudgeOutput{}
	end := jsonobj.Object(data, at, func(name []byte, at int) int {
		if _, dup := judges[string(name)]; dup {
			return -1
		}
		var out sciifdata.JudgeOutput
		var seen uint8
		end := jsonobj.Object(data, at, func(key []byte, at int) int {
			switch k := string(key); {
			case k == "correctness" && once(&seen, 1):
				return stringAt(data, at, &out.Correctness)
			case k == "constraints" && once(&seen, 2):
				cons := map[string]string{}
				out.Constraints = cons
				return jsonobj.Object(data, at, func(id []byte, at int) int {
					if _, dup := cons[string(id)]; dup {
						return -1
					}
					var text string
					end := stringAt(data, at, &text)
					cons[string(id)] = text
					return end
				})
			}
			return -1
		})
		judges[string(name)] = out
		return end
	})
	*dst = judges
	return end
}
