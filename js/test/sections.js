// Custom sections of a WebAssembly module, for the tests of the
// pre-initialised module: its start section (wasm/internal/wasmpost/snapshot.go)
// read, changed or removed.

/** START names the start section of a pre-initialised module. */
export const START = "endpoint-wasm.start";

/** startOf returns the start section of module bytes, parsed. */
export function startOf(bytes) {
  const [section] = WebAssembly.Module.customSections(new WebAssembly.Module(bytes), START);
  return JSON.parse(new TextDecoder().decode(section));
}

/**
 * withSection returns the module bytes with the custom section name's
 * payload replaced by payload (a string or bytes), or removed (null).
 */
export function withSection(bytes, name, payload) {
  const out = [bytes.subarray(0, 8)];
  let off = 8;
  const uleb = () => {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const c = bytes[off++];
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
    }
  };
  const encodeULEB = (v) => {
    const b = [];
    do {
      b.push((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
      v = Math.floor(v / 128);
    } while (v > 0);
    return Uint8Array.from(b);
  };
  while (off < bytes.length) {
    const start = off;
    const id = bytes[off++];
    const size = uleb();
    const body = off;
    off += size;
    if (id === 0) {
      const nameStart = off - size;
      off = nameStart;
      const len = uleb();
      const sectionName = new TextDecoder().decode(bytes.subarray(off, off + len));
      off = body + size;
      if (sectionName === name) {
        if (payload === null) continue;
        const head = bytes.subarray(nameStart, nameStart + (encodeULEB(len).length + len));
        const data = typeof payload === "string" ? new TextEncoder().encode(payload) : payload;
        out.push(Uint8Array.of(0), encodeULEB(head.length + data.length), head, data);
        continue;
      }
    }
    out.push(bytes.subarray(start, off));
  }
  return Buffer.concat(out);
}
