package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sciif/leaderboard/generator/internal/kind"
	"github.com/sciif/leaderboard/generator/internal/reward"
)

// moduleRoot is the folder of go.mod above the test's directory.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the package directory")
		}
		dir = parent
	}
}

// rewardCase is one hand-checked reward: the arithmetic is in the comment
// of each row.
type rewardCase struct {
	name, reason string
	// bench is a folder under benchmarks/; formula a formula's name.
	bench, formula string
	// config is the YAML section of the benchmark or formula.
	config string
	record string
	want   float64
	parts  map[string]float64
	// field is the field a bad record's error names ("-": none).
	field string
	// label, when set, is the /get_reward label of the record's response
	// (prompt is the record's prompt), which must give the same reward.
	label, prompt, response string
	// query, when set, is the record's field that is the generated text:
	// the /get_reward label is then the record without it, and the query
	// the prompt "Q: " followed by it ("-": a formula, whose label is
	// the whole record and whose query is not read).
	query string
}

const ifevalLowerNoComma = `"instruction_id_list":["change_case:english_lowercase","punctuation:no_comma"],"kwargs":[{},{}]`

var rewardCases = []rewardCase{
	// SciIF, verdicts given (groups: condition, terminology, process; a = 0.3).
	{name: "sciif-one-constraint-all-pass", reason: "one process constraint passes, answer correct",
		// R_process = 1/1 = 1; R_c = 1; R = 0.7·1 + 0.3·1 = 1
		bench: "sciif", record: `{"id":"physics-0001","verdicts":{"correct":true,"constraints":{"numerical_methods":true}}}`,
		want: 1, parts: map[string]float64{"R_g.process": 1, "R_c": 1, "R_a": 1}},
	{name: "sciif-constraint-fails", reason: "compliance lost, answer correct",
		// R_process = 0; R_c = 0; R = 0.7·0 + 0.3·1 = 0.3
		bench: "sciif", record: `{"id":"physics-0001","verdicts":{"correct":true,"constraints":{"numerical_methods":false}}}`,
		want: 0.3, parts: map[string]float64{"R_g.process": 0, "R_c": 0, "R_a": 1}},
	{name: "sciif-half-a-group", reason: "two condition constraints, one passes, answer wrong",
		// R_condition = 1/2; R_c = 0.5; R = 0.7·0.5 + 0 = 0.35
		bench: "sciif", record: `{"id":"physics-0004","verdicts":{"correct":false,"constraints":{"boundary_conditions":true,"units_standard":false}}}`,
		want: 0.35, parts: map[string]float64{"R_g.condition": 0.5, "R_c": 0.5, "R_a": 0}},
	{name: "sciif-two-groups", reason: "groups average with equal weight, not constraints",
		// R_condition = 1/2, R_process = 1; R_c = (0.5 + 1)/2 = 0.75; R = 0.525 + 0.3 = 0.825
		bench: "sciif", record: `{"id":"physics-0006","verdicts":{"correct":true,"constraints":{"assumptions":true,"boundary_conditions":false,"numerical_methods":true}}}`,
		want: 0.825, parts: map[string]float64{"R_g.condition": 0.5, "R_g.process": 1, "R_c": 0.75, "R_a": 1}},
	{name: "sciif-five-constraints", reason: "two groups of three and two",
		// R_condition = 2/3, R_terminology = 1/2; R_c = (2/3 + 1/2)/2 = 7/12; R = 0.7·7/12 = 0.408333…
		bench: "sciif", record: `{"id":"physics-0010","verdicts":{"correct":false,"constraints":{"assumptions":true,"boundary_conditions":true,"units_standard":false,"symbols_constants_standardization":false,"variable_naming_consistency":true}}}`,
		want: 0.7 * 7 / 12, parts: map[string]float64{"R_g.condition": 2.0 / 3, "R_g.terminology": 0.5, "R_c": 7.0 / 12, "R_a": 0}},
	{name: "sciif-three-groups", reason: "every family present",
		// R_condition = 1, R_terminology = 0/2 = 0, R_process = 1/2; R_c = 1.5/3 = 0.5; R = 0.35 + 0.3 = 0.65
		bench: "sciif", record: `{"id":"physics-0011","verdicts":{"correct":true,"constraints":{"applicability_range":true,"cross_disciplinary_disambiguation":false,"intra_discipline_definitions":false,"numerical_methods":true,"experimental_methods":false}}}`,
		want: 0.65, parts: map[string]float64{"R_g.condition": 1, "R_g.terminology": 0, "R_g.process": 0.5, "R_c": 0.5, "R_a": 1}},
	{name: "sciif-constraint-weights", reason: "w_i weighs a constraint within its group",
		// R_condition = (1·1 + 3·0)/(1 + 3) = 0.25; R_c = 0.25; R = 0.175 + 0.3 = 0.475
		bench: "sciif", config: "weights: {units_standard: 3}",
		record: `{"id":"physics-0004","verdicts":{"correct":true,"constraints":{"boundary_conditions":true,"units_standard":false}}}`,
		want:   0.475, parts: map[string]float64{"R_g.condition": 0.25, "R_c": 0.25, "R_a": 1}},
	{name: "sciif-group-weights", reason: "W_g weighs a group",
		// R_condition = 0.5 (W 2), R_process = 1 (W 1); R_c = (2·0.5 + 1)/3 = 2/3; R = 0.7·2/3 + 0.3 = 0.766666…
		bench: "sciif", config: "groups: [{name: condition, weight: 2}, {name: terminology}, {name: process}]",
		record: `{"id":"physics-0006","verdicts":{"correct":true,"constraints":{"assumptions":true,"boundary_conditions":false,"numerical_methods":true}}}`,
		want:   0.7*2/3 + 0.3, parts: map[string]float64{"R_g.condition": 0.5, "R_g.process": 1, "R_c": 2.0 / 3, "R_a": 1}},
	{name: "sciif-custom-groups", reason: "groups need not be the families",
		// form = {units ✗, symbols ✗, naming ✓} = 1/3; substance = {assumptions ✓, boundary ✓} = 1; R_c = (1/3 + 1)/2 = 2/3; R = 0.7·2/3 + 0.3
		bench: "sciif", config: "groups: [{name: form, constraints: [units_standard, symbols_constants_standardization, variable_naming_consistency]}, {name: substance, constraints: [assumptions, boundary_conditions, applicability_range, cross_disciplinary_disambiguation, intra_discipline_definitions, numerical_methods, experimental_methods]}]",
		record: `{"id":"physics-0010","verdicts":{"correct":true,"constraints":{"assumptions":true,"boundary_conditions":true,"units_standard":false,"symbols_constants_standardization":false,"variable_naming_consistency":true}}}`,
		want:   0.7*2/3 + 0.3, parts: map[string]float64{"R_g.form": 1.0 / 3, "R_g.substance": 1, "R_c": 2.0 / 3, "R_a": 1}},
	{name: "sciif-answer-weight", reason: "the 0.7/0.3 split is configurable",
		// R = 0.5·1 + 0.5·0 = 0.5
		bench: "sciif", config: "answer_weight: 0.5",
		record: `{"id":"physics-0001","verdicts":{"correct":false,"constraints":{"numerical_methods":true}}}`,
		want:   0.5, parts: map[string]float64{"R_g.process": 1, "R_c": 1, "R_a": 0}},
	{name: "sciif-judges-strict", reason: "judges pass the MAIN points only: Strict fails the constraint; the rules find 1.288 rad correct",
		// s = 0 (point 3 NO); R_a = 1 (rule); R = 0 + 0.3 = 0.3
		bench: "sciif", record: `{"id":"physics-0001","response":"I use Newton's method on f(E) = E - e sin E - M.\n\n**Final Answer:** $E \\approx 1.288$ rad","judges":{"j1":{"correctness":"CORRECT: YES","constraints":{"numerical_methods":"POINT_1: YES\nPOINT_2: YES\nPOINT_3: NO\nOVERALL: NO"}},"j2":{"correctness":"CORRECT: YES","constraints":{"numerical_methods":"POINT_1: YES\nPOINT_2: YES\nPOINT_3: NO\nOVERALL: NO"}}}}`,
		want: 0.3, parts: map[string]float64{"R_g.process": 0, "R_c": 0, "R_a": 1}},
	{name: "sciif-judges-loose", reason: "the same record under Loose: MAIN points suffice",
		// s = 1; R = 0.7 + 0.3 = 1
		bench: "sciif", config: "policy: loose", record: `{"id":"physics-0001","response":"I use Newton's method on f(E) = E - e sin E - M.\n\n**Final Answer:** $E \\approx 1.288$ rad","judges":{"j1":{"correctness":"CORRECT: YES","constraints":{"numerical_methods":"POINT_1: YES\nPOINT_2: YES\nPOINT_3: NO\nOVERALL: NO"}},"j2":{"correctness":"CORRECT: YES","constraints":{"numerical_methods":"POINT_1: YES\nPOINT_2: YES\nPOINT_3: NO\nOVERALL: NO"}}}}`,
		want: 1, parts: map[string]float64{"R_g.process": 1, "R_c": 1, "R_a": 1}},
	{name: "sciif-rules-only", reason: "no judges, no verdicts: the rules decide correctness, R = R_a",
		// 1.288 rad equals the reference: R = R_a = 1
		bench: "sciif", record: `{"id":"physics-0001","response":"**Final Answer:** $E \\approx 1.288$ rad"}`,
		want: 1, parts: map[string]float64{"R_a": 1, "undecided": 0},
		label: "physics-0001", prompt: "Q: ", response: "**Final Answer:** $E \\approx 1.288$ rad"},
	{name: "sciif-missing-verdict", reason: "every enabled constraint needs its verdict", bench: "sciif",
		record: `{"id":"physics-0004","verdicts":{"correct":true,"constraints":{"boundary_conditions":true}}}`, field: "verdicts.constraints.units_standard"},

	// IFEval / IFBench: V = followed / instructions; F = V ± judge adjustment.
	{name: "ifeval-all-followed", reason: "lower case, no comma",
		// V = 2/2 = 1; no judge score: F = V = 1
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"i like to eat pears and drink water every single morning before work"}`,
		want: 1, parts: map[string]float64{"V": 1, "followed": 2, "instructions": 2, "undecided": 0},
		label: `{` + ifevalLowerNoComma + `}`, prompt: "p", response: "i like to eat pears and drink water every single morning before work"},
	{name: "ifeval-none-followed", reason: "a capital and a comma",
		// V = 0/2 = 0
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"Hello, world"}`,
		want: 0, parts: map[string]float64{"V": 0, "followed": 0, "instructions": 2, "undecided": 0},
		label: `{` + ifevalLowerNoComma + `}`, prompt: "p", response: "Hello, world"},
	{name: "ifeval-half", reason: "lower case but a comma",
		// V = 1/2
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"i like to eat pears, and i drink water every single morning before work"}`,
		want: 0.5, parts: map[string]float64{"V": 0.5, "followed": 1, "instructions": 2, "undecided": 0},
		label: `{` + ifevalLowerNoComma + `}`, prompt: "p", response: "i like to eat pears, and i drink water every single morning before work"},
	{name: "ifeval-bonus", reason: "judge score above α",
		// V = 0.5, S = 0.9 > 0.7: F = 0.5 + 0.1 = 0.6
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"i like to eat pears, and i drink water every single morning before work","judge_score":0.9}`,
		want: 0.6, parts: map[string]float64{"V": 0.5, "followed": 1, "instructions": 2, "undecided": 0, "S": 0.9, "adjustment": 0.1}},
	{name: "ifeval-penalty-at-threshold", reason: "S = α is not above it",
		// V = 0.5, S = 0.7 ≤ 0.7: F = 0.5 − 0.05 = 0.45
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"i like to eat pears, and i drink water every single morning before work","judge_score":0.7}`,
		want: 0.45, parts: map[string]float64{"V": 0.5, "followed": 1, "instructions": 2, "undecided": 0, "S": 0.7, "adjustment": -0.05}},
	{name: "ifeval-no-adjustment-at-zero", reason: "V ≤ 0 ignores the judge",
		// V = 0: F = V = 0
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"Hello, world","judge_score":0.95}`,
		want: 0, parts: map[string]float64{"V": 0, "followed": 0, "instructions": 2, "undecided": 0, "S": 0.95, "adjustment": 0}},
	{name: "ifeval-two-of-three", reason: "the keyword is missing",
		// V = 2/3
		bench: "ifeval", record: `{"prompt":"p","instruction_id_list":["change_case:english_lowercase","punctuation:no_comma","keywords:existence"],"kwargs":[{},{},{"keywords":["apple"]}],"response":"i like to eat pears and drink water every single morning before work"}`,
		want: 2.0 / 3, parts: map[string]float64{"V": 2.0 / 3, "followed": 2, "instructions": 3, "undecided": 0}},
	{name: "ifeval-all-or-nothing-fails", reason: "all_or_nothing: 2 of 3 is 0",
		// V = 0 (not all followed)
		bench: "ifeval", config: "all_or_nothing: true",
		record: `{"prompt":"p","instruction_id_list":["change_case:english_lowercase","punctuation:no_comma","keywords:existence"],"kwargs":[{},{},{"keywords":["apple"]}],"response":"i like to eat pears and drink water every single morning before work"}`,
		want:   0, parts: map[string]float64{"V": 0, "followed": 2, "instructions": 3, "undecided": 0}},
	{name: "ifeval-all-or-nothing-bonus", reason: "all_or_nothing passes, then the bonus",
		// V = 1, S = 0.8 > 0.7: F = 1.1
		bench: "ifeval", config: "all_or_nothing: true",
		record: `{"prompt":"p","instruction_id_list":["change_case:english_lowercase","punctuation:no_comma","keywords:existence"],"kwargs":[{},{},{"keywords":["apple"]}],"response":"i like to eat apples and drink water every single morning before work","judge_score":0.8}`,
		want:   1.1, parts: map[string]float64{"V": 1, "followed": 3, "instructions": 3, "undecided": 0, "S": 0.8, "adjustment": 0.1}},
	{name: "ifeval-strict-first-line", reason: "Strict reads the response as written",
		// "Sure" has a capital: V = 0/1
		bench: "ifeval", record: `{"prompt":"p","instruction_id_list":["change_case:english_lowercase"],"kwargs":[{}],"response":"Sure\ni like to eat pears and drink water every single morning before work"}`,
		want: 0, parts: map[string]float64{"V": 0, "followed": 0, "instructions": 1, "undecided": 0}},
	{name: "ifeval-loose-first-line", reason: "Loose drops the first line",
		// without "Sure": V = 1/1
		bench: "ifeval", config: "mode: loose",
		record: `{"prompt":"p","instruction_id_list":["change_case:english_lowercase"],"kwargs":[{}],"response":"Sure\ni like to eat pears and drink water every single morning before work"}`,
		want:   1, parts: map[string]float64{"V": 1, "followed": 1, "instructions": 1, "undecided": 0}},
	{name: "ifeval-custom-judge", reason: "α, bonus and penalty are configurable",
		// V = 1, S = 0.6 > α = 0.5: F = 1 + 0.2 = 1.2
		bench: "ifeval", config: "judge: {threshold: 0.5, bonus: 0.2, penalty: 0.1}",
		record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"i like to eat pears and drink water every single morning before work","judge_score":0.6}`,
		want:   1.2, parts: map[string]float64{"V": 1, "followed": 2, "instructions": 2, "undecided": 0, "S": 0.6, "adjustment": 0.2}},
	{name: "ifeval-empty-response", reason: "an empty response follows nothing",
		// V = 0/2
		bench: "ifeval", record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":""}`,
		want: 0, parts: map[string]float64{"V": 0, "followed": 0, "instructions": 2, "undecided": 0}},
	{name: "ifeval-bad-judge-score", reason: "S is in [0, 1]", bench: "ifeval",
		record: `{"prompt":"p",` + ifevalLowerNoComma + `,"response":"x","judge_score":7}`, field: "judge_score"},

	// Complex-IF rubric (complex-if-demo: α 0.5, β 1, 2 judges); task
	// cif-01 has primary p1–p8, extra e1–e2, dodged d1–d2. A criterion is
	// satisfied when both judges say YES.
	{name: "rubric-all-met", reason: "every criterion YES from both judges",
		// PI = 8/8, EC = 2/2, DB = 0/2 violated: r = 1 + 0.5·1 − 1·0 = 1.5
		bench: "complex-if-demo", record: cifRecord(cifAll, cifAll), query: "response",
		want: 1.5, parts: map[string]float64{"PI": 1, "EC": 1, "DB": 0}},
	{name: "rubric-one-judge-says-no", reason: "a NO from either judge fails the criterion",
		// j1 fails p7, p8, e2, d2: PI = 6/8, EC = 1/2, DB = 1/2: r = 0.75 + 0.25 − 0.5 = 0.5
		bench: "complex-if-demo", record: cifRecord(cifSome, cifAll), query: "response",
		want: 0.5, parts: map[string]float64{"PI": 0.75, "EC": 0.5, "DB": 0.5}},
	{name: "rubric-empty-judge", reason: "an empty output is NO on every criterion",
		// PI = 0, EC = 0, DB = 2/2: r = 0 + 0 − 1 = −1
		bench: "complex-if-demo", record: cifRecord("", cifAll), query: "response",
		want: -1, parts: map[string]float64{"PI": 0, "EC": 0, "DB": 1}},
	{name: "rubric-unanswered-and-conflict", reason: "a criterion left out or answered both ways is NO",
		// j1 leaves out p1 and says d1 YES then NO: PI = 7/8, EC = 1, DB = 1/2: r = 0.875 + 0.5 − 0.5 = 0.875
		bench: "complex-if-demo", record: cifRecord(strings.Replace(cifAll, `p1: YES\n`, "", 1)+`\nd1: NO`, cifAll), query: "response",
		want: 0.875, parts: map[string]float64{"PI": 0.875, "EC": 1, "DB": 0.5}},
	{name: "rubric-three-judges", reason: "the protocol uses two judges", bench: "complex-if-demo",
		record: `{"id":"cif-01","response":"r","judges":{"a":"` + cifAll + `","b":"` + cifAll + `","c":"` + cifAll + `"}}`, query: "response", field: "judges"},

	// Point-weighted rubric (healthbench-demo, 2 judges); task hb-01:
	// c1 +7, c2 +7, c3 +5, c4 +5, c5 +3, c6 +3, c7 −8, c8 −6, c9 −4 (30
	// positive points). YES on a negative criterion means the fault is there.
	{name: "points-all-positive", reason: "every positive criterion met, no fault",
		// 30/30 = 1
		bench: "healthbench-demo", record: hbRecord("c1 c2 c3 c4 c5 c6"), query: "response",
		want: 1, parts: map[string]float64{"score": 1, "points": 30, "positive": 30, "negative_met": 0}},
	{name: "points-with-a-fault", reason: "a fault's points are subtracted",
		// (7 + 7 − 8)/30 = 0.2
		bench: "healthbench-demo", record: hbRecord("c1 c2 c7"), query: "response",
		want: 0.2, parts: map[string]float64{"score": 0.2, "points": 6, "positive": 30, "negative_met": 1}},
	{name: "points-clipped-at-zero", reason: "the score is clipped to [0, 1]",
		// (−8 − 6)/30 < 0: 0
		bench: "healthbench-demo", record: hbRecord("c7 c8"), query: "response",
		want: 0, parts: map[string]float64{"score": 0, "points": -14, "positive": 30, "negative_met": 2}},
	{name: "points-odd-fraction", reason: "a third of the points",
		// (5 + 5)/30 = 1/3
		bench: "healthbench-demo", record: hbRecord("c3 c4"), query: "response",
		want: 1.0 / 3, parts: map[string]float64{"score": 1.0 / 3, "points": 10, "positive": 30, "negative_met": 0}},

	// The verifier kind (sciverify-demo: l_max 1024, l_buffer 256, λ 0.5;
	// math-001 is labelled True, math-005 False), Strict: the last line
	// must be "Final Judgment: True|False".
	{name: "verifier-kind-agrees", reason: "the verdict matches the label, within l_max",
		// 1 + 0
		bench: "sciverify-demo", record: `{"id":"math-001","output":"Both are 1.\nFinal Judgment: True","output_tokens":1024}`, query: "output",
		want: 1, parts: map[string]float64{"R_align": 1, "P_overlong": 0}},
	{name: "verifier-kind-into-the-buffer", reason: "half-way into the buffer costs half of λ",
		// 1 − (1152 − 1024)/256 · 0.5 = 0.75
		bench: "sciverify-demo", record: `{"id":"math-001","output":"Both are 1.\nFinal Judgment: True","output_tokens":1152}`, query: "output",
		want: 0.75, parts: map[string]float64{"R_align": 1, "P_overlong": -0.25}},
	{name: "verifier-kind-wrong-and-long", reason: "a wrong verdict beyond the buffer",
		// 0 − 0.5
		bench: "sciverify-demo", record: `{"id":"math-005","output":"They agree.\nFinal Judgment: True","output_tokens":5000}`, query: "output",
		want: -0.5, parts: map[string]float64{"R_align": 0, "P_overlong": -0.5}},
	{name: "verifier-kind-strict-last-line", reason: "Strict wants the verdict on the last line",
		// "Final Judgment: False" is not the last line: no verdict, 0 + 0
		bench: "sciverify-demo", record: `{"id":"math-005","output":"Final Judgment: False\nThat is all.","output_tokens":10}`, query: "output",
		want: 0, parts: map[string]float64{"R_align": 0, "P_overlong": 0}},
	{name: "verifier-kind-terse-style", reason: "the terse style's last line is True or False",
		// 1 + 0
		bench: "sciverify-demo", record: `{"id":"math-005","output":"False","style":"terse","output_tokens":1}`, query: "output",
		want: 1, parts: map[string]float64{"R_align": 1, "P_overlong": 0}},
	{name: "verifier-kind-needs-tokens", reason: "the benchmark declares a penalty", bench: "sciverify-demo",
		record: `{"id":"math-001","output":"Final Judgment: True"}`, query: "output", field: "output_tokens"},

	// SCI-Verifier: R = R_align + P_overlong, L_max 100, L_buffer 50, λ 1.
	{name: "verifier-agree-short", reason: "agreement, no penalty",
		// 1 + 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":true,"label":true,"tokens":80}`, query: "-",
		want: 1, parts: map[string]float64{"R_align": 1, "P_overlong": 0, "tokens": 80}},
	{name: "verifier-disagree", reason: "a wrong verdict earns nothing",
		// 0 + 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":true,"label":false,"tokens":80}`,
		want: 0, parts: map[string]float64{"R_align": 0, "P_overlong": 0, "tokens": 80}},
	{name: "verifier-at-lmax", reason: "|o| = L_max is not over",
		// 1 + 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":false,"label":false,"tokens":100}`,
		want: 1, parts: map[string]float64{"R_align": 1, "P_overlong": 0, "tokens": 100}},
	{name: "verifier-linear", reason: "half-way into the buffer",
		// 1 − (125 − 100)/50 · 1 = 0.5
		formula: "sci-verifier", config: svConfig, record: `{"verdict":true,"label":true,"tokens":125}`, query: "-",
		want: 0.5, parts: map[string]float64{"R_align": 1, "P_overlong": -0.5, "tokens": 125}},
	{name: "verifier-buffer-end", reason: "the end of the buffer is the full penalty",
		// 1 − (150 − 100)/50 = 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":true,"label":true,"tokens":150}`,
		want: 0, parts: map[string]float64{"R_align": 1, "P_overlong": -1, "tokens": 150}},
	{name: "verifier-beyond", reason: "beyond the buffer: −λ",
		// 1 − 1 = 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":true,"label":true,"tokens":151}`,
		want: 0, parts: map[string]float64{"R_align": 1, "P_overlong": -1, "tokens": 151}},
	{name: "verifier-wrong-and-long", reason: "both terms negative or zero",
		// 0 − 1 = −1
		formula: "sci-verifier", config: svConfig, record: `{"verdict":false,"label":true,"tokens":175}`, query: "-",
		want: -1, parts: map[string]float64{"R_align": 0, "P_overlong": -1, "tokens": 175}},
	{name: "verifier-no-verdict", reason: "no verdict is not agreement",
		// 0 + 0
		formula: "sci-verifier", config: svConfig, record: `{"verdict":null,"label":true,"tokens":10}`, query: "-",
		want: 0, parts: map[string]float64{"R_align": 0, "P_overlong": 0, "tokens": 10}},
	{name: "verifier-negative-agree", reason: "agreeing on False counts",
		// 1 − 10/50 = 0.8
		formula: "sci-verifier", config: svConfig, record: `{"verdict":false,"label":false,"tokens":110}`,
		want: 0.8, parts: map[string]float64{"R_align": 1, "P_overlong": -0.2, "tokens": 110}},
	{name: "verifier-lambda", reason: "λ scales the penalty",
		// 1 − 30/50 · 0.5 = 0.7
		formula: "sci-verifier", config: "{l_max: 100, l_buffer: 50, lambda: 0.5}", record: `{"verdict":true,"label":true,"tokens":130}`,
		want: 0.7, parts: map[string]float64{"R_align": 1, "P_overlong": -0.3, "tokens": 130}},
	{name: "verifier-empty-output", reason: "zero tokens",
		// 1 + 0
		formula: "sci-verifier", config: svConfig, record: `{"id":"q7","verdict":true,"label":true,"tokens":0}`,
		want: 1, parts: map[string]float64{"R_align": 1, "P_overlong": 0, "tokens": 0}},
	{name: "verifier-bad-tokens", reason: "a length is not negative", formula: "sci-verifier", config: svConfig,
		record: `{"verdict":true,"label":true,"tokens":-1}`, query: "-", field: "tokens"},

	// Complex-IF, equation 1: r = PI + α·EC − β·DB, α 0.5, β 0.4.
	{name: "complexif-pi-only", reason: "empty EC and DB terms are 0",
		// 2/2 + 0 − 0 = 1
		formula: "complex-if", config: cxConfig, record: `{"pi":[true,true],"ec":[],"db":[]}`,
		want: 1, parts: map[string]float64{"PI": 1, "EC": 0, "DB": 0}},
	{name: "complexif-mixed", reason: "a satisfied DB criterion costs nothing",
		// 1/2 + 0.5·1 − 0.4·0 = 1
		formula: "complex-if", config: cxConfig, record: `{"pi":[true,false],"ec":[true],"db":[true]}`,
		want: 1, parts: map[string]float64{"PI": 0.5, "EC": 1, "DB": 0}},
	{name: "complexif-all-terms", reason: "each term a half",
		// 2/4 + 0.5·1/2 − 0.4·1/2 = 0.5 + 0.25 − 0.2 = 0.55
		formula: "complex-if", config: cxConfig, record: `{"pi":[true,false,false,true],"ec":[false,true],"db":[false,true]}`, query: "-",
		want: 0.55, parts: map[string]float64{"PI": 0.5, "EC": 0.5, "DB": 0.5}},
	{name: "complexif-no-pi", reason: "an empty PI term is 0",
		// 0 + 0.5·1 − 0.4·1 = 0.1
		formula: "complex-if", config: cxConfig, record: `{"ec":[true],"db":[false]}`,
		want: 0.1, parts: map[string]float64{"PI": 0, "EC": 1, "DB": 1}},
	{name: "complexif-negative", reason: "the penalty can make r negative",
		// 0/1 + 0 − 0.4·2/2 = −0.4
		formula: "complex-if", config: cxConfig, record: `{"pi":[false],"db":[false,false]}`, query: "-",
		want: -0.4, parts: map[string]float64{"PI": 0, "EC": 0, "DB": 1}},
	{name: "complexif-no-extra-credit", reason: "unmet EC criteria never penalise",
		// 3/3 + 0.5·0 − 0.4·0 = 1
		formula: "complex-if", config: cxConfig, record: `{"pi":[true,true,true],"ec":[false,false],"db":[true,true,true]}`,
		want: 1, parts: map[string]float64{"PI": 1, "EC": 0, "DB": 0}},
	{name: "complexif-defaults", reason: "α = β = 0 by default: the fraction of PI",
		// 2/3 + 0 − 0
		formula: "complex-if", record: `{"pi":[true,false,true],"ec":[true],"db":[false]}`, query: "-",
		want: 2.0 / 3, parts: map[string]float64{"PI": 2.0 / 3, "EC": 1, "DB": 1}},
	{name: "complexif-quarters", reason: "fractions of four",
		// 1 + 0.5·3/4 − 0.4·3/4 = 1 + 0.375 − 0.3 = 1.075
		formula: "complex-if", config: cxConfig, record: `{"pi":[true],"ec":[true,true,true,false],"db":[true,false,false,false]}`,
		want: 1.075, parts: map[string]float64{"PI": 1, "EC": 0.75, "DB": 0.75}},
	{name: "complexif-unit-weights", reason: "α = β = 1",
		// 0 + 1 − 1 = 0
		formula: "complex-if", config: "{alpha: 1, beta: 1}", record: `{"pi":[false,false],"ec":[true],"db":[false]}`,
		want: 0, parts: map[string]float64{"PI": 0, "EC": 1, "DB": 1}},
	{name: "complexif-single", reason: "one PI criterion",
		// 1
		formula: "complex-if", config: cxConfig, record: `{"id":"task-3","pi":[true]}`,
		want: 1, parts: map[string]float64{"PI": 1, "EC": 0, "DB": 0}},
	{name: "complexif-thirds", reason: "a third of PI, half the DB violated",
		// 1/3 − 0.4·1/2 = 0.1333…
		formula: "complex-if", config: cxConfig, record: `{"pi":[true,false,false],"ec":[],"db":[true,false]}`,
		want: 1.0/3 - 0.4*0.5, parts: map[string]float64{"PI": 1.0 / 3, "EC": 0, "DB": 0.5}},
	{name: "complexif-no-criteria", reason: "a record without verdicts", formula: "complex-if", config: cxConfig,
		record: `{"id":"task-4"}`, query: "-", field: "pi"},
}

