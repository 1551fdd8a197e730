package main

// This file is a whole benchmark kind, written as a new kind's package
// would be, on the toolkit every kind stands on: records reads and checks
// the submissions, strictjson the items, score ranks, report writes CSV
// with its text defused, render draws the page. It exists to show, and to
// test (TestExampleKind…), that a kind needs nothing outside its package
// but its line in the registry and its template, and stays short: the
// whole file is held to 300 lines.
//
// The kind, "exact", scores short answers by exact match: an item has a
// question and its answer, and a response is right when, trimmed and
// case-folded, it is the answer.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/sciif/leaderboard/generator/internal/board"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/records"
	"github.com/sciif/leaderboard/generator/internal/render"
	"github.com/sciif/leaderboard/generator/internal/report"
	"github.com/sciif/leaderboard/generator/internal/score"
	"github.com/sciif/leaderboard/generator/internal/strictjson"
)

// exactKind is the kind's one exported value, as a kind package has.
var exactKind = &kind.Kind{
	Name:  "exact",
	Doc:   "short answers scored by exact match with the reference",
	Open:  openExact,
	Fixes: map[string]string{"exact.file": "commit the file itself, within the limits", "exact.line": `write one {"id", "response"} object per line`, "exact.key.missing": `add the item's "id"`, "exact.key.unknown": "use the benchmark's item ids", "exact.key.duplicate": "keep one record per item", "exact.response": "give the answer as a JSON string", "exact.response.empty": "answer the item", "exact.incomplete": "answer every item; an unanswered item is wrong"},
}

// exactTemplate is the kind's page template, as templates/exact/board.html.
const exactTemplate = `{{define "main"}}{{with .Body}}<h1>{{.Title}}</h1>
<table class="plain"><thead><tr><th scope="col">Rank</th><th scope="col">Model</th><th scope="col" class="num">Accuracy</th></tr></thead>
<tbody>{{range .Rows}}<tr><td>{{.Rank}}</td><th scope="row">{{.Name}}</th><td class="num">{{.Rate.Pct}}<small>{{.Rate.CI}}</small></td></tr>{{end}}</tbody></table>{{end}}{{end}}`

type exactItem struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

type exactRecord struct {
	ID       string  `json:"id"`
	Response *string `json:"response"`
}

type exactBench struct {
	spec  kind.Spec
	items []exactItem
	index map[string]int
}

