// A small static server for the playground: serves the packaged site (build/wasm/web/site/, made by
// scripts/package_site.mjs) as a web host should, and nothing else:
//  - a precompressed copy (.br, else .gz) when the browser accepts it, with Content-Encoding and
//    Vary: Accept-Encoding;
//  - the versioned assets (carvallo.<hash>.js/.wasm/.json) cached for a year as immutable, everything else
//    (the page, sw.js, the manifest) revalidated on every load (no-cache, with an ETag).
// Any static host serving the same folder works too; these headers only make it faster.
//   node scripts/serve.mjs [--port 8080] [--host 127.0.0.1] [--build build/wasm/web]
// Also imported by the end-to-end tests (startServer with port 0 picks a free port). Packages the site
// first when it is older than the build (a build of carvallo_web packages it too).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageSite, siteDir, siteIsStale } from './package_site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const VERSIONED = /^\/carvallo\.[0-9a-f]{12}\.(js|wasm|json)$/;

// The encodings the browser accepts (q=0 refuses one).
function accepted(header) {
  const out = new Set();
  for (const part of String(header || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

export async function startServer({ port = 8080, host = '127.0.0.1', buildDir = path.join(root, 'build/wasm/web') } = {}) {
  if (siteIsStale(buildDir)) packageSite({ buildDir });
  const dir = siteDir(buildDir);
  const server = http.createServer((req, res) => {
    // A request the URL parser or the decoder refuses ("//", "/%E0%A4") is answered, not thrown: a thrown
    // error here would stop the server for everyone.
    let name;
    try {
      const { pathname } = new URL(req.url, 'http://localhost');
      name = pathname === '/' ? '/index.html' : decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('bad request\n');
      return;
    }
    const file = path.join(dir, path.normalize(name));
    const servable = file.startsWith(dir + path.sep) && MIME[path.extname(file)] && !name.includes('\0');
    if (!servable || (req.method !== 'GET' && req.method !== 'HEAD') || !fs.existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    const encodings = accepted(req.headers['accept-encoding']);
    const encoding = ['br', 'gzip'].find((e) => encodings.has(e) && fs.existsSync(`${file}.${e === 'br' ? 'br' : 'gz'}`));
    const sent = encoding ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
    fs.readFile(sent, (err, data) => {
      if (err) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`cannot read ${path.basename(sent)}\n`);
        return;
      }
      const stat = fs.statSync(sent);
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? '-' + encoding : ''}"`;
      const headers = {
        'Content-Type': MIME[path.extname(file)],
        'Cache-Control': VERSIONED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
        'Vary': 'Accept-Encoding',
        'ETag': etag,
        'X-Content-Type-Options': 'nosniff',
      };
      if (encoding) headers['Content-Encoding'] = encoding;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      headers['Content-Length'] = data.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ url: `http://${host}:${actual}/`, close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(r); }) });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
  };
  const port = Number(opt('port', process.env.PORT || 8080));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: invalid port '${opt('port', process.env.PORT)}' (expected an integer 0-65535)`);
    process.exit(2);
  }
  startServer({ port, host: opt('host', '127.0.0.1'), buildDir: path.resolve(opt('build', path.join(root, 'build/wasm/web'))) })
    .then(({ url }) => console.log(`Carvallo playground: ${url}  (Ctrl-C to stop)`))
    .catch((e) => {
      console.error(`serve: ${e.message}`);
      process.exit(1);
    });
}
