//go:build !js

// The go command runs natively only: in the browser (wasmbrowsertest) there
// is none.

package rest

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTheWebAssemblyModuleLinksNoneOfTheGoAPI: endpoint.wasm, built from
// ./wasm, links package core and the bridge, never this package,
// core/internal/govalue nor encoding/json, which core links in native
// builds only (core/gojson.go): they would only make the module larger
// (docs/go.md, "Why two packages").
func TestTheWebAssemblyModuleLinksNoneOfTheGoAPI(t *testing.T) {
	const module = "github.com/endpoint-wasm/endpoint-wasm/"
	cmd := exec.Command("go", "list", "-deps", "./wasm")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, module+"core") {
		t.Fatalf("the module's dependencies do not hold core: %v", deps)
	}
	for _, p := range []string{module + "core/rest", module + "core/internal/govalue", "encoding/json"} {
		if slices.Contains(deps, p) {
			t.Errorf("endpoint.wasm links %s", p)
		}
	}
}
