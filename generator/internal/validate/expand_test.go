package validate

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExpandDoesNotFollowLinks: a path that is a symbolic link stands for
// itself (the check refuses it), never for the folders it points to; in
// a results folder, links and other entries that are neither folders nor
// regular files are listed, as the build refuses them too.
func TestExpandDoesNotFollowLinks(t *testing.T) {
	root := t.TempDir()
	results := filepath.Join(root, "results")
	folder(t, filepath.Join(results, "a"), map[string]string{"metadata.yaml": goodMeta})
	folder(t, results, map[string]string{"README.md": "x"})
	for _, l := range []struct{ target, link string }{
		{results, filepath.Join(root, "board")},
		{filepath.Join(results, "a"), filepath.Join(root, "sub")},
		{filepath.Join(results, "a"), filepath.Join(results, "z-link")},
		{filepath.Join(results, "README.md"), filepath.Join(results, "y-file-link")},
	} {
		if err := os.Symlink(l.target, l.link); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(results, "x-fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, reason string
		paths, want  []string
	}{
		{
			name:   "link to a results folder",
			reason: "walking it would validate folders through the link",
			paths:  []string{filepath.Join(root, "board")},
			want:   []string{filepath.Join(root, "board")},
		},
		{
			name:   "link to a results folder, trailing slash",
			reason: "a trailing slash must not make the link be followed",
			paths:  []string{filepath.Join(root, "board") + "/"},
			want:   []string{filepath.Join(root, "board")},
		},
		{
			name:   "link to a submission",
			reason: "the link is the submission given, and is refused as such",
			paths:  []string{filepath.Join(root, "sub")},
			want:   []string{filepath.Join(root, "sub")},
		},
		{
			name:   "results folder holding links and a FIFO",
			reason: "the build refuses every entry that is neither a folder nor a regular file",
			paths:  []string{results},
			want:   []string{filepath.Join(results, "a"), filepath.Join(results, "x-fifo"), filepath.Join(results, "y-file-link"), filepath.Join(results, "z-link")},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Expand(tc.paths)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.reason, diff)
			}
		})
	}
}
