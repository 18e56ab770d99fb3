package wasmpost

import (
	"os"
	"regexp"
	"testing"
)

// TestReleaseOneRelease checks that the loader's side of the release facts
// (js/go-source.mjs), the toolchain the Makefile and CI run and go.mod's go line
// name the release GoRelease names: moving to another means changing all
// of them, following docs/design.md ("Upgrading Go").
func TestReleaseOneRelease(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile("../../../" + path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	find := func(path, pattern string) string {
		m := regexp.MustCompile(pattern).FindStringSubmatch(read(path))
		if m == nil {
			t.Fatalf("%s: nothing matches %s", path, pattern)
		}
		return m[1]
	}
	js := find("js/go-source.mjs", `(?m)^export const GO_RELEASE = "([^"]*)";`)
	jsToolchain := find("js/go-source.mjs", `(?m)^export const GO_TOOLCHAIN = "([^"]*)";`)
	makeToolchain := find("Makefile", `(?m)^GOTOOLCHAIN \?= (\S+)$`)
	ciToolchain := find(".ci/run", `(?m)^export GOTOOLCHAIN=(\S+)$`)
	mod := "go" + find("go.mod", `(?m)^go (\S+)$`)
	if js != GoRelease {
		t.Errorf("js/go-source.mjs's GO_RELEASE is %q, GoRelease %q", js, GoRelease)
	}
	if release(makeToolchain) != GoRelease || jsToolchain != makeToolchain || ciToolchain != makeToolchain {
		t.Errorf("the Makefile runs %s, js/go-source.mjs %s and .ci/run %s, want one toolchain of %s", makeToolchain, jsToolchain, ciToolchain, GoRelease)
	}
	if release(mod) != GoRelease {
		t.Errorf("go.mod says %s, want %s", mod, GoRelease)
	}
}
