package buildcache

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
)

// TestFileDigestIsBLAKE3 checks fileDigest against BLAKE3's published
// test vectors (input byte i is i mod 251), at lengths that end inside a
// chunk, on a chunk's edge and past several of the read buffer's blocks.
func TestFileDigestIsBLAKE3(t *testing.T) {
	vectors := []struct {
		n    int
		want string
	}{
		{0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
		{1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"},
		{1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"},
		{1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"},
		{102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"},
	}
	dir := t.TempDir()
	for _, v := range vectors {
		data := make([]byte, v.n)
		for i := range data {
			data[i] = byte(i % 251)
		}
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := fileDigest(p)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(got) != v.want {
			t.Errorf("%d bytes: digest %x, want %s", v.n, got, v.want)
		}
	}
}
