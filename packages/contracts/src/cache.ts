import { z } from 'zod';
import { GitHubOwnerSchema, GitHubRepoNameSchema } from './github-data.js';

/**
 * Spec §7 "Cache": what Rota keeps so it need not compute or ask again, and clearing it. Every
 * cache holds only what can be computed again; clearing one never deletes projects, pull
 * requests, reviews, analysis results or GitHub snapshots.
 */
export const CACHE_KINDS = [
  'analysisAnswers',
  'githubResponses',
  'analytics',
  'projectLists',
] as const;
export const CacheKindSchema = z.enum(CACHE_KINDS);
export type CacheKind = z.infer<typeof CacheKindSchema>;

/** A cache this configuration does not make: `embedded-only` ones exist only on embedded PGlite. */
export const CacheUnavailableSchema = z.object({
  available: z.literal(false),
  reason: z
    .enum(['embedded-only'])
    .describe(
      'embedded-only: kept in memory only when this process is the embedded database’s one writer; with DATABASE_URL every read goes to the database',
    ),
});

export const CacheFiguresSchema = z.object({
  available: z.literal(true),
  store: z.enum(['memory', 'database', 'redis']),
  entries: z.number().int().min(0),
  bytes: z
    .number()
    .int()
    .min(0)
    .describe(
      'the entries as stored: database rows by pg_column_size (compressed), Redis values by length, memory entries as JSON text in UTF-8',
    ),
  hits: z
    .number()
    .int()
    .min(0)
    .describe('lookups answered from the cache by this process since it started (per process)'),
  misses: z.number().int().min(0).describe('lookups it had to compute or ask for (per process)'),
  hitRate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe('hits / (hits + misses) in this process; null before the first lookup'),
  oldestEntry: z.iso.datetime().nullable(),
});
export type CacheFigures = z.infer<typeof CacheFiguresSchema>;

export const CacheStateSchema = z.discriminatedUnion('available', [
  CacheFiguresSchema,
  CacheUnavailableSchema,
]);
export type CacheState = z.infer<typeof CacheStateSchema>;

const byKind = <T extends z.ZodType>(schema: T) =>
  z.object({
    analysisAnswers: schema,
    githubResponses: schema,
    analytics: schema,
    projectLists: schema,
  });

/** `GET /api/cache/status`. */
export const CacheStatusSchema = z.object({
  countedSince: z.iso
    .datetime()
    .describe('when this process started counting hits and misses; each process counts its own'),
  caches: byKind(CacheStateSchema),
});
export type CacheStatus = z.infer<typeof CacheStatusSchema>;

export const CacheClearedStateSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    removed: z.number().int().min(0).describe('entries removed'),
  }),
  CacheUnavailableSchema,
]);

/** The answer of the clear calls: per cache, what went. The next read computes it again. */
export const CacheClearedSchema = z.object({
  caches: byKind(CacheClearedStateSchema),
});
export type CacheCleared = z.infer<typeof CacheClearedSchema>;

/** `POST /api/cache/clear/repo/{owner}/{repo}`: a GitHub repository of one of the caller's projects. */
export const ClearRepositoryCacheParams = z.object({
  owner: GitHubOwnerSchema,
  repo: GitHubRepoNameSchema,
});
export type ClearRepositoryCacheParams = z.infer<typeof ClearRepositoryCacheParams>;

export const CacheMessages = {
  repositoryNotFound: 'Repository not found in your projects',
} as const;
