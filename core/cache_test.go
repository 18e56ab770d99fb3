package core

import (
	"encoding/json"
	"fmt"
	"os"
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
	data, err := os.ReadFile("../catalog/github-rest.json")
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
