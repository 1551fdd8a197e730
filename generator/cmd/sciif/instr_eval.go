package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"unsafe"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kinds/verifiable"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
	"github.com/sciif/leaderboard/generator/internal/verify/instr"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifbench"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/ifeval"
	"github.com/sciif/leaderboard/generator/internal/verify/instr/text"
)

func runIFEval(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runInstr(ctx, args, stdout, stderr, "ifeval", ifeval.Checkers)
}

func runIFBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return runInstr(ctx, args, stdout, stderr, "ifbench", ifbench.WithClassic)
}

// instrOptions are the flags of sciif ifeval and sciif ifbench.
type instrOptions struct {
	Input     string
	Responses string
	Out       string
	// stripped is the official IFBench lookup of a response's prompt
	// (strippedLookup); sciif ifbench sets it, no flag does.
	stripped bool
}

// runInstr implements "sciif ifeval" and "sciif ifbench" (name is the
// command; checkers the benchmark's list), the official tools' interface:
//
//	sciif ifeval --input input_data.jsonl --responses responses.jsonl --out DIR
//
// It reads the prompts and the responses, writes eval_results_strict.jsonl
// and eval_results_loose.jsonl into DIR (created if needed), and prints the
// official accuracy report of both modes to stdout. Exit 1 for unreadable or
// malformed files (every problem listed on stderr as file:line: field:
// message), 2 for usage errors.
func runInstr(ctx context.Context, args []string, stdout, stderr io.Writer, name string, checkers []instr.Checker) int {
	opt := instrOptions{stripped: name == "ifbench"}
	usage := "--input FILE --responses FILE --out DIR"
	if name == "ifbench" {
		usage += " [--syllable-dictionary FILE]"
	}
	fs := flagSet(name, usage, stderr)
	fs.StringVar(&opt.Input, "input", "", "IFEval-format prompts (key, prompt, instruction_id_list, kwargs) as JSONL")
	fs.StringVar(&opt.Responses, "responses", "", "responses as JSONL of {\"prompt\", \"response\"}")
	fs.StringVar(&opt.Out, "out", "", "directory for eval_results_strict.jsonl and eval_results_loose.jsonl")
	var syl syllableFlag // only sciif ifbench has the flag
	if name == "ifbench" {
		syl = addSyllableFlag(fs)
	}
	if code := parseFlags(fs, args, stdout); code >= 0 {
		return code
	}
	if code := noArgs(fs, stderr); code >= 0 {
		return code
	}
	if opt.Input == "" || opt.Responses == "" || opt.Out == "" {
		fmt.Fprintf(stderr, "sciif %s: --input, --responses and --out are required\n", name)
		fs.Usage()
		return 2
	}
	reg, err := instr.NewRegistry(checkers)
	if err != nil {
		fmt.Fprintf(stderr, "sciif %s: %v\n", name, err)
		return 2
	}
	dict, err := syl.load()
	if err != nil {
		fmt.Fprintf(stderr, "sciif %s: %v\n", name, err)
		return 1
	}
	reg = reg.With(instr.Data{Syllables: dict})
	if os.Getenv("GOGC") == "" {
		// What a run holds is a fingerprint and a few numbers per prompt
		// and the prompts being checked, and the garbage of checking
		// comes at a high rate: with main's GOGC=400 the heap would grow
		// to five times what is held. Collecting at three times keeps
		// the peak under 64 MiB at 54,100 prompts for about 3% more CPU
		// than at five (docs/performance.md).
		defer debug.SetGCPercent(debug.SetGCPercent(200))
	}
	if err := runEval(ctx, opt, stdout, stderr, reg); err != nil {
		fmt.Fprintf(stderr, "sciif %s: %v\n", name, err)
		return 1
	}
	return 0
}

