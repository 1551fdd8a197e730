package ingest

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A line of exactly MaxLine bytes is within the limit, whatever its line
// end: the line end is not part of the line (a line of 4 MiB and its
// "\n" was refused as "longer than 4 MiB"). One byte more is refused.
func TestLinesAcceptsALineOfExactlyMaxLine(t *testing.T) {
	full := strings.Repeat("x", MaxLine)
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"LF", full + "\n{}\n", true},
		{"CRLF", full + "\r\n{}\n", true},
		{"last line without a line end", "{}\n" + full, true},
		{"one byte over, LF", full + "x\n{}\n", false},
		{"one byte over, CRLF", full + "x\r\n{}\n", false},
		{"one byte over at the end", "{}\n" + full + "x", false},
	} {
		var lens []int
		err := Lines("f", strings.NewReader(tc.in), func(_ int, data []byte) { lens = append(lens, len(data)) })
		var le *LineError
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.ok && (len(lens) != 2 || lens[0] != MaxLine && lens[1] != MaxLine):
			t.Errorf("%s: lines of %v bytes, want one of %d", tc.name, lens, MaxLine)
		case !tc.ok && (!errors.As(err, &le) || !strings.Contains(le.Msg, "longer than")):
			t.Errorf("%s: got %v, want the line refused", tc.name, err)
		}
	}
}

// A size one byte over its limit is not said as equal to it ("file is
// 64 KiB, larger than the 64 KiB limit"): when rounding hides the
// difference, both are given in bytes.
func TestSizesOverALimitDiffer(t *testing.T) {
	for _, tc := range []struct {
		n, limit int64
		got, lim string
	}{
		{65537, 65536, "65,537 bytes", "64 KiB (65,536 bytes)"},
		{70 << 10, 64 << 10, "70 KiB", "64 KiB"},
		{MaxLine + 1, MaxLine, "4,194,305 bytes", "4.0 MiB (4,194,304 bytes)"},
		{2 << 30, 1 << 30, "2.0 GiB", "1.0 GiB"},
	} {
		if got, lim := Sizes(tc.n, tc.limit); got != tc.got || lim != tc.lim {
			t.Errorf("Sizes(%d, %d) = %q, %q; want %q, %q", tc.n, tc.limit, got, lim, tc.got, tc.lim)
		}
	}
	dir := t.TempDir()
	path := dir + "/metadata.yaml"
	if err := os.WriteFile(path, []byte(strings.Repeat("#", MaxSmall+1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, probs := Metadata(path)
	if len(probs) != 1 || !strings.Contains(probs[0].Msg, "file is 65,537 bytes, larger than the 64 KiB (65,536 bytes) limit") {
		t.Errorf("metadata.yaml one byte over: %v", probs)
	}
}

// The organization and the size, shown in every row of a board beside
// the name, are held to the name's characters (no control, bidirectional
// or invisible ones) and to MaxShortField characters: a newline, a
// right-to-left override and 60,000 characters were accepted.
func TestOrganizationAndParamsAreShortAndVisible(t *testing.T) {
	meta := func(org, params string) string {
		return "name: M\norganization: " + org + "\nopen_weights: true\ndate: 2026-01-02\nparams: " + params + "\n"
	}
	for _, tc := range []struct{ name, data, want string }{
		{"plain", meta("Acme Lab (Zürich) 研究所", "8B (MoE, 1.5B active)"), ""},
		{"newline", meta(`"Acme\nLab"`, "8B"), "m/metadata.yaml:2: organization: holds a control character (U+000A) at byte 4"},
		{"override", meta(`"Acme\u202eLab"`, "8B"), "m/metadata.yaml:2: organization: holds a bidirectional control character (U+202E) at byte 4"},
		{"long", meta(strings.Repeat("O", MaxShortField+1), "8B"), "m/metadata.yaml:2: organization: is 201 characters long, longer than the 200 allowed"},
		{"params", meta("Acme", `"8B\t(dense)"`), "m/metadata.yaml:5: params: holds a control character (U+0009) at byte 2"},
	} {
		_, probs := DecodeMetadata("m/metadata.yaml", []byte(tc.data))
		var got []string
		for _, p := range probs {
			got = append(got, p.String())
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("%s: problems %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A hidden folder is one the build skips: validate, given it by name,
// says so rather than only that its name is not a slug.
func TestHiddenFolderSaysTheBuildSkipsIt(t *testing.T) {
	dir := t.TempDir() + "/.acme-7b"
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	_, probs := CheckFolder(dir, []string{"responses.jsonl"})
	if len(probs) == 0 || !strings.Contains(probs[0].Msg, `folder name ".acme-7b" starts with a dot: sciif build skips hidden folders`) {
		t.Errorf("problems %v", probs)
	}
}
