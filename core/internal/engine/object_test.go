package engine

import (
	"slices"
	"strconv"
	"testing"
)

// keysOf returns o's keys in order.
func keysOf(o *Obj) []string {
	var ks []string
	for i := 0; i < o.Len(); i++ {
		ks = append(ks, o.Key(i))
	}
	return ks
}

// TestSetKeepsJavaScriptsKeyOrder: whatever order keys are set in, they
// are read as JavaScript orders an object's keys: integer-like keys (array
// indexes) first, ascending, then the others as they came. The query (D16)
// and the JSON body (D18) follow that order.
func TestSetKeepsJavaScriptsKeyOrder(t *testing.T) {
	cases := []struct {
		name string
		set  []string
		want []string
	}{
		{"words only", []string{"b", "a", "c"}, []string{"b", "a", "c"}},
		{"integers after words", []string{"b", "2", "a", "1", "10", "0"}, []string{"0", "1", "2", "10", "b", "a"}},
		{"integers descending", []string{"30", "20", "10"}, []string{"10", "20", "30"}},
		{"integers ascending", []string{"1", "2", "3"}, []string{"1", "2", "3"}},
		// 4294967295 (2³²-1) is no array index, nor is a leading zero, a
		// sign or a space: those keys keep the order they came in.
		{"not array indexes", []string{"4294967295", "01", "4294967294", "-1", " 1", "1"}, []string{"1", "4294967294", "4294967295", "01", "-1", " 1"}},
		{"a key set again keeps its place", []string{"a", "1", "a", "0", "1"}, []string{"0", "1", "a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := NewObj(0)
			for i, k := range c.set {
				o.Set(k, Num(float64(i)))
			}
			if got := keysOf(o); !slices.Equal(got, c.want) {
				t.Errorf("keys %q, want %q", got, c.want)
			}
		})
	}
}

// TestAnUnorderedObjectIsReadAsOrdered: while the engine sets keys (put)
// that leave integer-like keys out of place, lookups by key, deletions,
// copies and further sets give what they give on an ordered object, and
// once it settles, the keys are in JavaScript's order. Past indexAbove
// keys the lookups go through the index, which must follow the keys as
// they move.
func TestAnUnorderedObjectIsReadAsOrdered(t *testing.T) { // D29
	for _, n := range []int{5, indexAbove + 10, 500} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			o := NewObj(0)
			o.put("word", -1, Str("w"), 0)
			for i := n - 1; i >= 0; i-- { // descending: each out of place
				o.put(strconv.Itoa(i), -1, Num(float64(i)), len(o.ents))
			}
			if !o.unordered {
				t.Fatal("keys set out of order left the object ordered")
			}
			for i := 0; i < n; i++ {
				if v, ok := o.Get(strconv.Itoa(i)); !ok || v.Text() != strconv.Itoa(i) {
					t.Fatalf("Get(%d) before settling = %v, %v", i, v, ok)
				}
			}
			o.Delete("0")
			c := o.Clone()                // exported: in order
			o.put("1", -1, Str("one"), 0) // an existing key: set in place
			o.settle()
			want := []string{}
			for i := 1; i < n; i++ {
				want = append(want, strconv.Itoa(i))
			}
			want = append(want, "word")
			if got := keysOf(o); !slices.Equal(got, want) {
				t.Fatalf("keys %q, want %q", got[:min(len(got), 8)], want[:min(len(want), 8)])
			}
			if got := keysOf(c); !slices.Equal(got, want) {
				t.Fatalf("the clone's keys %q, want %q", got[:min(len(got), 8)], want[:min(len(want), 8)])
			}
			if v, _ := o.Get("1"); v.Text() != "one" {
				t.Errorf(`Get("1") after settling = %q, want "one"`, v.Text())
			}
			for i := 2; i < n; i++ {
				if v, ok := o.Get(strconv.Itoa(i)); !ok || v.Text() != strconv.Itoa(i) {
					t.Fatalf("Get(%d) after settling = %v, %v", i, v, ok)
				}
			}
			if _, ok := o.Get("0"); ok {
				t.Error(`Get("0") found a deleted key`)
			}
		})
	}
}

