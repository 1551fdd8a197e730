//go:build !linux

package publish

import (
	"errors"
	"os"
)

// syncsWhole is false: without syncfs(2) every file and folder of the
// draft is synced one by one.
var syncsWhole = false

func syncFS(*os.File) error { return errors.ErrUnsupported }
