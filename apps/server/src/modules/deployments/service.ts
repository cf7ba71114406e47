import {
  DeliveryMessages,
  ErrorCodes,
  type DeliverySettings,
  type DeliverySettingsInput,
  type IncidentInput,
  type PostedIncident,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { constantTimeEqual, randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError, tooManyRequests, validationError } from '../../lib/errors.js';
import { clientKey } from '../../lib/rate-limit/client-key.js';
import type { RateLimiter } from '../../lib/rate-limit/rate-limiter.js';
import { isUuid } from '../../lib/uuid.js';
import type { EventBus } from '../events/index.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import * as queries from './queries.js';

/** Incident tokens start with this, so a leaked one is recognisable for what it is. */
const TOKEN_PREFIX = 'rota_inc_';

export interface DeliverySettingsDeps {
  db: Database;
  events: EventBus;
  rateLimiter: RateLimiter;
  /** Wrong incident tokens one client may send per window before it is refused (429). */
  limits: { windowMs: number; perIp: number };
  now?: () => number;
}

/**
 * A project's delivery settings (where each repository's deployments come from, the incident
 * label pattern), its incident token, and the incidents a paging tool posts with that token.
 */
export class DeliverySettingsService {
  constructor(private readonly deps: DeliverySettingsDeps) {}

  private get now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  async get(userId: string, projectId: string): Promise<DeliverySettings> {
    await requireOwnedProject(this.deps.db, userId, projectId);
    return this.read(projectId);
  }

  private async read(projectId: string): Promise<DeliverySettings> {
    const { db } = this.deps;
    const [repos, chosen, settings] = await Promise.all([
      repositoriesOf(db, projectId),
      queries.sourcesOfProject(db, projectId),
      queries.settingsOfProject(db, projectId),
    ]);
    const byRepo = new Map(chosen.map((row) => [row.repoId, row]));
    return {
      repos: repos.map((repo) => ({
        repoId: repo.id,
        source: byRepo.get(repo.id)?.source ?? 'auto',
        pattern: byRepo.get(repo.id)?.pattern ?? null,
      })),
      incidentLabelPattern: settings?.incidentLabelPattern ?? null,
      incidentToken: {
        exists: Boolean(settings?.incidentTokenHash),
        createdAt: settings?.incidentTokenHash
          ? (settings.incidentTokenCreatedAt?.toISOString() ?? null)
          : null,
      },
    };
  }

  async save(
    userId: string,
    projectId: string,
    input: DeliverySettingsInput,
  ): Promise<DeliverySettings> {
    const { db } = this.deps;
    await requireOwnedProject(db, userId, projectId);
    const own = new Set((await repositoriesOf(db, projectId)).map((repo) => repo.id));
    const seen = new Set<string>();
    input.repos.forEach((repo, index) => {
      if (!own.has(repo.repoId))
        throw validationError([
          { path: `repos.${index}.repoId`, message: DeliveryMessages.unknownRepository },
        ]);
      if (seen.has(repo.repoId))
        throw validationError([
          { path: `repos.${index}.repoId`, message: DeliveryMessages.duplicateRepository },
        ]);
      seen.add(repo.repoId);
    });
    await queries.saveSettings(db, projectId, input, this.now);
    await this.deps.events.emit('delivery-settings.changed', { projectId });
    return this.read(projectId);
  }

  /** A new incident token (replacing any): returned once, stored as its SHA-256. */
  async createIncidentToken(userId: string, projectId: string): Promise<{ token: string }> {
    await requireOwnedProject(this.deps.db, userId, projectId);
    const token = `${TOKEN_PREFIX}${randomToken(32)}`;
    await queries.setIncidentToken(this.deps.db, projectId, sha256Hex(token), this.now);
    return { token };
  }

  async deleteIncidentToken(userId: string, projectId: string): Promise<DeliverySettings> {
    await requireOwnedProject(this.deps.db, userId, projectId);
    await queries.setIncidentToken(this.deps.db, projectId, null, this.now);
    return this.read(projectId);
  }

  /**
   * Whether `authorization` carries the project's incident token; 401 otherwise, the same for a
   * project that does not exist or has no token. A client sending wrong tokens is refused (429)
   * once it has used up its allowance, before its token is even compared.
   */
  async authenticateIncidentPost(
    projectId: string,
    authorization: string | undefined,
    ip: string,
  ): Promise<void> {
    const { rateLimiter, limits } = this.deps;
    const key = `incidents:fail:ip:${clientKey(ip)}`;
    const failures = await rateLimiter.peek(key);
    if (failures.count >= limits.perIp) throw tooManyRequests(failures.resetInMs);
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const hash = isUuid(projectId)
      ? await queries.incidentTokenHashOf(this.deps.db, projectId)
      : null;
    // Compared as hashes: equal lengths whatever was sent, so the comparison takes constant time.
    const given = sha256Hex(token ?? '');
    if (!token || !hash || !constantTimeEqual(given, hash)) {
      await rateLimiter.hit(key, limits.windowMs);
      throw new AppError(ErrorCodes.unauthorized, DeliveryMessages.incidentTokenInvalid);
    }
  }

  /** Stores a posted incident (the caller authenticated the token); `created` when new. */
  async postIncident(
    projectId: string,
    input: IncidentInput,
  ): Promise<{ incident: PostedIncident; created: boolean }> {
    const { row, created } = await queries.upsertPostedIncident(
      this.deps.db,
      projectId,
      {
        externalId: input.externalId,
        title: input.title,
        url: input.url,
        startedAt: new Date(input.startedAt),
        resolvedAt:
          input.resolvedAt === undefined || input.resolvedAt === null
            ? input.resolvedAt
            : new Date(input.resolvedAt),
      },
      this.now,
    );
    await this.deps.events.emit('incidents.stored', { repoKey: null, projectId });
    return {
      created,
      incident: {
        id: row.id,
        externalId: row.externalId,
        title: row.title,
        url: row.url,
        startedAt: row.startedAt.toISOString(),
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      },
    };
  }
}
