// prepare writes what the demo page needs beside the package into
// web/demo/gen/ (gitignored, never part of the npm package, whose "files"
// is dist/ alone):
//   gen/catalog.json  every GitHub REST operation, from catalog/github-rest.json
//   gen/reference.js  @octokit/endpoint (a dev dependency) bundled by esbuild,
//                     so that the page can show what the reference builds
//   gen/rules.html    docs/behaviour.md rendered, so that a rule id (D1..D34)
//                     links to its entry without leaving the demo's server
// serve.mjs runs it at start-up (so `make demo` and the tests always serve
// files made from the checkout as it is); `node web/demo/prepare.mjs` runs it alone.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { optionNamed } from "../../js/bench/catalog.js";
import { renderMarkdown } from "./markdown.mjs";

const root = new URL("../..", import.meta.url).pathname;
const gen = join(root, "web/demo/gen");

/** prepare writes gen/catalog.json, gen/reference.js and gen/rules.html. */
export async function prepare() {
  mkdirSync(gen, { recursive: true });
  write("catalog.json", compactCatalog(JSON.parse(read("catalog/github-rest.json"))));
  write("reference.js", await referenceBundle());
  write("rules.html", rulesPage(read("docs/behaviour.md")));
}

const read = (path) => readFileSync(join(root, path), "utf8");

/** write replaces gen/name whole (a server reading it meanwhile sees the old or the new file, never half of one). */
function write(name, text) {
  const tmp = join(gen, `.${name}.${process.pid}`);
  writeFileSync(tmp, text);
  renameSync(tmp, join(gen, name));
}

/**
 * compactCatalog keeps what the page uses, one operation per line, as
 * [method, url, operationId, summary, parameters, headers?], the parameters
 * as the catalog writes them ([name, where, type, required, example]), with
 * a sixth member, 1, on a body parameter that has an option's name: the
 * example call puts that operation's body in data, as the catalog tests'
 * does (optionNamed, D31).
 * Rows instead of objects save the key names; the source's "about" and
 * "source" become one "from" line.
 */
export function compactCatalog(catalog) {
  const params = (o) => o.p.map((p) => (optionNamed(p) ? [...p, 1] : p));
  const rows = catalog.ops.map((o) => JSON.stringify(o.h ? [o.m, o.u, o.id, o.s, params(o), o.h] : [o.m, o.u, o.id, o.s, params(o)]));
  const from = `${catalog.source.package} ${catalog.source.version}`;
  return `{"from":${JSON.stringify(from)},"ops":[\n${rows.join(",\n")}\n]}\n`;
}

/** referenceBundle bundles the installed @octokit/endpoint as one ES module, with its version. */
async function referenceBundle() {
  const { version } = JSON.parse(read("node_modules/@octokit/endpoint/package.json"));
  const out = await build({
    stdin: { contents: `export { endpoint } from "@octokit/endpoint";\nexport const version = ${JSON.stringify(version)};`, resolveDir: root, loader: "js" },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "inline",
    write: false,
    logLevel: "silent",
  });
  // The published files keep their release tool's placeholder version,
  // 0.0.0-development, in the user-agent; the page names the version it
  // bundles, and the user-agent it shows says the same.
  const text = out.outputFiles[0].text;
  if (!text.includes('"0.0.0-development"')) throw new Error("prepare.mjs: the reference's user-agent no longer holds 0.0.0-development: see referenceBundle");
  return `// @octokit/endpoint ${version} (MIT), bundled by web/demo/prepare.mjs for the demo only.\n${text.replaceAll('"0.0.0-development"', JSON.stringify(version))}`;
}

/** rulesPage is docs/behaviour.md as a page of its own, styled like the demo. */
function rulesPage(markdown) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>How endpoint-wasm behaves (docs/behaviour.md)</title>
  <link rel="icon" href="../favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="../style.css">
</head>
<body class="doc">
<p><a href="../">← the demo</a> · rendered from <code>docs/behaviour.md</code></p>
${renderMarkdown(markdown)}
</body>
</html>
`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await prepare();
  console.log(`demo files written to ${gen}`);
}
