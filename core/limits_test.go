package core

import (
	"errors"
	"strings"
	"testing"
)

// A url past MaxURLLength is an error found while it is built, not after
// gigabytes: a thousand expressions of a megabyte each (D29).
func TestAURLPastTheLimitIsAnErrorFoundEarly(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	for name, c := range map[string]struct {
		route   string
		options *Obj
	}{
		"expressions": {"GET /x/" + strings.Repeat("{a}", 1000), O("a", big)},
		"query":       {"GET /x", O("a", big, "b", big)},
		"route":       {"GET /" + strings.Repeat("y", MaxURLLength), nil},
		"base":        {"GET /" + big[:MaxURLLength-10], O("baseUrl", "https://"+strings.Repeat("h", 100))},
	} {
		if _, err := Endpoint(c.route, c.options); !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "longer than") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if r, err := Endpoint("GET /x", O("a", big[:1<<19])); err != nil || len(r.URL) < 1<<19 {
		t.Errorf("half a megabyte: %v", err)
	}
}
