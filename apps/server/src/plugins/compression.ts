import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of the answers made per request (API JSON; index.html and the assets come
 * precompressed from the web build, see spa.ts). Levels are cheap on purpose: an API answer is
 * compressed once per request on the server's CPU, so speed beats the last few per cent of size;
 * bench/pages.ts measures the cost against JSON serialisation (docs/performance.md, "Compression
 * of API answers").
 */
export const API_COMPRESSION = {
  /** Answers smaller than this go as they are: below ~1 KB the headers dominate anyway. */
  thresholdBytes: 1024,
  brotliQuality: 1,
  gzipLevel: 1,
} as const;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: API_COMPRESSION.thresholdBytes,
    // Preference order when a client accepts several; deflate is left out (gzip covers every client).
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
    // Request bodies stay as before: compressed uploads are not part of the API, and decoding them
    // would let a small body expand past the body limit's intent.
    globalDecompression: false,
  });
}
