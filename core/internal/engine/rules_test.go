package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The behaviour rules live in docs/behaviour.md: "### D<n>" for the
// project's rules and "### Spec rule <n>" for the specification's, which it
// restates. Comments and test names cite them as D<n> and "spec rule <n>".
const behaviourDoc = "docs/behaviour.md"

// repoRoot is the repository's root, seen from this package's directory.
const repoRoot = "../../.."

var (
	ruleHeading = regexp.MustCompile(`(?m)^### (D\d+|Spec rule \d+)\s*$`)
	// A D-id not preceded by % or a word character: "%D0%BA" is UTF-8 in a
	// percent-encoded url, not a citation.
	ruleCitation = regexp.MustCompile(`(?:^|[^%\w])(D\d+)\b`)
	specCitation = regexp.MustCompile(`(?i)spec rules? (\d+(?:\.\d+)?(?:\s*(?:,|and|-|–)\s*\d+(?:\.\d+)?)*)`)
)

// behaviourEntries returns the text of each entry of docs/behaviour.md by
// its id ("D8", "Spec rule 4"); an id given twice is a test failure.
func behaviourEntries(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, behaviourDoc))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	entries := map[string]string{}
	locs := ruleHeading.FindAllStringSubmatchIndex(text, -1)
	for i, loc := range locs {
		id := text[loc[2]:loc[3]]
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		if _, dup := entries[id]; dup {
			t.Errorf("%s: %s has two entries", behaviourDoc, id)
		}
		entries[id] = text[loc[1]:end]
	}
	return entries
}

// citingFiles lists the repository's source, test and documentation files
// (Go, JavaScript, TypeScript, Markdown, HTML, Makefile), as paths relative
// to the repository root. It walks the checkout rather than asking git, so it
// runs without git; the directories it skips are the ignored ones.
func citingFiles(t *testing.T) []string {
	t.Helper()
	skip := map[string]bool{".git": true, "node_modules": true, "dist": true, "bin": true, "test-results": true, "tmp": true, "testdata": true}
	exts := map[string]bool{".go": true, ".js": true, ".mjs": true, ".ts": true, ".md": true, ".html": true}
	var files []string
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skip[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(repoRoot, path)
		if rel == filepath.FromSlash(behaviourDoc) || !(exts[filepath.Ext(rel)] || d.Name() == "Makefile") {
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// specRuleIDs expands a cited list such as "1-3", "1, 2", "1 and 2" or
// "4.2" into entry ids and the sub-rules cited: "4.2" is rule 4, item 2.
func specRuleIDs(list string) (ids []string, items map[string][]string) {
	items = map[string][]string{}
	list = strings.NewReplacer("–", "-", " and ", ",", " ", "").Replace(list)
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		if isRange {
			a, _ := strconv.Atoi(lo)
			b, _ := strconv.Atoi(hi)
			for n := a; n <= b; n++ {
				ids = append(ids, "Spec rule "+strconv.Itoa(n))
			}
			continue
		}
		rule, item, sub := strings.Cut(part, ".")
		id := "Spec rule " + rule
		ids = append(ids, id)
		if sub {
			items[id] = append(items[id], item)
		}
	}
	return ids, items
}

func TestDocsBehaviourHasAnEntryForEachOfD1ToD37(t *testing.T) {
	entries := behaviourEntries(t)
	var want, got []string
	for n := 1; n <= 37; n++ {
		want = append(want, "D"+strconv.Itoa(n))
	}
	for id := range entries {
		if strings.HasPrefix(id, "D") {
			got = append(got, id)
		}
	}
	slices.SortFunc(got, func(a, b string) int {
		x, _ := strconv.Atoi(a[1:])
		y, _ := strconv.Atoi(b[1:])
		return x - y
	})
	if !slices.Equal(got, want) {
		t.Fatalf("%s has entries %v, want D1..D37", behaviourDoc, got)
	}
	for id, body := range entries {
		if strings.TrimSpace(body) == "" {
			t.Errorf("%s: %s is empty", behaviourDoc, id)
		}
	}
}

func TestEveryCitedRuleIdHasAnEntryInDocsBehaviour(t *testing.T) {
	entries := behaviourEntries(t)
	files := citingFiles(t)
	if !slices.Contains(files, filepath.FromSlash("core/internal/engine/endpoint.go")) {
		t.Fatalf("the walk missed core/internal/engine/endpoint.go: it found %d files", len(files))
	}
	cited := 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(repoRoot, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ruleCitation.FindAllStringSubmatch(string(data), -1) {
			cited++
			if _, ok := entries[m[1]]; !ok {
				t.Errorf("%s cites %s, which has no entry in %s", f, m[1], behaviourDoc)
			}
		}
		for _, m := range specCitation.FindAllStringSubmatch(string(data), -1) {
			cited++
			ids, items := specRuleIDs(m[1])
			for _, id := range ids {
				body, ok := entries[id]
				if !ok {
					t.Errorf("%s cites %q, but %s has no entry %q", f, m[0], behaviourDoc, id)
				}
				for _, item := range items[id] {
					if !regexp.MustCompile(`(?m)^` + item + `\. `).MatchString(body) {
						t.Errorf("%s cites %q, but %s's %q has no item %s", f, m[0], behaviourDoc, id, item)
					}
				}
			}
		}
	}
	if cited == 0 {
		t.Fatal("no citation found in any file: the scan is broken")
	}
}