const (
	svConfig = "{l_max: 100, l_buffer: 50, lambda: 1}"
	cxConfig = "{alpha: 0.5, beta: 0.4}"
)

// cifAll and cifSome are judge outputs on task cif-01 of complex-if-demo,
// as JSON string content: every criterion YES, and p7, p8, e2, d2 NO.
const (
	cifAll  = `p1: YES\np2: YES\np3: YES\np4: YES\np5: YES\np6: YES\np7: YES\np8: YES\ne1: YES\ne2: YES\nd1: YES\nd2: YES`
	cifSome = `p1: YES\np2: YES\np3: YES\np4: YES\np5: YES\np6: YES\np7: NO\np8: NO\ne1: YES\ne2: NO\nd1: YES\nd2: NO`
)

// cifRecord is a record of task cif-01 with the two judges' outputs.
func cifRecord(j1, j2 string) string {
	return `{"id":"cif-01","response":"Rotate the slot weekly.","judges":{"j1":"` + j1 + `","j2":"` + j2 + `"}}`
}

// hbRecord is a record of task hb-01 of healthbench-demo whose two judges
// say YES to the criteria met (space-separated ids) and NO to the others.
func hbRecord(met string) string {
	var lines []string
	for c := 1; c <= 9; c++ {
		id := fmt.Sprintf("c%d", c)
		v := "NO"
		if slices.Contains(strings.Fields(met), id) {
			v = "YES"
		}
		lines = append(lines, id+": "+v)
	}
	out := strings.Join(lines, `\n`)
	return `{"id":"hb-01","response":"Stay at home tonight.","judges":{"a":"` + out + `","b":"` + out + `"}}`
}

