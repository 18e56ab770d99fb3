// A static file server for the demo and the browser tests, bound to
// 127.0.0.1. No dependencies: node:http only.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".json": "application/json", ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml",
};

/**
 * serve serves the files under root on 127.0.0.1:port (0: any free port).
 * "/" redirects to index (when given). Under /nomime/ the same files are
 * served, but .wasm as application/octet-stream, as some servers and CDNs
 * do (the tests use it to check the loader's fallback).
 */
export async function serve(root, { port = 0, index } = {}) {
  const server = createServer(async (req, res) => {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (path === "/" && index) return res.writeHead(302, { location: index }).end();
    let noMime = false;
    if (path.startsWith("/nomime/")) {
      noMime = true;
      path = path.slice("/nomime".length);
    }
    if (path.endsWith("/")) path += "index.html";
    const file = join(root, normalize(path));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      let type = TYPES[extname(file)] || "application/octet-stream";
      if (noMime && extname(file) === ".wasm") type = "application/octet-stream";
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { server, origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}
