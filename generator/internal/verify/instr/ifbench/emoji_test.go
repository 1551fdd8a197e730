package ifbench

import (
	"testing"

	"github.com/sciif/leaderboard/generator/internal/verify/instr"
)

// TestEmojiFollowsEmojiPackage checks format:emoji on the cases where an
// approximation from Unicode's Emoji property goes wrong. The expected values
// come from the official EmojiSentenceChecker with the emoji package 2.14.1
// (see SOURCE.md).
func TestEmojiFollowsEmojiPackage(t *testing.T) {
	tests := []struct {
		name, reason string
		resp         string
		want         bool
	}{
		{name: "flag", reason: "a flag ends in a regional-indicator letter, which is not an emoji on its own", resp: "I love America 🇺🇸.", want: false},
		{name: "regional indicator alone", reason: "not a key of EMOJI_DATA", resp: "Letters 🇦.", want: false},
		{name: "keycap", reason: "the last two characters are U+FE0F and U+20E3", resp: "Press 1️⃣.", want: false},
		{name: "keycap hash", reason: "neither '#' nor U+20E3 is an emoji alone", resp: "Hashtag #️⃣", want: false},
		{name: "ZWJ sequence", reason: "the sequence ends in an emoji", resp: "Coding 👨\u200d💻.", want: true},
		{name: "skin tone", reason: "skin-tone modifiers are component entries of EMOJI_DATA", resp: "Thumbs 👍🏽.", want: true},
		{name: "variation selector", reason: "the second-to-last character is the heart", resp: "Love ❤️.", want: true},
		{name: "Emoji 16.0 face", reason: "U+1FAE9 face with bags under eyes is in the 2.14 data", resp: "Tired 🫩.", want: true},
		{name: "Emoji 16.0 fingerprint", reason: "U+1FAC6 is in the 2.14 data", resp: "Fingerprint 🫆.", want: true},
		{name: "copyright", reason: "© is an unqualified emoji entry", resp: "Copyright ©.", want: true},
		{name: "next sentence starts with emoji", reason: "a following sentence may carry the emoji at its start", resp: "Done ✅. Next 🇫🇷 Then 😀", want: true},
		{name: "emoji not last", reason: "only the last two characters count", resp: "Smile 😀 ok.", want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkEmoji("", tt.resp, instr.Args{})
			if got.Followed != tt.want {
				t.Errorf("checkEmoji(%q) = %v (%s), want %v: %s", tt.resp, got.Followed, got.Reason, tt.want, tt.reason)
			}
		})
	}
}
