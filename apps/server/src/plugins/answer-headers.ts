import type { FastifyInstance } from 'fastify';

/**
 * The browser features a page may use: none of these. Only features Chromium knows are named (it
 * reports an unknown one as an error on every page load).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Headers by kind of answer. JSON answers — a user's data, or tokens — are `no-store`, so no
 * browser or proxy keeps a copy on disk, unless the route chose its own policy (the stored
 * analyses answer `private, no-cache` with an ETag, so an unchanged answer is a 304). Pages (HTML:
 * the web app's, the API docs') get a Permissions-Policy that turns off what Rota never uses.
 */
export function registerAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json')) {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    } else if (type.startsWith('text/html')) {
      void reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    return payload;
  });
}
