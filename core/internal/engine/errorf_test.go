package engine

import "testing"

func TestSprintfFormatsTheVerbsErrorfUses(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
		want   string
	}{
		{"nested deeper than %d levels, or cyclic", []any{256}, "nested deeper than 256 levels, or cyclic"},
		{"%s at offset %d in %s", []any{"unclosed", 7, `"/x{"`}, `unclosed at offset 7 in "/x{"`},
		{"100%% sure: %s", []any{"yes"}, "100% sure: yes"},
		{"no verbs", nil, "no verbs"},
		{"%s and %s", []any{"one"}, "one and %!s(MISSING)"},
		{"%d", []any{int64(1)}, "%!(BADARG)"},
		{"ends with %", nil, "ends with %"},
	} {
		if got := sprintf(c.format, c.args); got != c.want {
			t.Errorf("sprintf(%q, %v) = %q, want %q", c.format, c.args, got, c.want)
		}
	}
}
