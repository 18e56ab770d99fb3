// A static file server for the demo and the browser tests, bound to
// 127.0.0.1. No dependencies: node:http only.
import { createServer } from "node:http";
import { readFile, realpath } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".json": "application/json", ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml",
  ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8", ".map": "application/json",
};

/**
 * serve serves files on 127.0.0.1:port (0: any free port). site is either
 * a directory, served whole at "/", or an object mapping url prefixes
 * ("/dist/") to directories, so that only those directories are reachable.
 * Either way a path with a segment that starts with "." (.git, .env) is
 * never served. "/" redirects to index (when given). Under /nomime/ the
 * same files are served, but .wasm as application/octet-stream, as some
 * servers and CDNs do (the tests use it to check the loader's fallback).
 */
export async function serve(site, { port = 0, index } = {}) {
  const mounts = await mountsOf(typeof site === "string" ? { "/": site } : site);
  const server = createServer((req, res) => {
    respond(mounts, index, req, res).catch(() => res.headersSent || res.writeHead(500).end());
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { server, origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

/** mountsOf resolves each directory (symbolic links too), longest prefix first. */
async function mountsOf(site) {
  const mounts = [];
  for (const [prefix, dir] of Object.entries(site)) {
    const abs = resolve(dir);
    // A directory that does not exist yet (dist/ before a build) answers 404.
    mounts.push({ prefix: prefix.endsWith("/") ? prefix : prefix + "/", dir: abs, real: await realpath(abs).catch(() => abs) });
  }
  return mounts.sort((a, b) => b.prefix.length - a.prefix.length);
}

async function respond(mounts, index, req, res) {
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  } catch {
    return res.writeHead(400, { "content-type": "text/plain" }).end("bad request");
  }
  if (path === "/" && index) return res.writeHead(302, { location: index }).end();
  const asked = path;
  let noMime = false;
  if (path.startsWith("/nomime/")) {
    noMime = true;
    path = path.slice("/nomime".length);
  }
  const file = await fileFor(mounts, path);
  // To the path as read, with one leading "/": "//evil.example/x" would
  // send the browser to another host.
  if (file === "directory") return res.writeHead(302, { location: `/${encodeURI(asked.replace(/^\/+/, ""))}/${new URL(req.url, "http://x").search}` }).end();
  if (!file) return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  let type = TYPES[extname(file.path)] || "application/octet-stream";
  if (noMime && extname(file.path) === ".wasm") type = "application/octet-stream";
  res.writeHead(200, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff" }).end(file.body);
}

/**
 * fileFor reads the file that path names under its mount: null when there is
 * none, when a segment starts with "." or when a symbolic link leads out of
 * the mount; "directory" when path names a directory without its final "/".
 */
async function fileFor(mounts, path) {
  path = normalize(path.endsWith("/") ? path + "index.html" : path);
  if (path.split("/").some((s) => s.startsWith("."))) return null;
  const mount = mounts.find((m) => path.startsWith(m.prefix));
  if (!mount) return mounts.some((m) => m.prefix === path + "/") ? "directory" : null;
  const file = join(mount.dir, path.slice(mount.prefix.length));
  try {
    const real = await realpath(file);
    if (real !== mount.real && !real.startsWith(mount.real + sep)) return null;
    return { path: file, body: await readFile(real) };
  } catch (e) {
    return e.code === "EISDIR" ? "directory" : null;
  }
}
