import type { FastifyReply } from 'fastify';

/**
 * Headers that only act on a document (a page, or a file opened as one, such as an SVG): its
 * content security policy, framing, opener and agent-cluster isolation, and Internet Explorer's
 * legacy switches. Helmet sets them on every answer.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** CORS is for the API; the web's own scripts and styles are loaded from the page's own origin. */
const CORS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'vary', // `Origin`, from CORS; the static files add `Accept-Encoding` back themselves
] as const;

/** The web build's fingerprinted scripts, styles and fonts: never a document. */
const SUBRESOURCE = /^assets\/[^/]+\.(?:js|css|woff2?)$/;

export function isFingerprintedSubresource(pathname: string): boolean {
  return SUBRESOURCE.test(pathname);
}

/**
 * Leaves a fingerprinted script or style with the headers that act on it: its type, encoding,
 * length and cache, `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`,
 * `Referrer-Policy` (a module script's own policy governs its imports) and HSTS. The rest was
 * ~750 of the ~1,200 bytes of headers on every asset; a phone opening a project page fetches
 * about fifty, before anything paints.
 */
export function trimSubresourceHeaders(reply: FastifyReply): void {
  for (const name of [...DOCUMENT_ONLY, ...CORS]) reply.removeHeader(name);
}
