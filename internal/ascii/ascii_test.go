package ascii

import (
	"strings"
	"testing"
)

// byteAtATime is the definition Is must agree with.
func byteAtATime(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestIsFindsANonASCIIByteAtEveryPosition: whatever its place in the
// eight-byte words or the tail, one byte >= 0x80 makes the text not ASCII.
func TestIsFindsANonASCIIByteAtEveryPosition(t *testing.T) {
	for n := 0; n <= 40; n++ {
		s := strings.Repeat("a", n)
		if !Is(s) {
			t.Errorf("Is(%d × a) = false", n)
		}
		for i := 0; i < n; i++ {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b := []byte(s)
				b[i] = c
				if Is(string(b)) {
					t.Errorf("Is: byte %#x at %d of %d not found", c, i, n)
				}
			}
		}
	}
}

// FuzzIs: Is agrees with the byte-at-a-time definition.
func FuzzIs(f *testing.F) {
	f.Add("https://api.github.com/repos/o/r")
	f.Add("Straße 日本語")
	f.Fuzz(func(t *testing.T, s string) {
		if Is(s) != byteAtATime(s) {
			t.Errorf("Is(%q) = %v", s, Is(s))
		}
	})
}

// BenchmarkIs: a url of 1,300 bytes, as a long search query makes.
func BenchmarkIs(b *testing.B) {
	s := strings.Repeat("https://api.github.com/search/issues?q=tetris%20language%3Aassembly", 20)[:1300]
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if !Is(s) {
			b.Fatal("not ASCII")
		}
	}
}
