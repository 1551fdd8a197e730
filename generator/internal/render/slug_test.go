package render

import "testing"

func TestSlugAndURL(t *testing.T) {
	tests := []struct {
		name, reason, in, slug, url string
	}{
		{"simple", "ids of letters, digits and -_. are kept", "gpt-5.1_high", "gpt-5.1_high", ""},
		{"slash", "a slash would make a folder", "a/b", "x-612f62", ""},
		{"dotdot", "a leading dot could climb out of the folder", "..", "x-2e2e", ""},
		{"https", "https links are kept", "https://example.org/a?b=c", "x-68747470733a2f2f6578616d706c652e6f72672f613f623d63", "https://example.org/a?b=c"},
		{"javascript", "script URLs are dropped", "javascript:alert(1)", "x-6a6176617363726970743a616c657274283129", ""},
		{"relative", "only absolute links are kept", "/etc/passwd", "x-2f6574632f706173737764", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Slug(tt.in); got != tt.slug {
				t.Errorf("slug(%q) = %q, want %q (%s)", tt.in, got, tt.slug, tt.reason)
			}
			if got := SafeURL(tt.in); got != tt.url {
				t.Errorf("safeURL(%q) = %q, want %q (%s)", tt.in, got, tt.url, tt.reason)
			}
		})
	}
}
