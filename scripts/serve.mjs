// A small static server for the playground: serves index.html from the repository root and the
// application's .js and .wasm from the WebAssembly build, with correct MIME types. Nothing else.
//   node scripts/serve.mjs [--port 8080] [--host 127.0.0.1] [--build build/wasm/web]
// Also imported by the end-to-end tests (startServer with port 0 picks a free port).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
};

export function startServer({ port = 8080, host = '127.0.0.1', buildDir = path.join(root, 'build/wasm/web') } = {}) {
  const files = {
    '/': path.join(root, 'index.html'),
    '/index.html': path.join(root, 'index.html'),
    '/carvallo.js': path.join(buildDir, 'carvallo.js'),
    '/carvallo.wasm': path.join(buildDir, 'carvallo.wasm'),
  };
  for (const [url, file] of Object.entries(files)) {
    if (!fs.existsSync(file)) throw new Error(`serve: ${file} (for ${url}) is missing: build the wasm preset first`);
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const file = files[url.pathname];
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`cannot read ${path.basename(file)}\n`);
        return;
      }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file)] || 'application/octet-stream',
        'Content-Length': data.length,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: actual } = server.address();
      resolve({ url: `http://${host}:${actual}/`, close: () => new Promise((r) => server.close(r)) });
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
