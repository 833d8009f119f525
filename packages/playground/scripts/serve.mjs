#!/usr/bin/env node
// Serves the built playground (dist/) on 127.0.0.1 with node:http alone.
// Port: $PORT, else 4173, else any free port when 4173 is taken. Prints the URL.
// The end-to-end tests import startServer() to serve dist/ on a free port.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Text types worth compressing (fonts, images and wasm are already compact or rarely large here). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map', '.txt', '.ttf']);

const ENCODERS = {
  // quality 5: about as small as gzip -9 plus 15%, at a fraction of quality 11's time (4 MB of Monaco in ~0.1 s, once)
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 6 }),
};

/** The encoding to answer with: brotli when the client takes it, else gzip, else none (q=0 refuses one). */
export function pickEncoding(acceptEncoding = '') {
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((x) => /^\s*q=([\d.]+)\s*$/.exec(x)).find(Boolean);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  const takes = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : undefined;
}

/**
 * Compressed copies, made once per file version (path, size and mtime) and
 * encoding and kept in memory: the site is a handful of files that never
 * change while it is served.
 */
const compressed = new Map();
function compressedFile(file, info, encoding) {
  const key = `${encoding}\0${file}\0${info.size}\0${info.mtimeMs}`;
  let body = compressed.get(key);
  if (!body) {
    body = readFile(file).then((data) => ENCODERS[encoding](data));
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
}

/** The built site beside this script. */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The file a URL path names inside root, or undefined when it would leave root. */
function fileFor(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const file = resolve(root, '.' + (path.endsWith('/') ? path + 'index.html' : path));
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

/**
 * Starts a static server for `root` on `host:port` (port 0: any free port).
 * Resolves to `{ url, close }` once it listens.
 */
export function startServer({ root = DIST, host = '127.0.0.1', port = 0 } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(base, req.url ?? '/');
    const info = file && (await stat(file).catch(() => undefined));
    if (!file || !info?.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Hashed assets never change; the page itself must always be fresh.
    const cache = file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    const headers = { 'content-type': type, 'cache-control': cache, 'x-content-type-options': 'nosniff', vary: 'accept-encoding' };
    const encoding = COMPRESSIBLE.has(extname(file).toLowerCase()) ? pickEncoding(req.headers['accept-encoding']) : undefined;
    if (encoding) {
      let body;
      try {
        body = await compressedFile(file, info, encoding);
      } catch {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('cannot read the file\n');
        return;
      }
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') res.end();
    else
      createReadStream(file)
        .on('error', () => res.destroy())
        .pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolvePromise({
        url: `http://${host}:${address.port}/`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function main() {
  try {
    await stat(join(DIST, 'index.html'));
  } catch {
    process.stderr.write('dist/index.html is missing: build the playground first (npm run build)\n');
    process.exit(2);
  }
  const wanted = process.env.PORT !== undefined && process.env.PORT !== '' ? Number(process.env.PORT) : undefined;
  if (wanted !== undefined && !(Number.isInteger(wanted) && wanted >= 0 && wanted < 65536)) {
    process.stderr.write(`PORT must be a port number, not '${process.env.PORT}'\n`);
    process.exit(2);
  }
  let server;
  try {
    server = await startServer({ port: wanted ?? 4173 });
  } catch (e) {
    if (e.code !== 'EADDRINUSE') throw e;
    // The default port is only a preference; an explicit PORT is not: say so in a line, not a stack trace.
    if (wanted !== undefined) {
      process.stderr.write(`port ${wanted} is in use: stop what holds it, or choose another with PORT=<port> (0 picks a free one)\n`);
      process.exit(2);
    }
    server = await startServer({ port: 0 });
  }
  process.stdout.write(`UserFn playground: ${server.url}\n(Ctrl+C to stop)\n`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
