package govalue

// encoding/json's rules for the fields of a struct: which are written,
// under what names, and when omitempty and omitzero leave one out.

import (
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// isEmptyValue reports whether v is empty as `json:",omitempty"` means it.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// field is a struct field as encoding/json writes it.
type field struct {
	name      string
	tagged    bool  // the name comes from the tag
	index     []int // the path of field indexes from the struct, through embedded ones
	omitEmpty bool
	omitZero  bool
	isZero    func(reflect.Value) bool // for omitzero: the type's IsZero method, or reflect's
	quoted    bool                     // `json:",string"` on a bool, number or string
}

// structFields returns the fields of struct type t that encoding/json
// writes, in the order it writes them.
func (w *walker) structFields(t reflect.Type) []field {
	if f, ok := w.fields[t]; ok {
		return f
	}
	if w.fields == nil {
		w.fields = map[reflect.Type][]field{}
	}
	f := typeFields(t)
	w.fields[t] = f
	return f
}

// typeFields finds t's fields by encoding/json's rules: exported fields,
// and the fields of embedded structs (exported or not) promoted, breadth
// first; a tag "-" leaves a field out; of fields with the same name, the
// shallowest wins, then the one named by a tag, and two that still tie
// leave each other out, as Go's own selectors would be ambiguous.
func typeFields(t reflect.Type) []field {
	type level struct {
		typ   reflect.Type
		index []int
	}
	var fields []field
	next := []level{{typ: t}}
	visited := map[reflect.Type]bool{}
	var count, nextCount map[reflect.Type]int
	for len(next) > 0 {
		current := next
		next = nil
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, l := range current {
			if visited[l.typ] {
				continue
			}
			visited[l.typ] = true
			for i := 0; i < l.typ.NumField(); i++ {
				sf := l.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue // an unexported embedded non-struct has nothing to promote
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !isValidTag(name) {
					name = ""
				}
				index := append(slices.Clip(l.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := field{
						name:      name,
						tagged:    name != "",
						index:     index,
						omitEmpty: hasOption(opts, "omitempty"),
						omitZero:  hasOption(opts, "omitzero"),
					}
					if f.name == "" {
						f.name = sf.Name
					}
					if hasOption(opts, "string") {
						switch ft.Kind() {
						case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							f.quoted = true
						}
					}
					if f.omitZero {
						f.isZero = zeroTest(sf.Type)
					}
					fields = append(fields, f)
					if count[l.typ] > 1 {
						// The struct is embedded twice at this depth: its fields
						// tie with themselves and leave each other out.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, level{typ: ft, index: index})
				}
			}
		}
	}
	// Of the fields of one name, keep the dominant one, if there is one.
	slices.SortStableFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := len(a.index) - len(b.index); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		if j-i == 1 || len(fields[i].index) < len(fields[i+1].index) || fields[i].tagged != fields[i+1].tagged {
			out = append(out, fields[i])
		}
		i = j
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return out
}

// hasOption reports whether the comma-separated options of a tag hold o.
func hasOption(opts, o string) bool {
	for opts != "" {
		var name string
		name, opts, _ = strings.Cut(opts, ",")
		if name == o {
			return true
		}
	}
	return false
}

// isValidTag reports whether a tag's name is one encoding/json takes:
// letters, digits and punctuation other than quotes and backslash.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// zeroTest returns how `json:",omitzero"` tests a field of type t: by the
// type's IsZero method when it has one (time.Time's), else by reflect's
// zero value.
func zeroTest(t reflect.Type) func(reflect.Value) bool {
	zeroer := reflect.TypeFor[isZeroer]()
	switch {
	case t.Kind() == reflect.Interface && t.Implements(zeroer):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(zeroer):
		return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
	case t.Implements(zeroer):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(zeroer):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(v.Type()).Elem()
				c.Set(v)
				v = c
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return reflect.Value.IsZero
}
