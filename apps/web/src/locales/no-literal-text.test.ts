import { Linter } from 'eslint';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own rule (eslint-rules/no-literal-text.js), run the way eslint.config.js runs it.
const rulePath = resolve(__dirname, '../../../../eslint-rules/no-literal-text.js');
const plugin = (
  (await import(/* @vite-ignore */ pathToFileURL(rulePath).href)) as {
    default: NonNullable<Linter.Config['plugins']>[string];
  }
).default;

function problems(code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          plugins: { 'rota-i18n': plugin },
          rules: { 'rota-i18n/no-literal-text': ['error', { allow: ['Rota'] }] },
        },
      ],
      'page.tsx',
    )
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('no-literal-text (ESLint rule)', () => {
  it('finds text written into JSX instead of the catalogues', () => {
    for (const code of [
      'export const A = () => <p>Analysed</p>;',
      'export const A = () => <p>{"Son analiz"}</p>;',
      'export const A = ({ n }: { n: number }) => <p>{`${n} lines`}</p>;',
      'export const A = ({ ok }: { ok: boolean }) => <p>{ok ? "yes" : null}</p>;',
      'export const A = () => <button aria-label="Close" />;',
      'export const A = () => <input placeholder="Search" />;',
      'export const A = () => <img alt="Logo" src="/x.png" />;',
      'export const A = () => <Empty description={"Nothing here"} />;',
    ])
      expect(problems(code), code).toHaveLength(1);
  });

  it('lets through catalogue texts, punctuation, numbers, technical attributes and allowed names', () => {
    for (const code of [
      'export const A = ({ t }: { t: (k: string) => string }) => <p title={t("a.b")}>{t("a.c")}</p>;',
      'export const A = ({ n }: { n: number }) => <p>{n} · — {n}%</p>;',
      'export const A = () => <div className="flex gap-2" data-testid="x" role="status" />;',
      'export const A = () => <span>Rota</span>;',
    ])
      expect(problems(code), code).toEqual([]);
  });
});
