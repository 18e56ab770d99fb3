package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
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

// Expressions that read lists or objects whose members add nothing to the
// url (null, undefined) are held to the url's limit in members read: a url
// of 2,000 expressions naming one list of 2,000 nulls is refused once a
// million members are read, not after reading four million (D29). Within
// the limit, such lists expand as before.
func TestExpressionsReadingMoreMembersThanTheLimitAreAnError(t *testing.T) {
	nulls := make([]any, 2000)
	_, err := Endpoint("GET /x/"+strings.Repeat("{a}", 2000), O("a", nulls))
	if !errors.Is(err, ErrInvalidParameter) || !strings.Contains(err.Error(), "list and object members") {
		t.Errorf("2,000 expressions of 2,000 nulls: %v", err)
	}
	r, err := Endpoint("GET /x/"+strings.Repeat("{a}", 400), O("a", append(nulls, "v")))
	if err != nil || r.URL != "https://api.github.com/x/"+strings.Repeat("v", 400) {
		t.Errorf("400 expressions of 2,001 members: %v", err)
	}
}

// countingLoader gives the list ["a", "b"] for every handle and counts the
// loads of each.
type countingLoader struct {
	loads map[int]int
}

func (l *countingLoader) Load(v Value) (Value, error) {
	h, _ := v.Handle()
	l.loads[h]++
	return From([]any{"a", "b"}), nil
}

// An unloaded value that several expressions name is asked of the Loader
// once in a call, and once again in the next: each load may cost as much as
// the value (D29). So it is with one such value and with ten.
func TestAValueNamedByManyExpressionsIsLoadedOncePerCall(t *testing.T) {
	for _, n := range []int{1, 10} {
		l := &countingLoader{loads: map[int]int{}}
		s := &session{loader: l}
		var route, want strings.Builder
		route.WriteString("GET /x")
		want.WriteString("https://api.github.com/x")
		var params []any
		for i := range n {
			fmt.Fprintf(&route, "/{v%d}/{v%d}", i, i)
			want.WriteString("/a,b/a,b")
			params = append(params, fmt.Sprintf("v%d", i), Unloaded(Array, i))
		}
		for call := 1; call <= 2; call++ {
			r, err := s.Endpoint(New(), route.String(), O(params...))
			if err != nil || r.URL != want.String() {
				t.Fatalf("%d values, call %d: %v, %v", n, call, r, err)
			}
			for i := range n {
				if l.loads[i] != call {
					t.Errorf("%d values, after call %d: value %d loaded %d times, want %d", n, call, i, l.loads[i], call)
				}
			}
		}
	}
}

// An error's message about a megabyte of input is made in time that grows
// linearly with it, wherever the input is quoted: a header name, a url
// option replacing the route's (D31), a route, a baseUrl and a template,
// each a million "@", ":" and "/" in the shapes that made the search for
// userinfo walk back over the input for every "@". Linear, each takes
// milliseconds; quadratic, minutes. The bound is an absolute one, far
// from both, so that a busy machine does not decide.
func TestAMessageAboutAMegabyteOfInputIsMadeInLinearTime(t *testing.T) {
	const n = 1 << 20
	ats := strings.Repeat("@", n)
	for name, c := range map[string]struct {
		route   string
		options *Obj
	}{
		"header name":      {"GET /x", O("headers", O(ats, "1"))},
		"url option":       {"GET /x", O("url", "https://h.example/"+ats)},
		"route":            {"GET /" + ats + " x", nil},
		"baseUrl":          {"GET /x", O("baseUrl", "https://"+ats+" ")},
		"template":         {"GET /x/{" + ats, nil},
		"userinfo words":   {"GET /x", O("url", "https://h.example/"+strings.Repeat("a:b@", n/4))},
		"authorities":      {"GET /x/{" + strings.Repeat("http:x@", n/7), nil},
		"query after expr": {"GET /x/{a}/{?b}" + strings.Repeat("&c=@", n/4), nil},
	} {
		start := time.Now()
		_, err := Endpoint(c.route, c.options)
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("%s: the error took %v", name, took)
		}
		var e *Error
		if !errors.As(err, &e) || len(e.Error()) > 1000 {
			t.Errorf("%s: %v", name, err)
		}
	}
}
