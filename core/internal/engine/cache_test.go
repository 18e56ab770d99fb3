package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestTheCacheKeepsAWorkingSetOfAGeneration: urls cycled through, as many
// as a generation holds, are compiled once and then found, however many
// times they come around; and the cache never holds more than two
// generations, whatever urls come (D29).
func TestTheCacheKeepsAWorkingSetOfAGeneration(t *testing.T) {
	const gen = 64
	c := newTemplateCache(gen)
	url := func(i int) string { return fmt.Sprintf("/repos/{owner}/{repo}/issues/%d/{x}", i) }
	first := make([]*template, gen)
	for i := range first {
		tp, err := c.compile(url(i))
		if err != nil {
			t.Fatal(err)
		}
		first[i] = tp
	}
	for round := 0; round < 3; round++ {
		for i := range first {
			if tp, _ := c.compile(url(i)); tp != first[i] {
				t.Fatalf("round %d: %s compiled again", round, url(i))
			}
		}
	}
	for i := 0; i < 10*gen; i++ {
		c.compile(url(gen + i))
		if c.cur.n > gen || c.old.n > gen {
			t.Fatalf("after %d new urls: %d and %d held", i+1, c.cur.n, c.old.n)
		}
	}
}

// TestCollidingUrlsAreLookedForInMaxProbeSlots: urls whose hashes collide
// are held in the maxProbe slots from their own; one more is not held, and
// a lookup of it stops there.
func TestCollidingUrlsAreLookedForInMaxProbeSlots(t *testing.T) {
	tab := newTemplateTable(64)
	const h = 12345
	var tps []*template
	for i := 0; i < maxProbe+2; i++ {
		tp := &template{src: fmt.Sprintf("/x/%d/{y}", i), hash: h}
		tps = append(tps, tp)
		tab.put(tp)
	}
	if tab.n != maxProbe {
		t.Fatalf("holds %d, want %d", tab.n, maxProbe)
	}
	for i, tp := range tps {
		got := tab.get(tp.src, h)
		if want := tp; i >= maxProbe {
			want = nil
			if got != want {
				t.Errorf("%s: found, want not held", tp.src)
			}
		} else if got != want {
			t.Errorf("%s: not found", tp.src)
		}
	}
	tab.reset()
	if tab.n != 0 || tab.get(tps[0].src, h) != nil {
		t.Error("reset kept a template")
	}
}

// TestHashStringTellsTheCatalogsUrlsApart: every url of GitHub's REST API, and
// urls one byte apart, hash differently.
func TestHashStringTellsTheCatalogsUrlsApart(t *testing.T) {
	seen := map[uint64]string{}
	add := func(u string) {
		h := hashString(u)
		if other, ok := seen[h]; ok && other != u {
			t.Fatalf("%q and %q hash alike", u, other)
		}
		seen[h] = u
	}
	data, err := os.ReadFile("../../../catalog/github-rest.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct{ Ops []struct{ U string } }
	if err := json.Unmarshal(data, &cat); err != nil || len(cat.Ops) < 1000 {
		t.Fatalf("catalog: %v, %d operations", err, len(cat.Ops))
	}
	for _, op := range cat.Ops {
		add(op.U)
		add(op.U + "/")
		add(op.U[:len(op.U)-1])
	}
	for _, u := range []string{"", "a", "a\x00", "\x00", "/x/{y}", "/x/{z}", "/x/{y}\x00\x00\x00"} {
		add(u)
	}
}

// TestTheCachesMemoryIsBoundedInBytes: thousands of distinct urls of 4 KiB,
// each made of as many expressions or names as fit, leave the cache
// holding at most two generations' bytes, measured on the heap (D29); a
// route's templates count no less than they take.
func TestTheCachesMemoryIsBoundedInBytes(t *testing.T) {
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	shapes := []struct {
		name string
		n    int // urls compiled: enough to fill both generations thrice
		url  func(i int) string
	}{
		{"expressions", 100, func(i int) string { return fmt.Sprintf("/%d", i) + strings.Repeat("{a}", 1360) }},
		{"names", 100, func(i int) string { return fmt.Sprintf("/%d{", i) + strings.Repeat("a,", 2040) + "a}" }},
		{"a route", 3 * templateGeneration, func(i int) string {
			return fmt.Sprintf("/repos/{owner}/{repo}/issues/%d/comments{?page,per_page}", i)
		}},
	}
	for _, shape := range shapes {
		name, url := shape.name, shape.url
		c := newTemplateCache(templateGeneration)
		before := heap()
		for i := 0; i < shape.n; i++ {
			if _, err := c.compile(url(i)); err != nil {
				t.Fatal(err)
			}
		}
		held := int64(heap()) - int64(before)
		if bound := int64(2*maxGenerationBytes + 1<<20); held > bound {
			t.Errorf("%s: the cache holds %d bytes, over %d", name, held, bound)
		}
		if counted := int64(c.cur.bytes + c.old.bytes); held > counted+1<<20 {
			t.Errorf("%s: the cache holds %d bytes and counts %d", name, held, counted)
		}
		runtime.KeepAlive(c)
	}
}

// TestEveryGitHubRouteFitsOneGeneration: the routes of GitHub's REST API,
// compiled, fit one generation's bytes, so that a program using all of
// them compiles each once.
func TestEveryGitHubRouteFitsOneGeneration(t *testing.T) {
	data, err := os.ReadFile("../../../catalog/github-rest.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct{ Ops []struct{ U string } }
	if err := json.Unmarshal(data, &cat); err != nil {
		t.Fatal(err)
	}
	c := newTemplateCache(templateGeneration)
	first := map[string]*template{}
	for _, op := range cat.Ops {
		tp, err := c.compile(op.U)
		if err != nil {
			t.Fatal(err)
		}
		first[op.U] = tp
	}
	for _, op := range cat.Ops {
		if tp, _ := c.compile(op.U); tp != first[op.U] {
			t.Fatalf("%s was compiled again", op.U)
		}
	}
	t.Logf("%d routes, %d bytes counted", len(first), c.cur.bytes+c.old.bytes)
}
