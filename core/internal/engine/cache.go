package engine

import (
	"strings"
	"sync"

	"github.com/endpoint-wasm/endpoint-wasm/core/internal/ascii"
)

// templateCache holds compiled templates by their url. Parsing costs more
// than expanding, and a program uses a bounded set of routes (GitHub's REST
// API has about 1,200). The cache is bounded too, without a cliff: it keeps
// two generations of up to templateGeneration urls; a hit in the older one
// moves the template to the newer, and when the newer is full it becomes
// the older and the oldest is dropped. Any working set of up to
// templateGeneration templates therefore stays cached (but for the rare url
// that finds no free slot near its own, templateTable), and memory stays
// bounded whatever urls a program builds (D29): a generation also holds at
// most maxGenerationBytes of templates, by templateBytes. Urls without expressions,
// such as the next-page links of pagination, never enter it (session.template).
//
// A plain Mutex, not an RWMutex: the lookup under it is short, and the
// module is smaller without one.
var templateCache = newTemplateCache(templateGeneration)

const templateGeneration = 2048

// maxCachedURL is the longest url whose template is cached: a url that long
// is no route.
const maxCachedURL = 4096

// maxGenerationBytes bounds the memory of a generation's templates, as
// templateBytes counts it, so that the cache holds at most twice that
// whatever templates come: a url of thousands of expressions takes far
// more memory than a route, and a count of urls alone bounds nothing.
// GitHub's routes all fit one generation (TestEveryGitHubRouteFitsOneGeneration).
const maxGenerationBytes = 4 << 20

// cache is the type of templateCache: two generations of up to gen templates.
type cache struct {
	sync.Mutex
	cur, old templateTable
	gen      int // templates a generation may hold
	max      int // and bytes, by templateBytes
}

func newTemplateCache(gen int) *cache {
	return &cache{cur: newTemplateTable(gen), old: newTemplateTable(gen), gen: gen, max: maxGenerationBytes}
}

// compileTemplate returns the compiled template for url, from the cache when
// it has been seen.
func compileTemplate(url string) (*template, error) { return templateCache.compile(url) }

// compile returns the compiled template for url, from c when it has been seen.
func (c *cache) compile(url string) (*template, error) {
	h := hashString(url)
	c.Lock()
	t := c.cur.get(url, h)
	if t == nil {
		if t = c.old.get(url, h); t != nil {
			c.add(t)
		}
	}
	c.Unlock()
	if t != nil {
		return t, nil
	}
	// The caller's url may be a view into a buffer that the next call
	// overwrites (session): the cache keeps its own copy, and the
	// template's names and literals are cut from that copy.
	url = strings.Clone(url)
	t, err := parseTemplate(url)
	if err != nil {
		return nil, err
	}
	t.src, t.hash = url, h
	if len(url) > maxCachedURL {
		return t, nil // compiled for this call only: a url that long is no route
	}
	c.Lock()
	c.add(t)
	c.Unlock()
	return t, nil
}

// add puts t in the newer generation; when that is full, in templates or
// in bytes, it becomes the older one, and the oldest is dropped (its
// table, emptied, is the newer).
func (c *cache) add(t *template) {
	if c.cur.n >= c.gen || c.cur.bytes+templateBytes(t) > c.max {
		c.old, c.cur = c.cur, c.old
		c.cur.reset()
	}
	c.cur.put(t)
}

// templateTable is one generation of the cache: compiled templates by
// their url in open addressing, looked up by hashString, not in a Go map,
// whose hash is slow in WebAssembly (hash.go). A url is looked for in at
// most maxProbe slots from its own, so that no set of urls, however chosen
// to collide, makes a lookup cost more; a url that finds none of them free
// is not cached, and is compiled for its call, as a url seen once is.
type templateTable struct {
	slots []*template // a power of two long, at least twice what it may hold
	n     int         // how many it holds
	bytes int         // their memory, by templateBytes
}

// templateBytes is about how much memory a compiled template takes, and
// never less: its url twice (the cache's copy and the literals cut from
// it), and a part's and a variable name's share, natively and in
// WebAssembly, for routes and for urls made of thousands of expressions or
// names (TestTheCachesMemoryIsBoundedInBytes).
func templateBytes(t *template) int {
	return 256 + 2*len(t.src) + 96*len(t.parts) + 128*len(t.names)
}

// maxProbe is how many slots a url may be looked for in.
const maxProbe = 8

// newTemplateTable returns a table for up to n templates.
func newTemplateTable(n int) templateTable {
	size := 1
	for size < 2*n {
		size *= 2
	}
	return templateTable{slots: make([]*template, size)}
}

// get returns the template of url, whose hashString is h, or nil.
func (t *templateTable) get(url string, h uint64) *template {
	mask := uint64(len(t.slots) - 1)
	for i := uint64(0); i < maxProbe; i++ {
		tp := t.slots[(h+i)&mask]
		if tp == nil {
			return nil
		}
		if tp.hash == h && ascii.Equal(tp.src, url) {
			return tp
		}
	}
	return nil
}

// put adds tp, unless it is there or has no free slot within maxProbe.
func (t *templateTable) put(tp *template) {
	mask := uint64(len(t.slots) - 1)
	for i := uint64(0); i < maxProbe; i++ {
		s := &t.slots[(tp.hash+i)&mask]
		if *s == nil {
			*s, t.n, t.bytes = tp, t.n+1, t.bytes+templateBytes(tp)
			return
		}
		if (*s).hash == tp.hash && (*s).src == tp.src {
			return
		}
	}
}

// reset empties the table, keeping its memory.
func (t *templateTable) reset() {
	clear(t.slots)
	t.n, t.bytes = 0, 0
}
