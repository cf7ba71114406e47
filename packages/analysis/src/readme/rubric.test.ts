import { readFileSync } from 'node:fs';
import { CommunityFileKindSchema, ReadmeCheckIdSchema, ReadmeNoticeSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { ADD_README_KEY, RUBRIC } from './rubric.js';
import texts from './suggestion-texts.json' with { type: 'json' };

const metrics = readFileSync(new URL('../../../../docs/metrics.md', import.meta.url), 'utf8');

describe('the published rubric', () => {
  it('covers every check once and adds up to 100', () => {
    expect(RUBRIC.map((entry) => entry.id)).toEqual(ReadmeCheckIdSchema.options);
    expect(RUBRIC.reduce((sum, entry) => sum + entry.maxPoints, 0)).toBe(100);
  });

  it('is the table docs/metrics.md publishes: each check with its points and suggestion keys', () => {
    const rows = new Map(
      [...metrics.matchAll(/^\| `(\w+)`\s*\|\s*(\d+) \|(.*)$/gm)].map((match) => [
        match[1],
        { points: Number(match[2]), rest: match[3]! },
      ]),
    );
    for (const entry of RUBRIC) {
      const row = rows.get(entry.id);
      expect(row, entry.id).toBeDefined();
      expect(row!.points, entry.id).toBe(entry.maxPoints);
      for (const key of entry.suggestionKeys)
        expect(row!.rest, `${entry.id} ${key}`).toContain(
          `\`${key.replace('readme.suggestion.', '')}\``,
        );
    }
  });

  it('has English and Turkish texts for every suggestion and notice key, and no others', () => {
    const keys = [
      ADD_README_KEY,
      ...RUBRIC.flatMap((entry) => entry.suggestionKeys),
      ...ReadmeNoticeSchema.options.map((notice) => `readme.notice.${notice}`),
    ];
    const community = Object.keys(texts).filter((key) => key.startsWith('community.suggestion.'));
    expect(community).toHaveLength(CommunityFileKindSchema.options.length);
    expect(Object.keys(texts).sort()).toEqual([...keys, ...community].sort());
    for (const [key, text] of Object.entries(texts as Record<string, { en: string; tr: string }>)) {
      expect(text.en.length, key).toBeGreaterThan(10);
      expect(text.tr.length, key).toBeGreaterThan(10);
      expect(text.tr, key).not.toBe(text.en);
    }
  });
});
