// Command mutate writes the inputs of the differential test: the official
// IFEval GPT-4 responses and IFBench sample responses, each with a set of
// mutations around its instructions' thresholds (case, Python's case
// equivalents İ ı ſ K, punctuation, word, sentence and paragraph counts,
// sections, JSON fences, quotation, postscripts, empty and letter-free
// responses) and in other writing systems' shapes (unicode.go, shapes.go:
// full-width and mathematical letters, homoglyphs, combining marks, Unicode
// spaces and line ends, zero-width and bidirectional marks, bullet and
// section-header shapes, JSON variants, other scripts' digits, emoji
// sequences). The output is deterministic: same inputs, same bytes.
//
// Usage, from the module root (the shared conformance data beside it):
//
//	go run ./generator/internal/verify/instr/difftest/mutate \
//	    -ifeval ../shared/conformance/ifeval -ifbench ../shared/conformance/ifbench \
//	    -o generator/internal/verify/instr/difftest/testdata/cases.jsonl.gz
//
// The verdicts of the official code on these cases come from run_official.py
// (see ../SOURCE.md).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/sciif/leaderboard/generator/internal/verify/instr/difftest"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// Case is one line of cases.jsonl.gz.
type Case struct {
	difftest.CaseHead
	Response string `json:"response"`
}

type record struct {
	Key    any              `json:"key"`
	Prompt string           `json:"prompt"`
	IDs    []string         `json:"instruction_id_list"`
	Kwargs []map[string]any `json:"kwargs"`
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ifevalDir := fs.String("ifeval", "", "folder of the IFEval conformance data")
	ifbenchDir := fs.String("ifbench", "", "folder of the IFBench conformance data")
	out := fs.String("o", "", "output file (.jsonl.gz)")
	if err := fs.Parse(args); err != nil || *ifevalDir == "" || *ifbenchDir == "" || *out == "" {
		fmt.Fprintln(stderr, "usage: mutate -ifeval DIR -ifbench DIR -o FILE")
		return 2
	}
	var cases []Case
	ev, err := load(filepath.Join(*ifevalDir, "input_data.jsonl"), filepath.Join(*ifevalDir, "input_response_data_gpt4_20231107_145030.pr2963.jsonl"))
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 1
	}
	for i, r := range ev {
		cases = append(cases, mutations("ifeval", i, r.rec, r.resp)...)
	}
	ib, err := load(filepath.Join(*ifbenchDir, "IFBench_test.jsonl"), filepath.Join(*ifbenchDir, "sample_output.jsonl"))
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 1
	}
	for i, r := range ib {
		cases = append(cases, mutations("ifbench", i, r.rec, r.resp)...)
	}
	if err := write(*out, cases); err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 1
	}
	fmt.Fprintf(stderr, "mutate: %d cases\n", len(cases))
	return 0
}

type pair struct {
	rec  record
	resp string
}

// load pairs each prompt record with its response, found by exact prompt and
// then by stripped prompt, as the official code looks it up; prompts without
// a response are skipped.
func load(inputs, responses string) ([]pair, error) {
	var recs []record
	if err := readJSONL(inputs, func(b []byte) error {
		var r record
		err := json.Unmarshal(b, &r)
		recs = append(recs, r)
		return err
	}); err != nil {
		return nil, err
	}
	byPrompt := map[string]string{}
	if err := readJSONL(responses, func(b []byte) error {
		var r struct{ Prompt, Response string }
		err := json.Unmarshal(b, &r)
		byPrompt[r.Prompt] = r.Response
		if _, ok := byPrompt[strings.TrimSpace(r.Prompt)]; !ok {
			byPrompt[strings.TrimSpace(r.Prompt)] = r.Response
		}
		return err
	}); err != nil {
		return nil, err
	}
	var out []pair
	for _, r := range recs {
		resp, ok := byPrompt[r.Prompt]
		if !ok {
			resp, ok = byPrompt[strings.TrimSpace(r.Prompt)]
		}
		if !ok {
			continue
		}
		for i, kw := range r.Kwargs {
			clean := map[string]any{}
			for k, v := range kw {
				if v != nil {
					clean[k] = v
				}
			}
			r.Kwargs[i] = clean
		}
		out = append(out, pair{r, resp})
	}
	return out, nil
}

func readJSONL(path string, each func([]byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		if err := each(sc.Bytes()); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	return sc.Err()
}

func write(path string, cases []Case) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return difftest.WriteCases(path, cases)
}

