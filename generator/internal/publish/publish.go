// Package publish is the last stage of the pipeline and its only writer:
// it puts rendered files on disk as a complete site.
//
// A publication is a Draft. Begin checks the output folder and makes a
// hidden temporary folder beside it; Create and WriteFile fill that folder,
// from several goroutines if need be; Commit swaps it into place in one
// step, so readers, and a build killed at any moment, find the old site or
// the new one, never a mix and never nothing; Abort throws the draft away
// (or, with Options.Reuse, keeps it as the spare).
// Files are written with mode 0644 and folders with 0755 whatever the umask, so the
// same files give a byte- and mode-identical site.
//
// Publishing destroys nothing but a previous site of ours. Every site
// carries a marker file, .sciif-site, at its root, and Begin refuses an
// output folder that
//
//   - is, contains or lies inside a folder in Options.Protect (the results
//     and benchmark folders);
//   - is or contains a folder in Options.Roots, the working directory, or
//     the nearest folder holding go.mod or .git above the working directory
//     or the output folder (a site may lie inside them, as site/ does);
//   - is an existing file or anything else that is not a folder;
//   - is a folder that holds files but no marker.
//
// Paths are compared absolute, with symbolic links resolved. An output path
// that is a symbolic link to a folder is published through: the folder it
// points to is checked like any output folder and replaced, its draft is
// made beside it, and the link itself is left as it is. A link that points
// nowhere is refused rather than replaced by a folder.
//
// On Linux the swap is one renameat2 call with RENAME_EXCHANGE, and what
// comes out of the output path is checked to be a site of ours (else it is
// swapped straight back) before it is removed. Elsewhere, and on file
// systems without that call, the swap is two renames: a build killed
// between them leaves no output folder and the previous site in a hidden
// folder beside it, and a swap that fails between them says so in its
// error. Hidden folders left by killed builds (.NAME.new-DIGITS, carrying
// the marker or empty, and not in use by another build) are removed by the
// next Begin for the same output folder, as a best effort.
//
// With Options.Reuse the site Commit replaces is not removed but renamed,
// in one step, to the spare, .NAME.spare beside the output, and the next
// Begin with Reuse starts its draft from the spare: it moves the spare's
// entries into the new draft folder, under the lock it holds on the
// output's parent, if the spare is a folder (not a link) carrying the
// marker on the draft's device; it removes a spare of ours it cannot
// take, and leaves anything else at that name alone (the replaced site is
// then removed, not kept). A draft from the spare never writes into the
// live site's files, which most of its files are: Link keeps a file only
// where the draft holds the very file of the live site (same device and
// inode); a file written goes over the one in its way only when that is
// the spare's alone (a regular file of one link), and is cut to its
// length; anything else in the way of a file linked or written or of a
// folder made is removed first. Commit then removes, before the sync and
// the swap, every entry of the draft this publication did not create,
// link or make. The site is byte- and mode-identical to one from an
// empty draft. A draft with Reuse that is not published (Abort, or a
// Commit that fails before the swap) becomes the spare where there is
// none, so that a failed build does not use the spare up. Begin without
// Reuse removes the spare of ours it finds.
//
// Commit syncs every file and folder of the draft before the swap and the
// folder holding the output (and any folder Begin made above it) after
// it, so that a machine crash too leaves the complete previous site or the
// complete new one, and the new one once Commit has returned. On Linux 5.8
// and later the draft is synced with one syncfs(2) on its file system,
// through the draft folder opened before anything was written in it (the
// kernel reports any write-back failure since then); elsewhere each file
// is synced as it is closed and each folder before the swap, those kept
// from the spare included. The rename to the spare is not synced: a crash
// may leave the replaced site under its draft name, which the next Begin
// removes, or lose it, which only costs the next build time.
//
// Every error of this package is an *Error saying what the output folder
// holds afterwards; PreviousIntact tells whether the previous site is still
// in place as it was. The package does not render, and it writes nothing
// outside the output folder and its hidden siblings, save the missing
// parent folders it creates.
package publish

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
)

// Marker is the name of the file at the root of every site of ours; its
// presence is what lets a later build replace the folder.
const Marker = ".sciif-site"

// markerData is the marker's fixed content: no date, no version, so that
// builds stay byte-identical.
const markerData = "This folder is a site built by sciif. sciif build replaces it whole: keep nothing else here.\n"

