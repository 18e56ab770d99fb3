// The fuzz target's input generator: from a seed, a case made of plain data
// (a "spec": JSON-printable, so that a finding can be reported and
// replayed), and build(spec), which makes the JavaScript values it
// describes, afresh each time (getters start counting again, proxies are
// new), so that one case can be run several times on equal input.

/** rng returns a deterministic generator of numbers in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ["", "+", "#", ".", "/", ";", "?", "&"];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "get", "post", "Patch", "TRACE", "G3T", ""];
const NAMES = ["owner", "repo", "a", "b", "q", "per_page", "fields[]", "id", "x-y", "_", "1", "01", "-1", "4294967295", "__proto__", "constructor", "prototype",
  "method", "url", "baseUrl", "headers", "mediaType", "data", "request", "ü", "a b", "a%20"];
const HEADER_NAMES = ["accept", "Accept", "ACCEPT", "content-type", "Content-Type", "user-agent", "authorization", "x-a", "X-A", "x-b", "__proto__",
  "constructor", "1", "a b", "a:b", "", "x\r\ny", "é", "x-\0", "x-" + "h".repeat(40)];
const STRINGS = ["", "x", "octocat", "hello world", "a/b", "a?b#c", "%41", "%zz", "100%", "+", "a+b c", "ü", "😀", "\ud800", "\udc00x", "a\udbff",
  "\r", "\n", "\0", "a\r\nb: c", "\u010d\u010a", "\u2028", "\t", "{a}", ":a", "//evil.example", "@evil.example", "https://evil.example",
  "-preview", "raw", "v3", "application/vnd.github.v3+json", "application/octet-stream", "text/plain, application/json", "null", "undefined",
  "ghp_16C7e42F292c6912E7710c838347Ae178B4a", ".", "..", "...", "%2e", "%2E%2e", ".%2e", "../x", "a/../b", ".well-known"];
const NUMBERS = ["0", "-0", "1", "-1", "0.1", "1e21", "1e-7", "NaN", "Infinity", "-Infinity", "9007199254740993", "4294967296", "255"];
const HOSTS = ["date", "map", "fn", "u8", "ab", "usp", "blob", "formdata", "class", "revoked", "symbol", "regexp", "error", "nullproto"];
const BASES = ["https://api.github.com", "https://ghe.example/api/v3", "http://localhost:8080", "HTTPS://h.example/", "", "ftp://h.example",
  "https://h.example/a b", "javascript:x", "https://{h}.example"];

/** Gen draws the parts of a case from r. */
class Gen {
  constructor(r) {
    this.r = r;
  }

  int(n) {
    return Math.floor(this.r() * n);
  }

  pick(a) {
    return a[this.int(a.length)];
  }

  chance(p) {
    return this.r() < p;
  }

  string() {
    if (this.chance(0.6)) return this.pick(STRINGS);
    let s = "";
    const n = this.int(8);
    for (let i = 0; i < n; i++) s += this.chance(0.8) ? String.fromCharCode(32 + this.int(95)) : String.fromCharCode(this.int(0x10000));
    return s;
  }

  /** value: a spec of any kind of value, up to depth levels of containers. */
  value(depth) {
    const k = this.int(depth > 0 ? 14 : 9);
    switch (k) {
      case 0: case 1: case 2: return { t: "s", v: this.string() };
      case 3: return { t: "n", v: this.pick(NUMBERS) };
      case 4: return { t: "big", v: this.pick(["0", "-1", "123", "1208925819614629174706176"]) };
      case 5: return { t: this.pick(["true", "false", "null", "undefined"]) };
      case 6: return { t: "host", v: this.pick(HOSTS) };
      case 7: return { t: "s", v: this.pick(["a", "b", "1"]) };
      case 8: return this.chance(0.1) ? { t: this.pick(["cycle", "deep"]) } : { t: "s", v: "v" };
      case 9: case 10: return { t: "a", v: Array.from({ length: this.int(4) }, () => this.value(depth - 1)) };
      case 11: case 12: return this.object(depth - 1, NAMES);
      default: return { t: "get", v: [this.value(depth - 1), this.value(depth - 1)] };
    }
  }

  object(depth, names) {
    const n = this.int(4);
    const v = [];
    for (let i = 0; i < n; i++) v.push([this.pick(names), this.value(depth)]);
    return { t: "o", v, nullProto: this.chance(0.05) };
  }

  /**
   * route: a url template with any operator, :name placeholders, literal
   * text, sometimes malformed; an absolute one sometimes on another origin
   * than the others, or on the same written otherwise (D31). No literal
   * piece is a dot segment, so that any in a result is a parameter's (D32).
   */
  url() {
    let u = this.chance(0.15) ? this.pick(["https://h.example", "HTTP://h.example:8080", "{+base}", "https://H.example:443", "https://user:pw@h.example",
      "https://api.github.com", "https://evil.example", "https:///evil.example", "https://h.example@evil.example", "https://{host}", "{origin}"]) : "";
    const parts = 1 + this.int(4);
    for (let i = 0; i < parts; i++) {
      u += "/";
      const k = this.int(10);
      if (k < 3) u += this.pick(["repos", "x", "a b", "ü", "%41", "a:b", "~"]);
      else if (k < 4) u += `:${this.pick(["owner", "repo", "a", "id"])}`;
      else if (k < 9) {
        const vars = Array.from({ length: 1 + this.int(3) }, () => this.pick(["owner", "repo", "a", "b", "q", "id", "x-y", "1"]) + this.pick(["", "", "*", ":3", ":1", ":10000"]));
        u += `{${this.pick(OPS)}${vars.join(",")}}`;
      } else u += this.pick(["{", "}", "{}", "{a", "{!a}", "{a b}", "{?}", "{=a}"]);
    }
    if (this.chance(0.2)) u += `{${this.pick(["?", "&"])}${this.pick(["a", "b", "per_page"])}}`;
    if (this.chance(0.1)) u += "?x=1";
    return u;
  }

