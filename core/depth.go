package core

// checkDepth refuses options nested deeper than MaxDepth, or cyclic (a Go
// program can build an *Obj that holds itself), before any recursive step
// of the engine sees them (D29). Values decoded by DecodeJSON are already
// bounded; the walk over a flat options object is a few comparisons.
func checkDepth(o *Obj, field string) error {
	if o == nil {
		return nil
	}
	for i := range o.vals {
		if !depthWithin(o.vals[i], 2) {
			return errorf(CodeInvalidArgument, field, "nested deeper than %d levels, or cyclic", MaxDepth)
		}
	}
	return nil
}

// depthWithin reports whether v, at level depth, nests no deeper than
// MaxDepth.
func depthWithin(v Value, depth int) bool {
	var children []Value
	switch {
	case v.unloaded: // not given: the Loader checks it when it is read
		return true
	case v.kind == Object:
		children = v.obj.vals
	case v.kind == Array:
		children = v.list
	default:
		return true
	}
	if depth > MaxDepth {
		return false
	}
	for i := range children {
		if !depthWithin(children[i], depth+1) {
			return false
		}
	}
	return true
}
