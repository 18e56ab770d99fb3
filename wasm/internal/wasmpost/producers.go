package wasmpost

import (
	"errors"
	"fmt"
	"strings"
)

// goVersion returns the version of Go that compiled the module, from the
// language field of its producers section, which Go's linker writes.
func goVersion(m *Module) (string, error) {
	payload, ok := m.custom("producers")
	if !ok {
		return "", errors.New("no producers section: not a module made by Go's linker")
	}
	r := reader{b: payload}
	for range r.uleb32() {
		field := r.name()
		for range r.uleb32() {
			name, version := r.name(), r.name()
			if r.err == nil && field == "language" && name == "Go" {
				return version, nil
			}
		}
	}
	if r.err != nil {
		return "", fmt.Errorf("producers section: %w", r.err)
	}
	return "", errors.New("producers section names no Go language version: not a module made by Go's linker")
}

// checkGoVersion refuses a module made by a Go release other than want
// ("go1.26"): its patch releases, release candidates and experiments are
// accepted, since a release keeps its layout of pclntab.
func checkGoVersion(m *Module, want string) error {
	v, err := goVersion(m)
	if err != nil {
		return err
	}
	if release(v) != want {
		return fmt.Errorf("module made by %s; this rewriter reads the layout of %s's pclntab only", v, want)
	}
	return nil
}

// release returns the release of a Go version: "go1.26" for "go1.26.8",
// "go1.26rc1" or "go1.26.8 X:nogreenteagc"; "" for a development version.
func release(v string) string {
	rest, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return ""
	}
	n := 0
	for n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
		n++
	}
	if n == 0 {
		return ""
	}
	return v[:len("go1.")+n]
}
