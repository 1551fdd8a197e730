// Command ifevalgcases writes the inputs of the IFEvalG differential test:
// responses of our own around each threshold of open-instruct's 29 IF-RLVR
// training constraints (N-1, N and N+1 repetitions, words, letters,
// paragraphs and sentences; case, spacing, punctuation and Unicode edge
// shapes), each also wrapped as a reasoning model writes it (<think>…</think>,
// <answer>…</answer>, <|assistant|>), with the label open-instruct's
// IFEvalVerifier reads (a Python literal, as IF_multi_constraints_upto5's
// ground_truth, or a list holding the JSON text). The output is
// deterministic: same program, same bytes.
//
// Usage, from the module root:
//
//	go run ./generator/internal/verify/instr/difftest/ifevalgcases \
//	    -o generator/internal/verify/instr/difftest/testdata/ifevalg/cases.jsonl.gz
//
// The verdicts of open-instruct's code on these cases come from
// run_ifevalg.py (see ../testdata/ifevalg/SOURCE.md).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/difftest"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// Case is one line of cases.jsonl.gz.
type Case struct {
	difftest.CaseHead
	// Label is the ground_truth text the verifier reads.
	Label    string `json:"label"`
	Response string `json:"response"`
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("ifevalgcases", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output file (.jsonl.gz)")
	if err := fs.Parse(args); err != nil || *out == "" {
		fmt.Fprintln(stderr, "usage: ifevalgcases -o cases.jsonl.gz")
		return 2
	}
	var all []Case
	for i, s := range append(append(append(specs(), edgeSpecs()...), ifevalSpecs()...), listSpecs()...) {
		all = append(all, cases(i, s)...)
	}
	if err := difftest.WriteCases(*out, all); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "%d cases\n", len(all))
	return 0
}

// spec is one instruction with its arguments and responses around its
// thresholds, named; each response is also written in every shape of
// mutations.
type spec struct {
	id     string
	kwargs map[string]any
	resp   [][2]string
}

// argNames are the argument names a training label carries, most of them
// null (the data's kwargs hold every name of the registry).
var argNames = []string{"N", "capital_frequency", "capital_relation", "end_phrase", "first_word", "forbidden_words",
	"frequency", "keyword", "keyword1", "keyword2", "keywords", "language", "last_word", "let_frequency", "let_relation",
	"letter", "m", "n", "n_end", "n_sent", "n_start", "n_words", "num_bullets", "num_highlights", "num_paragraphs",
	"num_placeholders", "num_sections", "num_sentences", "num_words", "phrase", "postscript_marker", "prompt_to_repeat",
	"relation", "section_spliter", "small_n"}

// wrappers are the shapes a reasoning model's output takes around the
// answer.
var wrappers = [][2]string{
	{"", "%s"},
	{"think", "<think>Let me check the constraints first. One. Two!</think>\n\n%s"},
	{"think+answer", "<think>\nI count the words - carefully.\n</think>\n<answer>\n%s\n</answer>"},
	{"assistant", "<|assistant|>\n%s"},
}

func cases(i int, s spec) []Case {
	var out []Case
	for j, r := range s.resp {
		ids := []string{s.id}
		kwargs := []map[string]any{s.kwargs}
		if (i+j)%3 == 0 {
			// A second instruction, as training prompts carry up to five.
			ids = append(ids, "punctuation:no_comma")
			kwargs = append(kwargs, map[string]any{})
		}
		for w, wr := range wrappers {
			if w > 0 && (i+j+w)%2 == 1 {
				continue
			}
			name := r[0]
			if wr[0] != "" {
				name += "/" + wr[0]
			}
			out = append(out, Case{CaseHead: difftest.CaseHead{Suite: "ifevalg", Key: fmt.Sprint(i + 1), Mutation: name, Prompt: prompt(s),
				IDs: ids, Kwargs: kwargs}, Label: label(ids, kwargs, (i+j+w)%2 == 0), Response: fmt.Sprintf(wr[1], r[1])})
		}
		for k, m := range mutations {
			mr := m.f(r[1])
			if mr == r[1] {
				continue
			}
			out = append(out, Case{CaseHead: difftest.CaseHead{Suite: "ifevalg", Key: fmt.Sprint(i + 1), Mutation: r[0] + "/" + m.name, Prompt: prompt(s),
				IDs: ids, Kwargs: kwargs}, Label: label(ids, kwargs, (i+j+k)%2 == 0), Response: mr})
		}
	}
	return out
}

func prompt(s spec) string {
	return "Write a short note on the weather. (" + s.id + ")"
}

// label writes the ground_truth of a training row: a Python literal list
// of one dict with every argument name (null where unused), or, with
// asJSON false, a list holding the dict's JSON text.
func label(ids []string, kwargs []map[string]any, python bool) string {
	full := make([]map[string]any, len(kwargs))
	for i, k := range kwargs {
		m := map[string]any{}
		for _, n := range argNames {
			m[n] = nil
		}
		for n, v := range k {
			m[n] = v
		}
		full[i] = m
	}
	if !python {
		b, _ := json.Marshal(map[string]any{"instruction_id": ids, "kwargs": full})
		return "[" + pyString(string(b)) + "]"
	}
	var b strings.Builder
	b.WriteString("[{'instruction_id': [")
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyString(id))
	}
	b.WriteString("], 'kwargs': [")
	for i, k := range full {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyDict(k))
	}
	b.WriteString("]}]")
	return b.String()
}

func pyDict(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyString(k) + ": " + pyValue(m[k]))
	}
	b.WriteByte('}')
	return b.String()
}

func pyValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case string:
		return pyString(v)
	case int:
		return fmt.Sprint(v)
	case float64:
		return fmt.Sprint(v)
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = pyValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case bool:
		if v {
			return "True"
		}
		return "False"
	}
	panic(fmt.Sprintf("no Python literal for %T", v))
}

// pyString writes s as Python's repr would: single quotes unless s holds
// one and no double quote, escapes for the backslash, the quote and
// control characters.
func pyString(s string) string {
	q := byte('\'')
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == rune(q):
			b.WriteString(`\` + string(q))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}
