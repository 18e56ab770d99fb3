// The module of js/text.js, built from its listing: js/build.mjs writes its
// bytes into dist/text-module.js, which text.js compiles where the runtime
// has WebAssembly's JS String Builtins. Build-time code, not shipped.

/**
 * The longest text the module's functions take, the length of their
 * scratch array. Past about 1,000 characters encodeInto, which costs 0.45
 * µs a call and 0.5 ns a character, is the faster, against 0.85 ns a
 * character here (Chromium 156).
 */
export const SCRATCH = 1024;

// ---- the module ----
//
// (module
//   (type $units (array (mut i16)))
//   (import "wasm:js-string" "intoCharCodeArray" (func $into (param externref (ref null $units) i32) (result i32)))
//   (import "wasm:js-string" "fromCharCodeArray" (func $from (param (ref null $units) i32 i32) (result (ref extern))))
//   (import "engine" "mem" (memory 0))
//   (global $scratch (ref $units) (array.new_default $units (i32.const SCRATCH)))
//
//   (func (export "write") (param $s externref) (param $at i32) (result i32)
//     (local $n i32) (local $i i32) (local $c i32)
//     ;; $into returns how many units it copied: the string's length
//     (local.set $n (call $into (local.get $s) (global.get $scratch) (i32.const 0)))
//     (block $done (loop $next
//       (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
//       (local.set $c (array.get_u $units (global.get $scratch) (local.get $i)))
//       (if (i32.ge_u (local.get $c) (i32.const 0x80))
//         (then (return (i32.sub (i32.const -1) (local.get $i)))))
//       (i32.store8 (i32.add (local.get $at) (local.get $i)) (local.get $c))
//       (local.set $i (i32.add (local.get $i) (i32.const 1)))
//       (br $next)))
//     (local.get $n))
//
//   (func (export "read") (param $at i32) (param $n i32) (result externref)
//     (local $i i32)
//     (block $done (loop $next
//       (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
//       (array.set $units (global.get $scratch) (local.get $i)
//         (i32.load8_u (i32.add (local.get $at) (local.get $i))))
//       (local.set $i (i32.add (local.get $i) (i32.const 1)))
//       (br $next)))
//     (call $from (global.get $scratch) (i32.const 0) (local.get $n))))
//
// The caller keeps within SCRATCH (a longer string traps in $into) and
// within the memory.

const I32 = 0x7f, EXTERNREF = 0x6f;
const UNITS = 0; // the type index of $units
const REF_NULL_UNITS = [0x63, UNITS], REF_UNITS = [0x64, UNITS], REF_EXTERN = [0x64, EXTERNREF];
const FN_INTO = 0, FN_FROM = 1, FN_WRITE = 2, FN_READ = 3;
const G_SCRATCH = 0;

// Instructions, as WebAssembly's text format names them.
const block = [0x02, 0x40], loop = [0x03, 0x40], if_ = [0x04, 0x40], end = [0x0b];
const br = (d) => [0x0c, d], br_if = (d) => [0x0d, d], return_ = [0x0f], call = (f) => [0x10, f];
const local_get = (i) => [0x20, i], local_set = (i) => [0x21, i], global_get = (i) => [0x23, i];
const i32_const = (n) => [0x41, ...sleb(n)], i32_add = [0x6a], i32_sub = [0x6b], i32_ge_u = [0x4f];
const i32_load8_u = [0x2d, 0, 0], i32_store8 = [0x3a, 0, 0];
const array_new_default = (t) => [0xfb, 0x07, t], array_get_u = (t) => [0xfb, 0x0d, t], array_set = (t) => [0xfb, 0x0e, t];

// for_i(n, body): for (i = 0; i < n; i++) body, with i and n locals.
const for_i = (i, n, body) => [
  ...block, ...loop,
  ...local_get(i), ...local_get(n), ...i32_ge_u, ...br_if(1),
  ...body,
  ...local_get(i), ...i32_const(1), ...i32_add, ...local_set(i), ...br(0),
  ...end, ...end,
];

function writeBody() {
  const s = 0, at = 1, n = 2, i = 3, c = 4;
  return [
    ...locals([[3, I32]]),
    ...local_get(s), ...global_get(G_SCRATCH), ...i32_const(0), ...call(FN_INTO), ...local_set(n),
    ...for_i(i, n, [
      ...global_get(G_SCRATCH), ...local_get(i), ...array_get_u(UNITS), ...local_set(c),
      ...local_get(c), ...i32_const(0x80), ...i32_ge_u, ...if_,
      ...i32_const(-1), ...local_get(i), ...i32_sub, ...return_,
      ...end,
      ...local_get(at), ...local_get(i), ...i32_add, ...local_get(c), ...i32_store8,
    ]),
    ...local_get(n), ...end,
  ];
}

function readBody() {
  const at = 0, n = 1, i = 2;
  return [
    ...locals([[1, I32]]),
    ...for_i(i, n, [
      ...global_get(G_SCRATCH), ...local_get(i),
      ...local_get(at), ...local_get(i), ...i32_add, ...i32_load8_u,
      ...array_set(UNITS),
    ]),
    ...global_get(G_SCRATCH), ...i32_const(0), ...local_get(n), ...call(FN_FROM), ...end,
  ];
}

/** textModule returns the bytes of the module listed above. */
export function textModule() {
  const fn = (params, results) => [0x60, ...vec(params), ...vec(results)];
  const types = [
    [0x5e, 0x77, 0x01], // 0 $units: array of mutable i16
    fn([EXTERNREF, REF_NULL_UNITS, I32], [I32]), // 1 $into
    fn([REF_NULL_UNITS, I32, I32], [REF_EXTERN]), // 2 $from
    fn([EXTERNREF, I32], [I32]), // 3 write
    fn([I32, I32], [EXTERNREF]), // 4 read
  ];
  const imports = [
    [...name("wasm:js-string"), ...name("intoCharCodeArray"), 0x00, 1],
    [...name("wasm:js-string"), ...name("fromCharCodeArray"), 0x00, 2],
    [...name("engine"), ...name("mem"), 0x02, 0x00, 0x00], // memory, at least 0 pages
  ];
  const functions = [[3], [4]];
  const globals = [[...REF_UNITS, 0x00, ...i32_const(SCRATCH), ...array_new_default(UNITS), ...end]];
  const exports = [[...name("write"), 0x00, FN_WRITE], [...name("read"), 0x00, FN_READ]];
  const code = [writeBody(), readBody()].map((body) => [...leb(body.length), ...body]);
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    ...section(1, vec(types)),
    ...section(2, vec(imports)),
    ...section(3, vec(functions)),
    ...section(6, vec(globals)),
    ...section(7, vec(exports)),
    ...section(10, vec(code)),
  ]);
}

// ---- encoding (WebAssembly's binary format, section 5) ----

function leb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function sleb(n) {
  const out = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
}

const vec = (items) => [...leb(items.length), ...items.flat()];
const name = (s) => [...leb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
const section = (id, body) => [id, ...leb(body.length), ...body];
const locals = (groups) => vec(groups.map(([count, type]) => [...leb(count), type]));