func openExact(spec kind.Spec) (kind.Benchmark, error) {
	b := &exactBench{spec: spec, index: map[string]int{}}
	path := filepath.Join(spec.Dir, "items.jsonl")
	f, _, err := ingest.Open(path, ingest.MaxFile, ingest.FollowLinks)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var probs board.Problems
	err = ingest.Lines(path, f, func(line int, data []byte) {
		var it exactItem
		if e := strictjson.Decode(data, &it); e != nil {
			probs = append(probs, board.Diagnostic{File: path, Line: line, Field: e.Field, Msg: e.Msg, Fatal: true})
			return
		}
		if _, dup := b.index[it.ID]; dup || it.ID == "" {
			probs = append(probs, board.Diagnostic{File: path, Line: line, Field: "id", Msg: "missing or repeated id", Fatal: true})
			return
		}
		b.index[it.ID] = len(b.items)
		b.items = append(b.items, it)
	})
	if err != nil {
		return nil, err
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return b, nil
}

func (b *exactBench) Spec() *kind.Spec { return &b.spec }
func (b *exactBench) Size() int        { return len(b.items) }
func (b *exactBench) Scaffold() string { return "" }

func (b *exactBench) Prompts(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, it := range b.items {
		if err := enc.Encode(map[string]string{"id": it.ID, "prompt": it.Question}); err != nil {
			return err
		}
	}
	return nil
}

// reading is how records reads this kind's submissions.
func (b *exactBench) reading() *records.Spec[exactRecord] {
	return &records.Spec[exactRecord]{
		Benchmark: b.spec.Name, N: len(b.items),
		Lookup:   func(k string) (int, bool) { i, ok := b.index[k]; return i, ok },
		KeyField: "id", KeyName: "item id", ItemKey: true, Key: func(r *exactRecord) string { return r.ID },
		ResponseField: "response", Response: func(r *exactRecord) string {
			if r.Response == nil {
				return ""
			}
			return *r.Response
		},
		Items: "items", Name: func(i int) string { return b.items[i].ID }, Unanswered: "scored as wrong",
		WarnEmpty: true, Codes: records.CodesOf("exact"),
	}
}

type exactRun struct {
	id, name string
	right    []bool
}

func (r *exactRun) ID() string { return r.id }
func (r *exactRun) Summary() string {
	return fmt.Sprintf("%d/%d right", score.NewRate(count(r.right), len(r.right)).Pass, len(r.right))
}

func (b *exactBench) Check(ctx context.Context, sub *board.Submission, opt kind.Options) (kind.Run, board.Problems) {
	r := &exactRun{id: sub.ID, name: sub.Meta.Name, right: make([]bool, len(b.items))}
	res := records.Read(ctx, filepath.Join(sub.Dir, b.spec.File), b.reading(), func(i, _ int, rec *exactRecord) board.Problems {
		r.right[i] = rec.Response != nil && strings.EqualFold(strings.TrimSpace(*rec.Response), strings.TrimSpace(b.items[i].Answer))
		return nil
	})
	return r, res.Problems
}

func count(bs []bool) (n int) {
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// exactRow is a model on the board, as the CSV and JSON downloads have it.
type exactRow struct {
	Rank     int         `csv:"rank" json:"rank"`
	ID       report.Text `csv:"id" json:"id"`
	Name     report.Text `csv:"name" json:"name"`
	Right    int         `csv:"right" json:"right"`
	Items    int         `csv:"items" json:"items"`
	Accuracy float64     `csv:"accuracy" json:"accuracy"`
}

type exactBoard struct {
	spec kind.Spec
	rows []exactRow
	rate []board.Rate
}

// Rank orders the runs by accuracy, ties by id; ranks tie where the
// paired McNemar test finds no difference (score.Ranks).
func (b *exactBench) Rank(runs []kind.Run, opt kind.Options) (kind.Board, error) {
	bd := &exactBoard{spec: b.spec}
	rs := make([]*exactRun, len(runs))
	for i, r := range runs {
		rs[i] = r.(*exactRun)
	}
	passes := make([][]bool, len(rs))
	pass := make([]int, len(rs))
	for i, r := range rs {
		passes[i], pass[i] = r.right, count(r.right)
	}
	ranks := score.Ranks(pass, passes)
	order := make([]int, len(rs))
	for i := range order {
		order[i] = i
	}
	less := func(x, y int) bool {
		if pass[x] != pass[y] {
			return pass[x] > pass[y]
		}
		return rs[x].id < rs[y].id
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, i := range order {
		rate := score.NewRate(pass[i], len(b.items))
		bd.rate = append(bd.rate, rate)
		bd.rows = append(bd.rows, exactRow{Rank: ranks[i], ID: report.Text(rs[i].id), Name: report.Text(rs[i].name), Right: pass[i], Items: len(b.items), Accuracy: rate.Rate})
	}
	return bd, nil
}

func (b *exactBoard) Models() []string {
	ids := make([]string, len(b.rows))
	for i, r := range b.rows {
		ids[i] = string(r.ID)
	}
	return ids
}

func (b *exactBoard) Headline(id string) ([]string, any) {
	for _, r := range b.rows {
		if string(r.ID) == id {
			return []string{fmt.Sprintf("accuracy %.1f%% (%d/%d)  rank %d of %d", 100*r.Accuracy, r.Right, r.Items, r.Rank, len(b.rows))}, r
		}
	}
	return nil, nil
}

func (b *exactBoard) Write(w io.Writer, format string, opt kind.Options) error {
	switch format {
	case "json":
		data, err := json.MarshalIndent(map[string]any{"benchmark": b.spec.Name, "models": b.rows}, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(data, '\n'))
		return err
	case "csv":
		return report.CSV(w, b.rows)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\nrank\tmodel\taccuracy\t\n", b.spec.Title)
	for _, r := range b.rows {
		fmt.Fprintf(tw, "%d\t%s\t%.1f%%\t\n", r.Rank, r.ID, 100*r.Accuracy)
	}
	return tw.Flush()
}

func (b *exactBoard) Info(front bool) render.BoardInfo {
	info := render.OneEntryInfo(b.spec.Name, b.spec.Title, "exact-"+b.spec.Name, render.Slug(b.spec.Name)+"/index.html", front)
	for _, r := range b.rows {
		info.Models = append(info.Models, render.ModelInfo{ID: string(r.ID), Name: string(r.Name)})
	}
	return info
}

func (b *exactBoard) Pages(s *render.Site) error {
	type row struct {
		Rank int
		Name string
		Rate render.RateView
	}
	view := struct {
		Title string
		Rows  []row
	}{Title: b.spec.Title}
	for i, r := range b.rows {
		view.Rows = append(view.Rows, row{r.Rank, string(r.Name), render.NewRate(b.rate[i])})
	}
	f, err := s.Render("exact/board", s.Home(b.spec.Name), render.Page{Title: b.spec.Title, Nav: "exact-" + b.spec.Name, Body: view})
	if err != nil {
		return err
	}
	var csv bytes.Buffer
	if err := report.CSV(&csv, b.rows); err != nil {
		return err
	}
	s.Add(f, board.File{Path: render.Slug(b.spec.Name) + "/leaderboard.csv", Data: csv.Bytes()})
	return nil
}

func (b *exactBoard) Summary(s *render.Site, id string) []render.OtherRow { return nil }