// mutations returns the cases made from one record, the idx-th of its
// suite: the response itself and its variants, without duplicates.
func mutations(suite string, idx int, r record, resp string) []Case {
	key := fmt.Sprint(r.Key)
	if k, ok := r.Key.(float64); ok {
		key = fmt.Sprint(int64(k))
	}
	seen := map[string]bool{}
	var out []Case
	add := func(name, s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		out = append(out, Case{CaseHead: difftest.CaseHead{Suite: suite, Key: key, Mutation: name, Prompt: r.Prompt, IDs: r.IDs, Kwargs: r.Kwargs}, Response: s})
	}
	add("original", resp)
	add("upper", strings.ToUpper(resp))
	add("lower", strings.ToLower(resp))
	add("turkish_upper_i", strings.ReplaceAll(strings.ToUpper(resp), "I", "İ"))
	add("dotless_i", strings.NewReplacer("i", "ı", "I", "ı").Replace(resp))
	add("long_s_kelvin", strings.NewReplacer("s", "ſ", "k", "\u212a", "K", "\u212a").Replace(resp))
	add("no_commas", strings.ReplaceAll(resp, ",", ""))
	add("one_comma", strings.ReplaceAll(resp, ",", "")+",")
	add("no_asterisks", strings.ReplaceAll(resp, "*", ""))
	add("no_punctuation", strings.Map(func(r rune) rune {
		if r < 128 && unicode.IsPunct(r) {
			return -1
		}
		return r
	}, resp))
	add("drop_last_line", dropLast(resp, "\n"))
	add("drop_first_line", dropFirst(resp, "\n"))
	add("drop_last_paragraph", dropLast(resp, "\n\n"))
	add("drop_last_section", dropLast(resp, "***"))
	add("star_separators", strings.ReplaceAll(resp, "\n\n", "\n***\n"))
	add("quoted", `"`+resp+`"`)
	add("json_fenced", "```json\n"+resp+"\n```")
	add("title", "<<A Title>>\n"+resp)
	add("postscript", resp+"\n\nP.S. That is all.")
	add("empty", "")
	add("no_letters", "12345 !!! 678.")
	add("emoji_only", "😀 🎉 🇺🇸")
	add("flags", strings.ReplaceAll(resp, ".", " 🇫🇷."))
	add("emoji_sentences", strings.ReplaceAll(resp, ". ", " 😀. "))
	add("first_sentence", firstSentences(resp, 1))
	unicodeMutations(idx, r, resp, add)
	for i, id := range r.IDs {
		kw := r.Kwargs[i]
		for _, name := range []string{"num_words", "num_sentences", "num_paragraphs", "num_bullets", "num_highlights", "num_sections", "num_placeholders", "N", "n", "small_n", "min_words", "max_words"} {
			n, ok := kw[name].(float64)
			if !ok || n < 0 || n > 5000 {
				continue
			}
			for _, d := range []int{-1, 0, 1} {
				k := int(n) + d
				if k < 0 {
					continue
				}
				tag := fmt.Sprintf("%s:%s=%d", id, name, k)
				add("words_"+tag, firstWords(resp, k))
				add("sentences_"+tag, firstSentences(resp, k))
				add("paragraphs_"+tag, firstParts(resp, "\n\n", k))
				add("sections_"+tag, firstParts(resp, "***", k))
				add("bullets_"+tag, firstBullets(resp, k))
			}
		}
		for _, name := range []string{"keyword", "word", "forbidden_words", "keywords"} {
			var words []string
			switch v := kw[name].(type) {
			case string:
				words = []string{v}
			case []any:
				for _, e := range v {
					if s, ok := e.(string); ok {
						words = append(words, s)
					}
				}
			}
			for _, w := range words {
				tag := id + ":" + name
				add("kw_append_"+tag, resp+" "+w)
				add("kw_append_upper_i_"+tag, resp+" "+strings.ReplaceAll(strings.ToUpper(w), "I", "İ"))
				add("kw_remove_"+tag, replaceFold(resp, w, ""))
				add("kw_twice_"+tag, resp+" "+w+", "+strings.ToUpper(w)+".")
				add("kw_append_homoglyph_"+tag, resp+" "+homoglyphs.Replace(w))
				add("kw_append_fullwidth_"+tag, resp+" "+mapLetters(w, 0xFF21, 0xFF41, 0xFF10))
				add("kw_append_zero_width_"+tag, resp+" "+insideWords(w, "\u200b"))
				add("kw_append_combining_"+tag, resp+" "+w+"\u0301")
				add("kw_append_nbsp_"+tag, resp+"\u00a0"+strings.ReplaceAll(w, " ", "\u00a0"))
			}
		}
	}
	return out
}

func dropLast(s, sep string) string {
	if i := strings.LastIndex(strings.TrimRight(s, " \n"), sep); i >= 0 {
		return s[:i]
	}
	return s
}

func dropFirst(s, sep string) string {
	if i := strings.Index(s, sep); i >= 0 {
		return s[i+len(sep):]
	}
	return s
}

func firstParts(s, sep string, n int) string {
	parts := strings.Split(s, sep)
	if n >= len(parts) {
		return s
	}
	return strings.Join(parts[:n], sep)
}

// firstWords keeps the first n whitespace-separated words with their
// separators.
func firstWords(s string, n int) string {
	count, in := 0, false
	for i, r := range s {
		sp := text.IsSpace(r)
		if !sp && !in {
			if count == n {
				return s[:i]
			}
			count++
		}
		in = !sp
	}
	return s
}

func firstSentences(s string, n int) string {
	ss := text.Sentences(s)
	if n >= len(ss) {
		return s
	}
	return strings.Join(ss[:n], " ")
}

// firstBullets keeps the lines up to the n-th line that starts with a
// Markdown bullet.
func firstBullets(s string, n int) string {
	lines := strings.Split(s, "\n")
	count := 0
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "- ") {
			if count == n {
				return strings.Join(lines[:i], "\n")
			}
			count++
		}
	}
	return s
}

// replaceFold replaces ASCII-case-insensitive occurrences of w.
func replaceFold(s, w, with string) string {
	if w == "" {
		return s
	}
	lw := strings.ToLower(w)
	var b strings.Builder
	ls := strings.ToLower(s)
	if len(ls) != len(s) {
		return strings.ReplaceAll(s, w, with)
	}
	for i := 0; i < len(s); {
		if strings.HasPrefix(ls[i:], lw) {
			b.WriteString(with)
			i += len(lw)
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}
