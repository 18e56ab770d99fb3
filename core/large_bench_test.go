package core

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkLarge: the large calls of the memory row of make bench
// (js/bench/keeps.mjs), natively: what one costs in time and allocation.
func BenchmarkLarge(b *testing.B) {
	names := func(n int) []string {
		s := make([]string, n)
		for i := range s {
			s[i] = strconv.FormatInt(int64(i), 36)
		}
		return s
	}
	params := func(n int) *Obj {
		o := O()
		for i := 0; i < n; i++ {
			o.Set("k"+strconv.Itoa(i), From("v"))
		}
		return o
	}
	cases := []struct {
		name  string
		route string
		opts  *Obj
	}{
		{"800,000 previews", "GET /x", O("mediaType", O("previews", names(800000)))},
		{"POST 500,000 body parameters", "POST /x", params(500000)},
		{"GET 100,000 query parameters", "GET /x", params(100000)},
		{"a url of 4 KiB, 1,360 expressions", "GET /000" + strings.Repeat("{a}", 1360), O("a", "1")},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New().Endpoint(c.route, c.opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
