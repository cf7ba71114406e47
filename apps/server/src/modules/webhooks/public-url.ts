import { isIP } from 'node:net';
import { blockedReason } from '../../repo-store/host-policy.js';

/**
 * Whether GitHub could deliver to this public URL at all. A loopback or private address (the
 * default `http://localhost:3000` of a laptop install) can never receive a delivery, so installing
 * a hook there would only make GitHub log failures; Rota says so instead and relies on the
 * scheduled sync. Judged on the URL's text only (no DNS): a name that resolves privately is the
 * operator's deliberate choice (split-horizon DNS, a tunnel).
 */
export function unreachableByForges(publicUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) return blockedReason(bare) !== null;
  const name = bare.replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    !name.includes('.')
  );
}