// Options says what a publication must never touch.
type Options struct {
	// Protect lists folders the output may not be, contain or lie inside:
	// the results folder and every benchmark folder.
	Protect []string
	// Roots lists folders the output may lie inside but may not be or
	// contain, such as the repository root. The working directory and the
	// nearest folders holding go.mod or .git above it and above the output
	// are added without being listed.
	Roots []string
	// Reuse keeps the replaced site as the spare, a hidden folder
	// .NAME.spare beside the output, and starts the next draft from the
	// spare it finds (see the package comment), so that a build that
	// keeps most files of the previous site links and removes only what
	// changed. Without it a publication keeps no spare and removes the
	// one it finds, so that no second copy of the site stays on disk.
	Reuse bool

	// hook, when set, is called at named points of a publication, for
	// tests that kill the process there or make that step fail.
	hook func(point string) error
	// sync, when set, is called instead of (*os.File).Sync for every file
	// and folder a publication syncs, for tests that watch what is synced
	// and when, or make a sync fail.
	sync func(f *os.File) error
	// syncfs, when set, is called instead of syncfs(2) on the draft
	// folder where the whole draft is synced at once; perFile, when set,
	// syncs file by file where syncfs would do (see whole).
	syncfs  func(f *os.File) error
	perFile bool
	// renames, when set, swaps with two renames where an exchange
	// would do, for tests of that swap.
	renames bool
}

func (o Options) at(point string) error {
	if o.hook == nil {
		return nil
	}
	return o.hook(point)
}

// syncFile flushes f to disk.
func (o Options) syncFile(f *os.File) error {
	if o.sync != nil {
		return o.sync(f)
	}
	return f.Sync()
}

// whole reports whether a draft is made durable by one sync of its file
// system (syncfs, on Linux 5.8 or later) rather than file by file: the
// kernel then writes the site back in one pass, as it would have anyway,
// instead of an fsync per file in the build's own time.
func (o Options) whole() bool { return syncsWhole && !o.perFile }

// syncFileSystem flushes the file system that holds f to disk.
func (o Options) syncFileSystem(f *os.File) error {
	if o.syncfs != nil {
		return o.syncfs(f)
	}
	return syncFS(f)
}

// Outcome is what the output folder holds after a failed publication.
type Outcome int

const (
	// Unchanged: nothing was published; the previous site, if there was
	// one, is in place as it was.
	Unchanged Outcome = iota
	// Replaced: the new site is in place, but the previous one could not
	// be removed and is left in Error.Leftover, or (Leftover empty) the
	// folder holding the site could not be synced, so the new site may
	// not survive a machine crash.
	Replaced
	// Missing: a two-rename swap failed halfway and could not be undone;
	// the output folder is missing and the previous site is in
	// Error.Leftover. An atomic exchange never ends this way.
	Missing
)

// Error is a failed publication.
type Error struct {
	Err     error
	Outcome Outcome
	// Leftover is a folder the failure left beside the output folder, or
	// "": the previous site (Replaced, Missing) or the draft (Unchanged).
	Leftover string
}

func (e *Error) Error() string {
	msg := "publish: " + e.Err.Error()
	switch {
	case e.Outcome == Replaced && e.Leftover == "":
		msg += "; the new site is in place"
	case e.Outcome == Replaced:
		msg += fmt.Sprintf("; the new site is in place, but the previous one is left in %s", e.Leftover)
	case e.Outcome == Missing:
		msg += fmt.Sprintf("; the output folder is missing and the previous site is in %s", e.Leftover)
	case e.Leftover != "":
		msg += fmt.Sprintf("; the temporary folder %s is left behind", e.Leftover)
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// PreviousIntact reports whether, after the failed publication err, the
// previous site (if there was one) is still in place exactly as it was. It
// is false for nil and for errors not from this package.
func PreviousIntact(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Outcome == Unchanged
}

// abort discards d after err, keeping err as the answer.
func abort(d *Draft, err error) error {
	e, ok := err.(*Error)
	if !ok {
		e = &Error{Err: err}
	}
	var ae *Error
	if errors.As(d.Abort(), &ae) {
		e.Leftover = ae.Leftover
	}
	return e
}

// checkPath checks one path alone.
func checkPath(p string) error {
	switch {
	case p == "" || path.IsAbs(p) || strings.Contains(p, `\`) || path.Clean(p) != p || p == "." ||
		p == ".." || strings.HasPrefix(p, "../"):
		return fmt.Errorf("bad path %q", p)
	case p == Marker || strings.HasPrefix(p, Marker+"/"):
		return fmt.Errorf("%s is reserved for the site marker", p)
	}
	return nil
}
