import type { CiSummary } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { isYamlMap, parseYaml, type YamlMap, type YamlValue } from '../parsers/yaml.js';
import { imageMentions } from './containers.js';
import { text, type ManifestFacts } from './types.js';

/** Helpers shared by the CI readers: every CI file is summarised into the same shape. */

const MAX_JOBS = 50;

export function ciFacts(summary: {
  name?: string | null;
  jobs: string[];
  actions?: string[];
  triggers?: string[];
  images?: string[];
  mentions?: Mention[];
}): ManifestFacts {
  const actions = [...new Set(summary.actions ?? [])].sort();
  const images = [...new Set(summary.images ?? [])];
  const ci: CiSummary = {
    name: summary.name ?? null,
    jobCount: summary.jobs.length,
    jobs: summary.jobs.slice(0, MAX_JOBS),
    actions,
    triggers: [...new Set(summary.triggers ?? [])],
  };
  return {
    ci,
    images,
    mentions: [
      ...actions.map((name): Mention => ({ key: 'action', name })),
      ...images.flatMap(imageMentions),
      ...(summary.mentions ?? []),
    ],
  };
}

/** The file's single YAML document, which every CI format requires to be a mapping. */
export function ciDocument(source: string): YamlMap {
  const document = parseYaml(source);
  if (!isYamlMap(document)) throw new ParseFailure('not a mapping');
  return document;
}

export function mapOf(value: YamlValue | undefined): YamlMap {
  return isYamlMap(value) ? value : {};
}

export function listOf(value: YamlValue | undefined): YamlValue[] {
  return Array.isArray(value) ? value : [];
}

/** An image written as a string or as `{ name: ... }` / `{ image: ... }` (GitLab, Bitbucket, GitHub). */
export function imageOf(value: YamlValue | undefined): string | null {
  if (typeof value === 'string') return text(value);
  const map = mapOf(value);
  return text(map.image) ?? text(map.name);
}
