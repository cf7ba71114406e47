import {
  FRAMEWORK_RULES,
  SYSTEM_RULES,
  type Ecosystem,
  type FrameworkRule,
  type RuleMatch,
  type SystemRule,
} from './rules.js';

/** What a tag's name continues with when it names something inside the entry (`pg/lib`, `a.b.c`). */
const SEPARATOR: Record<Ecosystem, string | null> = {
  npm: '/',
  py: '.',
  pypi: null,
  go: '/',
  jvm: '.',
  maven: null,
  dotnet: '.',
  cargo: null,
  php: '\\',
  composer: null,
  gem: '/',
  prisma: null,
  url: null,
};

/** Registry spellings that differ only in case or punctuation compare equal. */
function normalize(ecosystem: Ecosystem, name: string): string {
  switch (ecosystem) {
    case 'pypi':
      return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'cargo':
      return name.toLowerCase().replaceAll('_', '-');
    case 'dotnet':
    case 'gem':
    case 'composer':
    case 'prisma':
    case 'url':
    case 'maven':
      return name.toLowerCase();
    default:
      return name;
  }
}

function entryMatches(ecosystem: Ecosystem, entry: string, name: string): boolean {
  const e = normalize(ecosystem, entry);
  if (e.endsWith('*')) return name.startsWith(e.slice(0, -1));
  const sep = SEPARATOR[ecosystem];
  return name === e || (sep !== null && name.startsWith(e + sep));
}

export function entriesOf(match: RuleMatch, ecosystem: Ecosystem): string[] {
  return match[ecosystem]?.split(' ').filter(Boolean) ?? [];
}

function firstMatch<R extends { match: RuleMatch }>(
  rules: readonly R[],
  ecosystem: Ecosystem,
  name: string,
): R | undefined {
  return rules.find((rule) =>
    entriesOf(rule.match, ecosystem).some((entry) => entryMatches(ecosystem, entry, name)),
  );
}

export interface TagMatch {
  system: SystemRule | undefined;
  framework: FrameworkRule | undefined;
  /** The system whose data-format library the tag names (never also `system`). */
  format: SystemRule | undefined;
}

function formatMatch(ecosystem: Ecosystem, name: string): SystemRule | undefined {
  return SYSTEM_RULES.find((rule) =>
    entriesOf(rule.formats ?? {}, ecosystem).some((entry) => entryMatches(ecosystem, entry, name)),
  );
}

/** Splits `eco:name` and finds the first system rule and the first framework rule that match. */
export function createMatcher(): (tag: string) => TagMatch {
  const cache = new Map<string, TagMatch>();
  return (tag) => {
    let hit = cache.get(tag);
    if (hit) return hit;
    const colon = tag.indexOf(':');
    const ecosystem = tag.slice(0, colon) as Ecosystem;
    const name = normalize(ecosystem, tag.slice(colon + 1));
    const format = SEPARATOR[ecosystem] === undefined ? undefined : formatMatch(ecosystem, name);
    hit =
      SEPARATOR[ecosystem] === undefined
        ? { system: undefined, framework: undefined, format: undefined }
        : {
            system: format ? undefined : firstMatch(SYSTEM_RULES, ecosystem, name),
            framework: firstMatch(FRAMEWORK_RULES, ecosystem, name),
            format,
          };
    cache.set(tag, hit);
    return hit;
  };
}

/** Connection-string schemes any rule knows, so only those are kept from string literals. */
const URL_SCHEMES = new Set(SYSTEM_RULES.flatMap((rule) => entriesOf(rule.match, 'url')));

/** `url:postgres` style tags for string literals that are connection strings of a known system. */
export function urlTags(strings: readonly string[]): string[] {
  const out = new Set<string>();
  for (const value of strings) {
    const m = /^\s*(?:(jdbc:[a-z0-9]+):|([a-z][a-z0-9+.-]*):\/\/)/i.exec(value);
    if (!m) continue;
    const scheme = (m[1] ?? m[2]!).toLowerCase();
    if (URL_SCHEMES.has(scheme)) out.add(`url:${scheme}`);
  }
  return [...out];
}
