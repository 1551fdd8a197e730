package kindtest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// lines splits data into its non-blank lines, without their "\r".
func lines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, bytes.TrimRight(l, "\r"))
		}
	}
	return out
}

// writeFile writes data at path, making its folders.
func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyFile copies the file from to the path to.
func copyFile(t testing.TB, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatalf("kindtest: %v", err)
	}
	writeFile(t, to, data)
}

// copyTree copies the regular files and folders under from into to.
func copyTree(t testing.TB, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		case d.Type().IsRegular():
			copyFile(t, path, filepath.Join(to, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("kindtest: copying %s: %v", from, err)
	}
}
