package publish

import "testing"

// TestReleaseAtLeast: syncfs reports write-back failures from Linux 5.8
// on, and only there is a draft synced at once.
func TestReleaseAtLeast(t *testing.T) {
	for _, tt := range []struct {
		release string
		want    bool
	}{
		{"5.8.0", true}, {"5.8-rc1", true}, {"6.1.0-18-amd64", true}, {"6.18.44-fc-v669", true},
		{"10.0", true}, {"5.7.19", false}, {"4.19.0-26-amd64", false}, {"5", false}, {"", false}, {"x.y", false},
	} {
		if got := releaseAtLeast(tt.release, 5, 8); got != tt.want {
			t.Errorf("releaseAtLeast(%q, 5, 8) = %v, want %v", tt.release, got, tt.want)
		}
	}
}