// runEval streams, in three readings of the files: the prompts are read
// and checked, and their texts' fingerprints indexed (promptIndex), the
// responses file is read through once to find the line of the response
// that counts for each prompt (readResponses) and once more to find where
// those lines start (lineOffsets), and then the prompts are read again, in
// order, each checked with its response read from its place in the file,
// and the results written and counted as they come. Memory holds a
// fingerprint and a few numbers per prompt, not their texts, their
// instructions, the responses or the results. Both files must stay
// unchanged while they are read: a prompt or response that differs the
// second time is an error.
func runEval(ctx context.Context, opt instrOptions, stdout, stderr io.Writer, reg *instr.Registry) error {
	idx, err := promptIndex(opt, reg)
	if err != nil {
		return err
	}
	lines, err := readResponses(ctx, opt, idx)
	if err != nil {
		return err
	}
	offsets, err := lineOffsets(opt.Responses, lines)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	in, _, err := ingest.Open(opt.Input, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return err
	}
	defer in.Close()
	rf, err := openSeekable(opt.Responses)
	if err != nil {
		return err
	}
	defer rf.Close()
	resp := &lineReader{f: rf, name: opt.Responses}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return err
	}
	paths := [2]string{filepath.Join(opt.Out, "eval_results_strict.jsonl"), filepath.Join(opt.Out, "eval_results_loose.jsonl")}
	var files [2]*os.File
	var ws [2]*bufio.Writer
	for i, path := range paths {
		f, err := os.Create(path)
		if err != nil {
			for _, g := range files[:i] {
				g.Close()
			}
			return err
		}
		files[i], ws[i] = f, bufio.NewWriterSize(f, 256<<10)
	}
	var scores [2]instr.Scorer
	feed := func(yield func(instr.Prompt, string) bool) error {
		i := 0
		err := instr.ScanPrompts(in, opt.Input, reg, func(p instr.Prompt) error {
			if i >= len(idx.fps) || fingerprintOf(p.Prompt) != idx.fps[i] {
				return fmt.Errorf("%s:%d: the file changed while it was read", opt.Input, p.Line)
			}
			var text string
			if offsets[i] < 0 {
				fmt.Fprintf(stderr, "%s:%d: prompt: no response in %s for this prompt (key %d); scored as an empty response\n", opt.Input, p.Line, opt.Responses, p.Key)
			} else {
				r, err := resp.record(offsets[i])
				if err != nil {
					return err
				}
				if j, ok := idx.lookupSame(r.Prompt, p.Prompt, i); !ok || j != i {
					return fmt.Errorf("%s:%d: the file changed while it was read", opt.Responses, lines[i])
				}
				text = r.Response
			}
			i++
			if !yield(p, text) {
				return ctx.Err()
			}
			return nil
		})
		if err == nil && i != len(idx.fps) {
			err = fmt.Errorf("%s: the file changed while it was read", opt.Input)
		}
		return err
	}
	pw := instr.NewPairWriter(ws[0], ws[1])
	err = reg.EvaluateStream(feed, func(_ int, strict, loose instr.PromptResult) error {
		pw.Write(strict, loose)
		scores[0].Add(strict)
		scores[1].Add(loose)
		return ctx.Err()
	})
	for i, f := range files {
		if e := ws[i].Flush(); err == nil {
			err = e
		}
		if e := f.Close(); err == nil {
			err = e
		}
	}
	if err != nil {
		return err
	}
	for i, path := range paths {
		if err := instr.WriteReport(stdout, path, scores[i].Accuracy()); err != nil {
			return err
		}
	}
	return nil
}

// fingerprint stands for a prompt's text in what runEval keeps: the first
// 16 bytes of its SHA-256. Texts grow with the prompts (216 bytes each in
// IFEval, 381 in IFBench); fingerprints are small and fixed, and
// two texts that differ do not share one (finding two would break
// SHA-256).
type fingerprint [16]byte

func fingerprintOf(s string) fingerprint {
	// The text's own bytes, read only, rather than a copy of them for
	// each of the four times a record's prompt is fingerprinted.
	h := sha256.Sum256(unsafe.Slice(unsafe.StringData(s), len(s)))
	return fingerprint(h[:16])
}