// queryLabel splits a record into the /get_reward label and the response
// of the query: the label is the record without field, field's value the
// response; field "-" makes the whole record the label.
func queryLabel(t testing.TB, record, field string) (label, response string) {
	t.Helper()
	if field == "-" {
		return record, "not read"
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(record), &m); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(m[field], &response); err != nil {
		t.Fatalf("%s: %v", field, err)
	}
	delete(m, field)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), response
}

// TestRewardTable checks every hand-checked reward through `sciif reward`
// and through the server's /v1/rewards (and /get_reward where the case has
// a label): the two give the same numbers, as text, and those are the
// hand-computed ones (to 1e-12: the hand arithmetic rounds differently).
func TestRewardTable(t *testing.T) {
	root := moduleRoot(t)
	for _, tc := range rewardCases {
		t.Run(tc.name, func(t *testing.T) {
			name, dir := tc.formula, ""
			var benches []kind.Benchmark
			if tc.bench != "" {
				name, dir = tc.bench, filepath.Join(root, "benchmarks", tc.bench)
				var err error
				if benches, err = kind.Open(registry, "", []string{dir}); err != nil {
					t.Fatal(err)
				}
			}
			tmp := t.TempDir()
			cfgText := ""
			if tc.config != "" {
				cfgText = name + ":\n  " + tc.config + "\n"
			}
			cfgPath := filepath.Join(tmp, "reward.yaml")
			in := filepath.Join(tmp, "in.jsonl")
			if err := os.WriteFile(cfgPath, []byte(cfgText), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(in, []byte(tc.record+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"reward", "--config", cfgPath, in}
			if dir != "" {
				args = append(args, "--benchmark", dir)
			} else {
				args = append(args, "--formula", name)
			}
			var out, errb bytes.Buffer
			code := run(context.Background(), args, &out, &errb)
			cli := decodeLine(t, out.Bytes())

			cfg, err := reward.ParseConfig("reward.yaml", []byte(cfgText))
			if err != nil {
				t.Fatal(err)
			}
			set, err := reward.NewSet(benches, cfg, kind.Options{})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(reward.NewServer(set, reward.DefaultOptions()).Handler())
			defer srv.Close()
			body := `{"benchmark":"` + name + `","records":[` + tc.record + `]}`
			var resp struct {
				Results []map[string]any `json:"results"`
			}
			postJSON(t, srv.URL+"/v1/rewards", body, http.StatusOK, &resp)
			if len(resp.Results) != 1 {
				t.Fatalf("server: %d results, want 1", len(resp.Results))
			}
			api := resp.Results[0]

			if tc.field != "" {
				if code != 1 || cli["field"] != tc.field || api["field"] != tc.field {
					t.Fatalf("bad record: exit %d, CLI field %v, server field %v; want exit 1 and field %q\n%s", code, cli["field"], api["field"], tc.field, out.String())
				}
				if tc.query != "" {
					// The same fault in a label refuses the request.
					label, response := queryLabel(t, tc.record, tc.query)
					req, _ := json.Marshal(map[string][]string{"query": {"Q: " + response}, "prompts": {"Q: "}, "labels": {label}})
					var e map[string]any
					postJSON(t, srv.URL+"/get_reward?benchmark="+name, string(req), http.StatusUnprocessableEntity, &e)
					if e["field"] != "label."+tc.field || e["index"] != json.Number("0") {
						t.Errorf("/get_reward: %v, want 422 on label.%s at index 0", e, tc.field)
					}
				}
				return
			}
			if code != 0 {
				t.Fatalf("sciif reward: exit %d\n%s%s", code, out.String(), errb.String())
			}
			if got, srvGot := cli["reward"].(json.Number), api["reward"].(json.Number); got != srvGot {
				t.Errorf("reward: CLI %s, server %s", got, srvGot)
			}
			if diff := cmpParts(cli["parts"], api["parts"]); diff != "" {
				t.Errorf("parts differ between CLI and server: %s", diff)
			}
			if got := num(t, cli["reward"]); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("reward %v, want %v (%s)", got, tc.want, tc.reason)
			}
			parts := cli["parts"].(map[string]any)
			if len(parts) != len(tc.parts) {
				t.Errorf("parts %v, want %v", parts, tc.parts)
			}
			for k, want := range tc.parts {
				if got := num(t, parts[k]); math.Abs(got-want) > 1e-12 {
					t.Errorf("part %s = %v, want %v", k, got, want)
				}
			}
			label, prompt, response := tc.label, tc.prompt, tc.response
			if tc.query != "" {
				prompt = "Q: "
				label, response = queryLabel(t, tc.record, tc.query)
			}
			if label != "" {
				var gr struct {
					Rewards   []json.Number            `json:"rewards"`
					ExtraLogs map[string][]json.Number `json:"extra_logs"`
				}
				req, _ := json.Marshal(map[string][]string{"query": {prompt + response}, "prompts": {prompt}, "labels": {label}})
				postJSON(t, srv.URL+"/get_reward?benchmark="+name, string(req), http.StatusOK, &gr)
				if len(gr.Rewards) != 1 || gr.Rewards[0] != cli["reward"].(json.Number) {
					t.Errorf("/get_reward: rewards %v, want [%s]", gr.Rewards, cli["reward"])
				}
				for k, v := range parts {
					if got := gr.ExtraLogs[k]; len(got) != 1 || got[0] != v.(json.Number) {
						t.Errorf("/get_reward: extra_logs %s = %v, want [%s]", k, got, v)
					}
				}
			}
		})
	}
}

func decodeLine(t *testing.T, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("output %q: %v", b, err)
	}
	return m
}

func postJSON(t *testing.T, url, body string, wantCode int, v any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantCode {
		t.Fatalf("POST %s: %d, want %d: %s", url, resp.StatusCode, wantCode, data)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("POST %s: %v: %s", url, err, data)
	}
}

func num(t *testing.T, v any) float64 {
	t.Helper()
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("%v is not a number", v)
	}
	f, err := n.Float64()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func cmpParts(a, b any) string {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	if len(am) != len(bm) {
		return "different part names"
	}
	for k, v := range am {
		if bm[k] != v {
			return k
		}
	}
	return ""
}
