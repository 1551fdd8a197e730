package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/sciif/leaderboard/generator/internal/demotest"
	"github.com/sciif/leaderboard/generator/internal/ingest"
	"github.com/sciif/leaderboard/generator/internal/synth"
)

// crawlBenchmarks are the committed demo benchmarks the crawl builds, by
// name, one or more of every kind: a benchmark someone adds to
// benchmarks/ changes no crawl.
var crawlBenchmarks = []string{"sciif", "ifeval-demo", "ifbench-demo", "ifbench-mt-demo", "complex-if-demo", "healthbench-demo", "sciverify-demo"}

// crawlFiles are the demo submissions' files of crawlBenchmarks, in order.
var crawlFiles = []string{"responses.jsonl", "ifeval-demo.jsonl", "ifbench-demo.jsonl", "ifbench-mt-demo.jsonl", "complex-if-demo.jsonl", "healthbench-demo.jsonl", "sciverify-demo.jsonl"}

// TestCrawlDemoSite builds the demo site (every kind of board) and crawls
// it as a reader would: every internal link and asset resolves, every page
// is reachable from index.html, every download is linked from some page.
func TestCrawlDemoSite(t *testing.T) {
	dir := t.TempDir()
	copyBenchmarks(t, filepath.Join(dir, "benchmarks"), crawlBenchmarks...)
	results := demotest.ResultsOf(t, "../../..", crawlFiles, demotest.Rescored...)
	demotest.Copy(t, "../../..", results, demotest.Reported...)
	out := filepath.Join(dir, "site")
	buildCrawled(t, filepath.Join(dir, "benchmarks"), results, out)
	c := crawlSite(t, out)
	c.report(t)
}

// TestCrawlSyntheticSite crawls a site of every kind at 300 models: a
// synthetic SciIF board (sciif synth, on few items to keep it quick) and
// the demo's instruction, rubric and verifier benchmarks, each synthetic
// model answering them with one demo model's answers. Pages split in parts
// and the downloads of many models appear only at this size. Skipped under
// -short (about 20 s on two cores).
func TestCrawlSyntheticSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and crawls a 300-model site")
	}
	const models = 300
	dir := t.TempDir()
	if err := synth.Write(dir, synth.Options{Models: models, Items: 24, Seed: 1, Catalog: ingest.BuiltinCatalog()}); err != nil {
		t.Fatal(err)
	}
	bench := filepath.Join(dir, "benchmarks")
	copyBenchmarks(t, bench, crawlBenchmarks[1:]...)
	ids, err := os.ReadDir(filepath.Join(dir, "results"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) != models {
		t.Fatalf("synth wrote %d models, want %d", len(ids), models)
	}
	for i, id := range ids {
		demo := demotest.Rescored[i%len(demotest.Rescored)]
		for _, name := range crawlFiles[1:] {
			data, err := os.ReadFile(filepath.Join("../../../results", demo, name))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "results", id.Name(), name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	out := filepath.Join(dir, "site")
	start := time.Now()
	buildCrawled(t, bench, filepath.Join(dir, "results"), out)
	built := time.Since(start)
	c := crawlSite(t, out)
	t.Logf("built in %v, crawled in %v", built.Round(time.Millisecond), (time.Since(start) - built).Round(time.Millisecond))
	c.report(t)
}

// copyBenchmarks copies the named folders of the repository's benchmarks/
// into dir.
func copyBenchmarks(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, name := range names {
		if err := os.CopyFS(filepath.Join(dir, name), os.DirFS(filepath.Join("../../../benchmarks", name))); err != nil {
			t.Fatal(err)
		}
	}
}

func buildCrawled(t *testing.T, benchmarks, results, out string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"build", "--benchmarks", benchmarks, "--results", results, "--out", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("build exited %d: %s", code, stderr.String())
	}
}

// A crawl is what crawlSite found in a built site.
type crawl struct {
	files    map[string]bool            // every file, by slash path
	ids      map[string]map[string]bool // each page's element ids
	links    map[string][]string        // each page's internal links, resolved, fragment kept
	broken   []string                   // "page: link (why)"
	linkedBy map[string]string          // a target file → the first page linking it
}

// crawlSite reads every file of the site at dir and every link of its HTML
// pages and style sheets.
func crawlSite(t *testing.T, dir string) *crawl {
	t.Helper()
	c := &crawl{files: map[string]bool{}, ids: map[string]map[string]bool{}, links: map[string][]string{}, linkedBy: map[string]string{}}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		c.files[filepath.ToSlash(rel)] = true
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(c.files)) {
		switch path.Ext(name) {
		case ".html":
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			c.readPage(t, name, data)
		case ".css":
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			// A @font-face's src lists alternatives, of which a browser
			// fetches the first it can use: every browser the site
			// serves uses the first (woff2), and the vendored KaTeX
			// leaves out the others (assets/vendor/README.md).
			data = fontSrc.ReplaceAllFunc(data, func(src []byte) []byte {
				return cssURL.Find(src)
			})
			for _, m := range cssURL.FindAllSubmatch(data, -1) {
				c.link(name, string(m[1]))
			}
		}
	}
	for _, page := range slices.Sorted(maps.Keys(c.links)) {
		for _, l := range c.links[page] {
			target, frag, _ := strings.Cut(l, "#")
			if !c.files[target] {
				c.broken = append(c.broken, fmt.Sprintf("%s: %s (no such file)", page, l))
				continue
			}
			if _, ok := c.linkedBy[target]; !ok && target != page {
				c.linkedBy[target] = page
			}
			// A fragment naming an element (not script state such as
			// #policy=strict or #a=x&b=y) must name one of the target's.
			if frag != "" && path.Ext(target) == ".html" && !strings.ContainsAny(frag, "=&") && !c.ids[target][frag] {
				c.broken = append(c.broken, fmt.Sprintf("%s: %s (no element #%s)", page, l, frag))
			}
		}
	}
	return c
}

