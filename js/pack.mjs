// npm pack and npm publish run this around packing (prepack: strip,
// postpack: restore). Every script of package.json works only in a checkout
// (they run make, or js/unbuilt.mjs, which the package does not ship), and
// npm warns whoever installs a package that has a prepare script: so the
// packed package.json has none, and the checkout's is put back afterwards.
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;
const pkg = `${root}package.json`;
const saved = `${root}bin/package.json.packing`; // bin/ is not in git

if (process.argv[2] === "strip") {
  if (existsSync(saved)) renameSync(saved, pkg); // left by a pack that stopped before postpack
  const text = readFileSync(pkg, "utf8");
  const { scripts, ...packed } = JSON.parse(text);
  mkdirSync(`${root}bin`, { recursive: true });
  writeFileSync(saved, text);
  writeFileSync(pkg, JSON.stringify(packed, null, 2) + "\n");
} else if (process.argv[2] === "restore") {
  if (existsSync(saved)) renameSync(saved, pkg);
} else {
  throw new Error("usage: node js/pack.mjs strip|restore");
}