// prompts is what runEval keeps of the input file: the fingerprint of
// each prompt's text, in order, and the lookup of a response's prompt.
type prompts struct {
	fps []fingerprint
	// exact finds a text's prompt (the last of several with that text),
	// as verifiable.PromptIndex does.
	exact map[fingerprint]int32
	// stripped, with the official IFBench lookup (see lookup), finds
	// a prompt by its text stripped of surrounding white space: the last
	// prompt that is already stripped, else the first whose stripped text
	// it is. It is nil for the exact lookup.
	stripped, selfStripped map[fingerprint]int32
}

// lookup returns the prompt a response's prompt text key answers: the
// prompt of that text, as the official IFEval code and the boards match.
//
// With the stripped maps, lookup is the official IFBench evaluation's
// lookup of a response's prompt (evaluation_lib.py of allenai/IFBench
// since commit db69a6f: read_prompt_to_response_dict and
// get_response_for_prompt): a
// response answers the prompt equal to its own prompt, or to its own
// prompt stripped of surrounding white space (Python's str.strip), and
// failing both, a prompt that equals it once both are stripped. Among
// several responses to one prompt the last of the first kind wins, else
// the last of the second (readResponses ranks them). The official
// dictionary can give one response to two prompts that differ only in
// surrounding white space; here it answers the first of them, which no
// published prompt set exercises. IFEval's official code matches the
// exact text only, and so do the boards: a submission's prompt must be
// copied exactly, and any other is refused as an unknown prompt.
func (idx *prompts) lookup(key string) (int, bool) {
	if i, ok := idx.exact[fingerprintOf(key)]; ok {
		return int(i), true
	}
	if idx.stripped == nil {
		return 0, false
	}
	s := fingerprintOf(text.Strip(key))
	if i, ok := idx.selfStripped[s]; ok {
		return int(i), true
	}
	i, ok := idx.stripped[s]
	return int(i), ok
}

// lookupSame is lookup(key) for the prompt text of a response read for
// prompt i, whose text text has fingerprint fps[i]: a key equal to it is
// not fingerprinted again.
func (idx *prompts) lookupSame(key, text string, i int) (int, bool) {
	if key != text {
		return idx.lookup(key)
	}
	j, ok := idx.exact[idx.fps[i]]
	return int(j), ok
}

// inexact reports whether key, a response's prompt that lookup matched to
// prompt i, is neither its text nor its text once key is stripped.
func (idx *prompts) inexact(key string, i int) bool {
	return fingerprintOf(key) != idx.fps[i] && fingerprintOf(text.Strip(key)) != idx.fps[i]
}

