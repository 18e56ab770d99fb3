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
		if err := checkValueDepth(o.vals[i], 2); err != nil {
			return errorf(CodeInvalidArgument, field, "%v", err.Error()[len("endpoint: "):])
		}
	}
	return nil
}

func checkValueDepth(v Value, depth int) error {
	var children []Value
	switch v.kind {
	case Object:
		children = v.obj.vals
	case Array:
		children = v.list
	default:
		return nil
	}
	if depth > MaxDepth {
		return errorf(CodeInvalidArgument, "input", "nested deeper than %d levels, or cyclic", MaxDepth)
	}
	for i := range children {
		if err := checkValueDepth(children[i], depth+1); err != nil {
			return err
		}
	}
	return nil
}
