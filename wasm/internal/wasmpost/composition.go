package wasmpost

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Where a module's bytes go, for `make size`: its sections, and its code by
// Go package and by function. The module the rewrite writes has no names
// left (StripNames); they are read from the module Go's linker wrote, whose
// functions the rewrite keeps at the same indexes.

// Part is one part of a module and its size in bytes.
type Part struct {
	Name  string
	Bytes int
}

// Composition is where a module's bytes go.
type Composition struct {
	Size      int
	Sections  []Part // in the module's order
	Packages  []Part // the code of each Go package, its functions' bodies: largest first
	Functions []Part // each function's body, largest first
	Empty     int    // functions the rewrite left as `unreachable` (code that cannot run)
}

// Compose returns the composition of module, with the function names of
// linked, the module Go's linker wrote that module was rewritten from.
func Compose(module, linked []byte) (Composition, error) {
	m, err := Parse(module)
	if err != nil {
		return Composition{}, err
	}
	names, err := linkedNames(linked)
	if err != nil {
		return Composition{}, fmt.Errorf("the linked module: %w", err)
	}
	_, bodies, err := functions(m)
	if err != nil {
		return Composition{}, err
	}
	// The rewrite adds one function, its start function (the fill), last.
	if _, hasFill, err := currentFill(m); err != nil {
		return Composition{}, err
	} else if hasFill {
		names = append(names, "(the start function: the memory image and findfunctab written)")
	}
	if len(bodies) != len(names) {
		return Composition{}, fmt.Errorf("%d functions, where the linked module has %d: not the module it was rewritten from", len(bodies), len(names))
	}
	c := Composition{Size: len(module)}
	for _, s := range m.Sections {
		name := sectionName(s.ID)
		if s.ID == sectionCustom {
			r := reader{b: s.Payload}
			name = fmt.Sprintf("custom %q", r.name())
		}
		c.Sections = append(c.Sections, Part{name, len(s.Payload)})
	}
	packages := map[string]int{}
	for i, body := range bodies {
		if bytes.Equal(body, unreachableBody) {
			c.Empty++
		}
		packages[packageOf(names[i])] += len(body)
		c.Functions = append(c.Functions, Part{names[i], len(body)})
	}
	for p, n := range packages {
		c.Packages = append(c.Packages, Part{p, n})
	}
	largestFirst := func(a, b Part) int { return cmp.Or(b.Bytes-a.Bytes, strings.Compare(a.Name, b.Name)) }
	slices.SortFunc(c.Packages, largestFirst)
	slices.SortFunc(c.Functions, largestFirst)
	return c, nil
}

// Print writes the composition: every section, and the top largest packages
// and functions.
func (c Composition) Print(w io.Writer, top int) {
	fmt.Fprintf(w, "%d bytes:\n", c.Size)
	for _, s := range c.Sections {
		fmt.Fprintf(w, "  %9d  %s\n", s.Bytes, s.Name)
	}
	fmt.Fprintf(w, "code by Go package (%d functions, %d of them left as unreachable):\n", len(c.Functions), c.Empty)
	for _, p := range c.Packages[:min(top, len(c.Packages))] {
		fmt.Fprintf(w, "  %9d  %s\n", p.Bytes, p.Name)
	}
	fmt.Fprintln(w, "the largest functions:")
	for _, f := range c.Functions[:min(top, len(c.Functions))] {
		fmt.Fprintf(w, "  %9d  %s\n", f.Bytes, f.Name)
	}
}

// linkedNames returns the name of each of the module's own functions, by
// index, from its pclntab.
func linkedNames(module []byte) ([]string, error) {
	m, err := Parse(module)
	if err != nil {
		return nil, err
	}
	mem, _, err := initialMemory(m)
	if err != nil {
		return nil, err
	}
	_, bodies, err := functions(m)
	if err != nil {
		return nil, err
	}
	return pclntabNames(mem, len(bodies))
}

// pclntabNames returns the names pclntab in mem gives the module's n own
// functions, by index; "(not in pclntab)" for a function it does not name.
func pclntabNames(mem []byte, n int) ([]string, error) {
	t, err := findPclntab(mem)
	if err != nil {
		return nil, err
	}
	byName, err := t.functionsByName()
	if err != nil {
		return nil, err
	}
	names := make([]string, n)
	for name, idx := range byName {
		if idx < 0 || idx >= n {
			return nil, fmt.Errorf("pclntab names function %d of %d", idx, n)
		}
		names[idx] = name
	}
	for i, name := range names {
		if name == "" {
			names[i] = "(not in pclntab)"
		}
	}
	return names, nil
}

// packageOf returns the package path of a Go function's name: up to the
// first dot after the last slash, before any type arguments or receiver.
func packageOf(name string) string {
	end := len(name)
	if i := strings.IndexAny(name, "[("); i >= 0 {
		end = i
	}
	slash := strings.LastIndexByte(name[:end], '/')
	if dot := strings.IndexByte(name[slash+1:end], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name[:end]
}

// sectionName names a section by its ID, as the binary format does.
func sectionName(id byte) string {
	names := map[byte]string{
		sectionType: "type", sectionImport: "import", sectionFunction: "function", 4: "table",
		sectionMemory: "memory", sectionGlobal: "global", sectionExport: "export", sectionStart: "start",
		9: "element", sectionCode: "code", sectionData: "data", sectionDataCount: "data count",
	}
	if n, ok := names[id]; ok {
		return n
	}
	return fmt.Sprintf("section %d", id)
}