var (
	cssURL  = regexp.MustCompile(`url\(\s*['"]?([^'")]+)['"]?\s*\)`)
	fontSrc = regexp.MustCompile(`src:[^;}]*`)
)

// readPage records the ids and links of the HTML page name.
func (c *crawl) readPage(t *testing.T, name string, data []byte) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	ids := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				switch {
				case a.Key == "id":
					ids[a.Val] = true
				case a.Key == "name" && n.Data == "a":
					ids[a.Val] = true
				case a.Key == "href" && n.Data != "base", a.Key == "src", a.Key == "poster", a.Key == "action":
					c.link(name, a.Val)
				case a.Key == "srcset":
					for _, s := range strings.Split(a.Val, ",") {
						if f := strings.Fields(s); len(f) > 0 {
							c.link(name, f[0])
						}
					}
				}
			}
		}
		for k := n.FirstChild; k != nil; k = k.NextSibling {
			walk(k)
		}
	}
	walk(doc)
	c.ids[name] = ids
}

// link records the link ref of page from, resolved against it, unless it
// leaves the site or stays on the page.
func (c *crawl) link(from, ref string) {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "data:") {
		return
	}
	u, err := url.Parse(ref)
	if err != nil {
		c.broken = append(c.broken, fmt.Sprintf("%s: %q (%v)", from, ref, err))
		return
	}
	if u.Scheme != "" || u.Host != "" {
		if u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto" {
			c.broken = append(c.broken, fmt.Sprintf("%s: %s (scheme %s)", from, ref, u.Scheme))
		}
		return
	}
	if u.Path == "" { // #fragment on the page itself
		if u.Fragment != "" {
			c.links[from] = append(c.links[from], from+"#"+u.Fragment)
		}
		return
	}
	if strings.HasPrefix(u.Path, "/") {
		// The site opens from file:// too, where /x is the disk's root.
		c.broken = append(c.broken, fmt.Sprintf("%s: %s (absolute path)", from, ref))
		return
	}
	target := path.Join(path.Dir(from), u.Path)
	if strings.HasSuffix(u.Path, "/") {
		target = path.Join(target, "index.html")
	}
	if target == ".." || strings.HasPrefix(target, "../") {
		c.broken = append(c.broken, fmt.Sprintf("%s: %s (outside the site)", from, ref))
		return
	}
	if u.Fragment != "" {
		target += "#" + u.Fragment
	}
	c.links[from] = append(c.links[from], target)
}

// unreachable returns the HTML pages no chain of links from index.html
// reaches.
func (c *crawl) unreachable() []string {
	seen := map[string]bool{"index.html": true}
	queue := []string{"index.html"}
	for len(queue) > 0 {
		page := queue[0]
		queue = queue[1:]
		for _, l := range c.links[page] {
			target, _, _ := strings.Cut(l, "#")
			if path.Ext(target) == ".html" && c.files[target] && !seen[target] {
				seen[target] = true
				queue = append(queue, target)
			}
		}
	}
	var out []string
	for name := range c.files {
		if path.Ext(name) == ".html" && !seen[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// unlinked returns the data files (CSV, JSON, JSON Lines) no page links.
func (c *crawl) unlinked() []string {
	var out []string
	for name := range c.files {
		switch path.Ext(name) {
		case ".csv", ".json", ".jsonl":
			if _, ok := c.linkedBy[name]; !ok {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// report fails t with every broken link, unreachable page and unlinked
// data file, and logs the crawl's figures.
func (c *crawl) report(t *testing.T) {
	t.Helper()
	pages, data, links := 0, 0, 0
	for name := range c.files {
		switch path.Ext(name) {
		case ".html":
			pages++
		case ".csv", ".json", ".jsonl":
			data++
		}
	}
	for _, l := range c.links {
		links += len(l)
	}
	unreachable, unlinked := c.unreachable(), c.unlinked()
	t.Logf("%d files, %d pages, %d data files, %d internal links: %d broken, %d pages unreachable from index.html, %d data files linked from nowhere",
		len(c.files), pages, data, links, len(c.broken), len(unreachable), len(unlinked))
	list := func(what string, items []string) {
		if len(items) == 0 {
			return
		}
		const most = 40
		var b strings.Builder
		fmt.Fprintf(&b, "%d %s:", len(items), what)
		for i, s := range items {
			if i == most {
				fmt.Fprintf(&b, "\n\t… and %d more", len(items)-most)
				break
			}
			b.WriteString("\n\t" + s)
		}
		t.Error(b.String())
	}
	list("broken links", c.broken)
	list("pages unreachable from index.html", unreachable)
	list("data files linked from no page", unlinked)
}
