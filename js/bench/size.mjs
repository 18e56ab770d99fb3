// `make size`: raw, gzip -9 and brotli -q 11 sizes of the shipped files.
import { readFileSync, readdirSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** brotli returns data compressed with brotli -q 11, as a server precompressing it would. */
const brotli = (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });

/** brotliSize returns the size of a file with brotli -q 11, in bytes. */
export const brotliSize = (file) => brotli(readFileSync(file)).length;

export function sizes(root) {
  const dist = `${root}/dist`;
  return readdirSync(dist)
    .filter((f) => f.endsWith(".wasm") || f.endsWith(".js"))
    .sort((a, b) => (a === "endpoint.wasm" ? -1 : b === "endpoint.wasm" ? 1 : a.localeCompare(b)))
    .map((file) => {
      const data = readFileSync(`${dist}/${file}`);
      return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli: brotli(data).length };
    });
}

/** SIZE_TARGETS: the shipped files held to a size, in bytes with brotli -q 11 (KB = 1,000 bytes). */
export const SIZE_TARGETS = [["endpoint.wasm", 540 * 1000], ["index.js", 10 * 1000]];

/** sizeTargets returns [what, met, figure] for each of SIZE_TARGETS, from sizes(root). */
export function sizeTargets(s) {
  return SIZE_TARGETS.map(([file, limit]) => {
    const b = s.find((f) => f.file === file).brotli;
    const path = file === "endpoint.wasm" ? file : `dist/${file}`;
    return [`${path} ≤ ${limit / 1000} KB with brotli -q 11`, b <= limit, `${b.toLocaleString("en-US")} bytes`];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");
  const s = sizes(root);
  console.log("file".padEnd(22), "raw".padStart(10), "gzip -9".padStart(10), "brotli -q 11".padStart(13));
  for (const f of s) console.log(f.file.padEnd(22), String(f.raw).padStart(10), String(f.gzip).padStart(10), String(f.brotli).padStart(13));
  for (const [what, met, figure] of sizeTargets(s)) console.log(`${met ? "MET   " : "MISSED"}  ${what} (${figure})`);
}