// promptIndex reads and checks the input file (instr.ScanPrompts) and
// keeps each prompt's fingerprint only; runEval reads the instructions
// again when it checks the prompt.
func promptIndex(opt instrOptions, reg *instr.Registry) (*prompts, error) {
	f, _, err := ingest.Open(opt.Input, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	idx := &prompts{exact: map[fingerprint]int32{}}
	if opt.stripped {
		idx.stripped, idx.selfStripped = map[fingerprint]int32{}, map[fingerprint]int32{}
	}
	err = instr.ScanPrompts(f, opt.Input, reg, func(p instr.Prompt) error {
		i := int32(len(idx.fps))
		fp := fingerprintOf(p.Prompt)
		idx.exact[fp] = i
		idx.fps = append(idx.fps, fp)
		if opt.stripped {
			// Python finds a prompt that is already stripped by its exact
			// text before any other by its stripped text.
			if s := text.Strip(p.Prompt); s == p.Prompt {
				idx.selfStripped[fp] = i
			} else if _, seen := idx.stripped[fingerprintOf(s)]; !seen {
				idx.stripped[fingerprintOf(s)] = i
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return idx, nil
}

// readResponses reads the responses with the boards' reader
// (verifiable.InstrRecords) as the official tools do: a response to a
// prompt not in the input is ignored, so are fields besides prompt and
// response, the last of two responses to one prompt counts, and the file
// may be a link (it is the user's own, named on the command line). It
// returns the line of each prompt's response, 0 for none, and keeps no
// response; a bad line is an error listing every problem, one per line.
func readResponses(ctx context.Context, opt instrOptions, idx *prompts) ([]int, error) {
	spec := verifiable.InstrRecords(filepath.Base(opt.Input), nil, nil)
	spec.N, spec.Lookup = len(idx.fps), idx.lookup
	spec.Links, spec.IgnoreUnknown, spec.LastWins, spec.Unanswered = ingest.FollowLinks, true, true, ""
	spec.Decode = decodeResponse
	lines := make([]int, len(idx.fps))
	var inexact []bool // with the stripped lookup, a match that is not exact
	if opt.stripped {
		inexact = make([]bool, len(idx.fps))
	}
	res := records.Read(ctx, opt.Responses, spec, func(i, line int, r *ingest.PromptResponse) board.Problems {
		// Without the stripped lookup every match is exact.
		k := opt.stripped && idx.inexact(r.Prompt, i)
		if lines[i] != 0 && k && !inexact[i] {
			return nil
		}
		lines[i] = line
		if opt.stripped {
			inexact[i] = k
		}
		return nil
	})
	if !res.Fatal() {
		return lines, ctx.Err()
	}
	msgs := make([]string, len(res.Problems))
	for i, p := range res.Problems {
		msgs[i] = p.String()
	}
	return nil, errors.New(strings.Join(msgs, "\n"))
}

// decodeResponse decodes a line of a responses file, which may hold keys
// besides prompt and response (the official tools ignore them): the usual
// line in one pass (ingest.DecodePromptResponse), any other as
// strictjson.DecodeOpen reads it, which accepts what the one-pass reader
// does, with the same record.
func decodeResponse(data []byte, r *ingest.PromptResponse) *strictjson.Error {
	if ingest.DecodePromptResponse(data, r) == nil {
		return nil
	}
	*r = ingest.PromptResponse{}
	return strictjson.DecodeOpen(data, r)
}

// lineOffsets reads path once more and returns where the line lines[i]
// starts, -1 where lines[i] is 0. Lines are counted as ingest.Lines
// counts them.
func lineOffsets(path string, lines []int) ([]int64, error) {
	order := make([]int32, 0, len(lines))
	offsets := make([]int64, len(lines))
	for i, l := range lines {
		offsets[i] = -1
		if l > 0 {
			order = append(order, int32(i))
		}
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(lines[a], lines[b]) })
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	var at int64
	for line := 1; len(order) > 0; {
		if line == lines[order[0]] {
			offsets[order[0]] = at
			order = order[1:]
			continue
		}
		chunk, err := br.ReadSlice('\n')
		at += int64(len(chunk))
		if err == nil {
			line++
		} else if err != bufio.ErrBufferFull {
			return nil, fmt.Errorf("%s:%d: the file changed while it was read", path, line)
		}
	}
	return offsets, nil
}

// openSeekable opens path, which ingest.Open has accepted before, to read
// it out of order; it refuses what is no longer a regular file.
func openSeekable(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: the file changed while it was read", path)
	}
	return f, nil
}

// lineReader reads a responses file's records at the offsets lineOffsets
// found, seeking only when they are not in file order.
type lineReader struct {
	f    *os.File
	name string
	br   *bufio.Reader
	at   int64
	buf  []byte
}

func (r *lineReader) record(off int64) (*ingest.PromptResponse, error) {
	if r.br == nil || off != r.at {
		if _, err := r.f.Seek(off, io.SeekStart); err != nil {
			return nil, err
		}
		if r.br == nil {
			r.br = bufio.NewReaderSize(r.f, 64<<10)
		} else {
			r.br.Reset(r.f)
		}
		r.at = off
	}
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.at += int64(len(chunk))
		if len(r.buf)+len(chunk) > ingest.MaxLine+2 {
			return nil, fmt.Errorf("%s: the file changed while it was read", r.name)
		}
		r.buf = append(r.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		break
	}
	data := bytes.TrimRight(r.buf, "\r\n")
	if off == 0 {
		data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	}
	var rec ingest.PromptResponse
	if e := decodeResponse(data, &rec); e != nil {
		return nil, fmt.Errorf("%s: the file changed while it was read", r.name)
	}
	return &rec, nil
}
