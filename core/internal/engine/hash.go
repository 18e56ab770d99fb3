package engine

// hashString hashes a string for the engine's open-addressing tables (the
// template cache's, an Obj's index of its keys): eight bytes a multiply,
// then a final mix, so that strings that differ in any byte spread over a
// table's low bits. A Go map would hash with the runtime's memhash, which
// in WebAssembly has no hardware help for its 128-bit multiplies and costs
// several times this. The words are put together from bytes, which is
// portable (the engine runs on any architecture). It is no defence against
// strings chosen to collide: the template cache bounds its probes (a url
// past them is not cached), and an Obj whose keys crowd its index moves
// them to a Go map, whose hash is seeded (Obj.byKey).
func hashString(s string) uint64 {
	const m1, m2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9
	h := uint64(len(s)) * m1
	for ; len(s) >= 8; s = s[8:] {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		h = (h ^ w) * m1
		h ^= h >> 32
	}
	var w uint64
	for i := 0; i < len(s); i++ {
		w |= uint64(s[i]) << (8 * i)
	}
	h = (h ^ w) * m1
	h ^= h >> 29
	h *= m2
	return h ^ h>>32
}