// TestEveryWayOfSettingKeysLeavesThemInOrder: each place where the engine
// sets many keys (a merge and a deep merge, headers normalised and merged,
// a JSON object decoded, a Go map converted) leaves integer-like keys in
// JavaScript's order, whatever order they came in.
func TestEveryWayOfSettingKeysLeavesThemInOrder(t *testing.T) {
	s := &session{}
	b, err := s.Defaults(New(), obj(t, `{"headers":{"b":"1","9":"d9"},"n":{"x":1,"5":"d5"}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Merge(b, "GET /x", obj(t, `{"headers":{"7":"o7","B":"2"},"n":{"3":"o3","y":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := m.Get("headers")
	n, _ := m.Get("n")
	if got, want := keysOf(h.Obj()), []string{"7", "9", "accept", "user-agent", "b"}; !slices.Equal(got, want) {
		t.Errorf("merged headers %q, want %q", got, want)
	}
	if got, want := keysOf(n.Obj()), []string{"3", "5", "x", "y"}; !slices.Equal(got, want) {
		t.Errorf("deep-merged member %q, want %q", got, want)
	}
	if got, want := keysOf(obj(t, `{"b":1,"20":2,"a":3,"3":4}`)), []string{"3", "20", "b", "a"}; !slices.Equal(got, want) {
		t.Errorf("decoded JSON %q, want %q", got, want)
	}
	if got, want := keysOf(From(map[string]any{"10": 1, "2": 2, "a": 3}).Obj()), []string{"2", "10", "a"}; !slices.Equal(got, want) {
		t.Errorf("From(map) %q, want %q", got, want)
	}
}

// TestMergeOrdersIntegerLikeKeysAsJavaScript: a merge puts the options'
// keys over the defaults' (spec rule 1); the result's integer-like keys
// come first, ascending, wherever each came from, as in the reference's
// Object.assign (D16, D18, D21).
func TestMergeOrdersIntegerLikeKeysAsJavaScript(t *testing.T) {
	b, err := (&session{}).Defaults(New(), obj(t, `{"2":"d2","x":"dx","4":"d4"}`))
	if err != nil {
		t.Fatal(err)
	}
	r, err := (&session{}).Endpoint(b, "POST /repos/{owner}/{repo}/issues", obj(t, `{"owner":"o","repo":"r","3":"o3","y":"oy","1":"o1","4":"o4"}`))
	if err != nil {
		t.Fatal(err)
	}
	got := string(AppendJSON(nil, r.Body))
	if want := `{"1":"o1","2":"d2","3":"o3","4":"o4","x":"dx","y":"oy"}`; got != want {
		t.Errorf("body %s, want %s", got, want)
	}
}

// collidingKeys returns n keys of sixteen ASCII bytes that hashString
// gives one hash: the second eight bytes cancel what the first made of the
// hash (h ^ w, with w = h ^ c), so that every key leaves the same value
// before the final mix. A program's input can hold such keys (a body's).
func collidingKeys(n int) []string {
	const c = 0x0101010101010101
	m1, length := uint64(0x9E3779B97F4A7C15), uint64(16)
	keys := make([]string, 0, n)
	a := []byte("aaaaaaaa")
	for len(keys) < n {
		for i := 0; i < 8; i++ { // the next first half, as an odometer over a-z
			if a[i]++; a[i] <= 'z' {
				break
			}
			a[i] = 'a'
		}
		h := length * m1
		h = (h ^ leWord(a)) * m1
		h ^= h >> 32
		b, ascii := make([]byte, 8), true
		for i := range b {
			b[i] = byte((h ^ c) >> (8 * i))
			ascii = ascii && b[i] >= 0x01 && b[i] <= 0x7f
		}
		if ascii {
			keys = append(keys, string(a)+string(b))
		}
	}
	return keys
}

// leWord reads eight bytes as a little-endian word.
func leWord(b []byte) uint64 {
	var w uint64
	for i := 7; i >= 0; i-- {
		w = w<<8 | uint64(b[i])
	}
	return w
}

// TestKeysChosenToCollideAreLookedUpInBoundedTime: keys that all hash
// alike cannot make each lookup walk all of them (cost grows linearly
// with keys): past maxKeyProbe slots the object indexes its keys in a Go
// map, whose hash has a seed of its own, and it finds, sets and deletes
// them as before. Keys not chosen so keep the open-addressing index.
func TestKeysChosenToCollideAreLookedUpInBoundedTime(t *testing.T) { // D29
	keys := collidingKeys(2000)
	for _, k := range keys[1:] {
		if hashString(k) != hashString(keys[0]) {
			t.Fatalf("collidingKeys: %q and %q hash apart", keys[0], k)
		}
	}
	o := NewObj(0)
	for i, k := range keys[:1000] {
		o.Append(k, Num(float64(i)))
	}
	for i, k := range keys[1000:] {
		o.Set(k, Num(float64(1000+i)))
	}
	if !o.mapped {
		t.Fatal("2,000 keys of one hash are still in the open-addressing index")
	}
	o.Delete(keys[7])
	for i, k := range keys {
		v, ok := o.Get(k)
		if i == 7 {
			if ok {
				t.Errorf("Get(%q) found a deleted key", k)
			}
			continue
		}
		if !ok || v.Text() != strconv.Itoa(i) {
			t.Fatalf("Get(%q) = %v, %v; want %d", k, v.Text(), ok, i)
		}
	}
	if got := keysOf(o); len(got) != 1999 || got[0] != keys[0] || got[7] != keys[8] {
		t.Errorf("keys out of order after the delete: %d keys, %q...", len(got), got[:9])
	}
	if c := o.Clone(); c.index(keys[1999]) != 1998 {
		t.Error("a clone does not find the last key where it is")
	}
	o.Reset()
	if o.mapped {
		t.Error("Reset kept the map in use")
	}
	for i := 0; i < 40; i++ {
		o.Set("k"+strconv.Itoa(i), Num(float64(i)))
	}
	if v, ok := o.Get("k39"); o.mapped || !ok || v.Text() != "39" {
		t.Errorf("after Reset, ordinary keys: mapped %v, Get(k39) = %v, %v", o.mapped, v.Text(), ok)
	}

	ordinary := NewObj(0)
	for i := 0; i < 100000; i++ {
		ordinary.Set("k"+strconv.Itoa(i), Num(float64(i)))
	}
	if ordinary.mapped {
		t.Error("100,000 ordinary keys left the open-addressing index")
	}
}

// TestSetOnAnObjectLeftUnorderedSettlesItFirst: the exported Set places
// one key among keys in order; on an object the engine's own sets left
// unordered (put), it puts them all in order first.
func TestSetOnAnObjectLeftUnorderedSettlesItFirst(t *testing.T) {
	o := NewObj(0)
	o.put("a", -1, Num(1), 0)
	o.put("1", -1, Num(2), len(o.ents))
	o.Set("b", Num(3))
	if got, want := keysOf(o), []string{"1", "a", "b"}; !slices.Equal(got, want) {
		t.Errorf("keys %q, want %q", got, want)
	}
}
