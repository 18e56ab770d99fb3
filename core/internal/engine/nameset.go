package engine

// nameSet is a set of strings that keeps them in the order they came: the
// preview names of a call (D25), of which a call may give hundreds of
// thousands. It holds the names and an index of their positions, which
// holds no pointers, so that the collector does not scan it; below
// indexAbove names a linear search costs less. Like an Obj's index, its
// hash is fixed, so names chosen to collide move the set to a Go map,
// whose hash is seeded (Obj.byKey).
type nameSet struct {
	names  []string
	idx    []int32 // open-addressing index of positions plus one, or empty
	byName map[string]int32
	mapped bool
}

// reset empties the set, keeping its memory, and makes room for n names
// at once, so that a set of a known number of names is not copied again
// and again as it grows.
func (t *nameSet) reset(n int) {
	t.names, t.idx, t.mapped = t.names[:0], t.idx[:0], false
	if cap(t.names) < n {
		t.names = make([]string, 0, n)
	}
	if n > indexAbove {
		t.resize(n)
	}
}

// add adds name unless it is in the set, and reports whether it added it.
func (t *nameSet) add(name string) bool {
	switch {
	case t.mapped:
		if _, ok := t.byName[name]; ok {
			return false
		}
		t.byName[name] = int32(len(t.names))
	case len(t.idx) == 0:
		for _, n := range t.names {
			if n == name {
				return false
			}
		}
		if len(t.names) == indexAbove {
			t.names = append(t.names, name)
			t.resize(len(t.names))
			return true
		}
	default:
		mask := uint32(len(t.idx) - 1)
		h := uint32(hashString(name)) & mask
		for n := 0; t.idx[h] != 0; n, h = n+1, (h+1)&mask {
			if t.names[t.idx[h]-1] == name {
				return false
			}
			if n == maxKeyProbe-1 {
				t.mapNames()
				return t.add(name)
			}
		}
		t.names = append(t.names, name)
		if 2*len(t.names) > len(t.idx) {
			t.resize(len(t.names))
		} else {
			t.idx[h] = int32(len(t.names))
		}
		return true
	}
	t.names = append(t.names, name)
	return true
}

// resize indexes the names in an index with room for four times n, or in
// byName when they crowd it.
func (t *nameSet) resize(n int) {
	t.idx = emptyIndex(t.idx, n)
	mask := uint32(len(t.idx) - 1)
	for i, name := range t.names {
		h := uint32(hashString(name)) & mask
		for n := 0; t.idx[h] != 0; n, h = n+1, (h+1)&mask {
			if n == maxKeyProbe-1 {
				t.mapNames()
				return
			}
		}
		t.idx[h] = int32(i + 1)
	}
}

// mapNames indexes the names in byName, for the rest of the call.
func (t *nameSet) mapNames() {
	t.mapped = true
	if t.byName == nil {
		t.byName = make(map[string]int32, cap(t.names))
	} else {
		clear(t.byName)
	}
	for i, name := range t.names {
		t.byName[name] = int32(i)
	}
	t.idx = t.idx[:0]
}