  route() {
    const k = this.int(10);
    if (k === 0) return undefined;
    if (k === 1) return this.url();
    const sp = this.pick([" ", " ", " ", "  ", "\t", " x "]);
    return `${this.pick(METHODS)}${sp}${this.url()}`;
  }

  headers() {
    const n = this.int(4);
    const v = [];
    for (let i = 0; i < n; i++) {
      const k = this.int(10);
      const value = k < 5 ? { t: "s", v: this.string() } : k < 7 ? { t: "n", v: this.pick(NUMBERS) } : k < 8 ? { t: this.pick(["true", "null", "undefined"]) } : this.value(1);
      v.push([this.pick(HEADER_NAMES), value]);
    }
    return { t: "o", v };
  }

  mediaType() {
    const v = [];
    if (this.chance(0.7)) v.push(["format", this.chance(0.8) ? { t: "s", v: this.pick(["", "raw", "html", "diff", "v3.raw", this.string()]) } : this.value(0)]);
    if (this.chance(0.7)) {
      v.push(["previews", this.chance(0.9)
        ? { t: "a", v: Array.from({ length: this.int(3) }, () => ({ t: "s", v: this.pick(["mercy", "nebula-preview", "a", "", "x,y", this.string()]) })) }
        : this.value(1)]);
    }
    return { t: "o", v };
  }

  /** options: a spec of an options object. */
  options(forParse = false) {
    const v = [];
    const n = this.int(5);
    for (let i = 0; i < n; i++) v.push([this.pick(NAMES.slice(0, 17)), this.value(3)]);
    if (this.chance(0.4) || forParse) v.push(["headers", this.chance(0.9) ? this.headers() : this.value(1)]);
    if (this.chance(0.25) || forParse) v.push(["mediaType", this.chance(0.9) ? this.mediaType() : this.value(1)]);
    if (this.chance(0.15) || forParse) v.push(["baseUrl", this.chance(0.85) ? { t: "s", v: this.pick(BASES) } : this.value(0)]);
    if (this.chance(0.15)) v.push(["data", this.value(2)]);
    if (this.chance(0.1)) v.push(["request", this.value(2)]);
    if (this.chance(0.15) || forParse) v.push(["method", { t: "s", v: this.pick(METHODS) }]);
    if (this.chance(0.15) || forParse) v.push(["url", { t: "s", v: this.url() }]);
    for (let i = v.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [v[i], v[j]] = [v[j], v[i]];
    }
    return { t: "o", v };
  }
}

/**
 * generate returns the spec of case number seed: a chain of defaults()
 * layers, then a call given as (route, options), (options) or nothing; or,
 * for parse(), hand-made merged options.
 */
export function generate(seed) {
  const g = new Gen(rng(seed));
  const layers = Array.from({ length: g.chance(0.3) ? 1 + g.int(3) : 0 }, () => g.options());
  if (g.chance(0.1)) return { kind: "parse", layers, options: g.options(true) };
  const route = g.route();
  const options = g.chance(0.85) ? g.options() : g.chance(0.5) ? { t: "undefined" } : g.value(1);
  return { kind: "call", layers, route, options };
}

class Klass {
  constructor() {
    this.k = 1;
  }
}

/** build makes the JavaScript value a spec describes, new each time. */
export function build(spec) {
  switch (spec.t) {
    case "s": return spec.v;
    case "n": return Number(spec.v);
    case "big": return BigInt(spec.v);
    case "true": return true;
    case "false": return false;
    case "null": return null;
    case "undefined": return undefined;
    case "a": return spec.v.map(build);
    case "o": {
      const o = spec.nullProto ? Object.create(null) : {};
      for (const [k, v] of spec.v) {
        if (v.t === "get") {
          const values = v.v.map(build);
          let n = 0;
          Object.defineProperty(o, k, { enumerable: true, configurable: true, get: () => values[Math.min(n++, values.length - 1)] });
        } else {
          Object.defineProperty(o, k, { value: build(v), enumerable: true, configurable: true, writable: true });
        }
      }
      return o;
    }
    case "get": return build(spec.v[0]); // outside an object, a getter is its first value
    case "cycle": {
      const o = { a: 1 };
      o.self = [o];
      return o;
    }
    case "deep": {
      let v = {};
      for (let i = 0; i < 300; i++) v = { a: [v] };
      return v;
    }
    case "host": return host(spec.v);
  }
  throw new Error(`fuzz-gen: no spec kind ${spec.t}`);
}

function host(kind) {
  switch (kind) {
    case "date": return new Date(0);
    case "map": return new Map([["a", 1]]);
    case "fn": return function f() {};
    case "u8": return new Uint8Array([1, 2]);
    case "ab": return new ArrayBuffer(2);
    case "usp": return new URLSearchParams("a=1");
    case "blob": return new Blob(["x"]);
    case "formdata": return new FormData();
    case "class": return new Klass();
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case "symbol": return Symbol("s");
    case "regexp": return /a/g;
    case "error": return new Error("e");
    case "nullproto": return Object.assign(Object.create(null), { a: 1 });
  }
  throw new Error(`fuzz-gen: no host kind ${kind}`);
}
