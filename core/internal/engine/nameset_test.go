package engine

import (
	"strings"
	"testing"
)

// TestPreviewNamesChosenToCollideAreKeptOnceEachInOrder: preview names
// that all hash alike move the set of names to a Go map (so that a call
// of them costs what it holds, not its square, D29), and the accept header
// and merge()'s previews still hold each name once, in the order it came
// (D25), as they do for names not chosen so.
func TestPreviewNamesChosenToCollideAreKeptOnceEachInOrder(t *testing.T) {
	var keys []string
	for _, k := range collidingKeys(3200) {
		if headerSafe(k) && len(keys) < 3000 { // no CR or LF, which no header holds (D22)
			keys = append(keys, k)
		}
	}
	var previews []Value
	for _, k := range keys {
		previews = append(previews, Str(k), Str(k+"-preview"))
	}
	var set nameSet
	set.reset(0)
	for _, p := range previews {
		set.add(trimPreview(p.Text()))
	}
	if !set.mapped {
		t.Fatal("3,000 names of one hash are still in the open-addressing index")
	}
	want := "application/vnd.github." + strings.Join(keys, "-preview+json,application/vnd.github.") + "-preview+json"
	for _, n := range []int{0, len(previews)} { // made room for, or grown into
		set.reset(n)
		if got := string(appendAccept(nil, "application/vnd.github.v3+json", "", previews, &set)); got != want {
			t.Fatalf("with room for %d: accept of %d bytes, want %d", n, len(got), len(want))
		}
	}
	merged, err := New().Merge("GET /x", O("mediaType", O("previews", List(previews...))))
	if err != nil {
		t.Fatal(err)
	}
	mt, _ := merged.Get("mediaType")
	got, _ := mt.Obj().Get("previews")
	if l := got.List(); len(l) != len(keys) || l[0].Text() != keys[0] || l[len(l)-1].Text() != keys[len(keys)-1] {
		t.Fatalf("merge() gave %d previews, want %d", len(l), len(keys))
	}
}
