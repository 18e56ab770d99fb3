// `make size`: raw, gzip -9 and brotli -q 11 sizes of the shipped files.
import { readFileSync, readdirSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export function sizes(root) {
  const dist = `${root}/dist`;
  return readdirSync(dist)
    .filter((f) => f.endsWith(".wasm") || f.endsWith(".js"))
    .sort((a, b) => (a === "endpoint.wasm" ? -1 : b === "endpoint.wasm" ? 1 : a.localeCompare(b)))
    .map((file) => {
      const data = readFileSync(`${dist}/${file}`);
      return {
        file,
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
        brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).length,
      };
    });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
  console.log("file".padEnd(22), "raw".padStart(10), "gzip -9".padStart(10), "brotli -q 11".padStart(13));
  for (const f of sizes(root)) console.log(f.file.padEnd(22), String(f.raw).padStart(10), String(f.gzip).padStart(10), String(f.brotli).padStart(13));
}
