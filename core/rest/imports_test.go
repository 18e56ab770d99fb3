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
// ./wasm, links the engine (core/internal/engine) and the bridge, never the Go
// API (core, this package), core/internal/govalue nor encoding/json, which the
// engine links in native builds only (core/internal/engine/gojson.go): they
// would only make the module larger (docs/go.md, "Why the Go API is apart from the engine").
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
	if !slices.Contains(deps, module+"core/internal/engine") {
		t.Fatalf("the module's dependencies do not hold the engine: %v", deps)
	}
	for _, p := range []string{module + "core", module + "core/rest", module + "core/internal/govalue", "encoding/json", "math/big"} {
		if slices.Contains(deps, p) {
			t.Errorf("endpoint.wasm links %s", p)
		}
	}
}
