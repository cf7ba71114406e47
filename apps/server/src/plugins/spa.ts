import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isStorableText } from '@rota/contracts';
import { isFingerprintedSubresource, trimSubresourceHeaders } from './asset-headers.js';
import { apiNotFound } from './error-handler.js';
import { readPageFrames } from './page-frames.js';

/** Paths that belong to the API and must answer JSON 404s, never the SPA's index.html. */
const API_PREFIXES = ['/api/', '/api', '/webhook/', '/analyze/api/'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}

/**
 * The request path as a file name, or null when it cannot name a file: malformed percent-encoding,
 * or a NUL (the file system would throw on it) or broken Unicode once decoded.
 */
function decodedFilePath(value: string): string | null {
  try {
    const decoded = decodeURIComponent(value);
    return isStorableText(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web app with history fallback: any GET outside the API that is not a file gets
 * index.html, so deep links like /projects/abc load the SPA. Without a build, only the API runs.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string | undefined,
): Promise<void> {
  const root =
    webDistDir && existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : undefined;
  if (root) {
    // index.html, or a copy with the page's frame already painted in, so a phone shows the frame
    // before any JavaScript has run (which page gets which: the web build's table).
    const pageFileFor = readPageFrames(root);
    await app.register(fastifyStatic, {
      root,
      // Only reply.sendFile: every file goes through the one route below, which checks the path and
      // is the only place that decides what a request gets.
      serve: false,
      index: false,
      // The web build writes .br and .gz next to each text file (apps/web/vite-precompress.ts);
      // the one the request accepts is sent with its Content-Encoding and `Vary: Accept-Encoding`.
      preCompressed: true,
      // The ETag revalidates index.html (no-cache); assets are immutable and never revalidated.
      lastModified: false,
      // Vite fingerprints assets, so they can be cached for good; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Files are already compressed (or too small to gain): no compressing per request on top.
    app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
      if (isApiPath(request.url))
        return reply.code(404).send(apiNotFound(request.id, request.method, request.url));
      const pathname = decodedFilePath((request.url.split('?')[0] ?? '/').slice(1));
      const candidate = pathname ? path.join(root, pathname) : root;
      if (
        candidate.startsWith(root + path.sep) &&
        statSync(candidate, { throwIfNoEntry: false })?.isFile()
      ) {
        if (isFingerprintedSubresource(pathname!)) trimSubresourceHeaders(reply);
        return reply.sendFile(pathname!);
      }
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(pageFileFor(pathname ? `/${pathname}` : '/'));
    });
  }
  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send(apiNotFound(request.id, request.method, request.url));
  });
}
