import { basename } from '../../facts/paths.js';
import { supportArea } from '../../facts/support-areas.js';
import { isThirdPartyPath } from '../../facts/third-party.js';

/**
 * Whether the repository builds the system itself: its product sources hold the system's server or
 * command line, named for it (`src/redis-server.c`, `src/redis-cli.c` in the Redis repository).
 * A repository is never its own external system: scripts that talk to it there are clients of the
 * server being developed (docs/analysis/diagram.md). A client wrapper (`lib/redis.ts`) carries the
 * system's bare name and does not count.
 */
export function buildsSystem(systemId: string, files: readonly string[]): boolean {
  const own = new RegExp(
    `^${systemId.replace(/[^a-z0-9]/gi, '')}-(?:server|cli)(?:\\.\\w+)?$`,
    'i',
  );
  return files.some(
    (file) => own.test(basename(file)) && !supportArea(file) && !isThirdPartyPath(file),
  );
}
