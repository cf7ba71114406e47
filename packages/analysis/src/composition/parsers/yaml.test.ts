import { describe, expect, it } from 'vitest';
import { ParseFailure } from './parse-failure.js';
import { parseYaml, parseYamlDocuments } from './yaml.js';

describe('parseYaml', () => {
  it('reads block mappings and sequences, compact items and same-indent sequences', () => {
    expect(
      parseYaml(`
name: CI   # comment
on:
  push:
    branches: [main, 'release/*']
  pull_request:
jobs:
  test:
    steps:
    - uses: actions/checkout@v4
    - name: Run
      run: npm test
    - - nested
      - list
empty: ~
url: http://example.com/#anchor
`),
    ).toEqual({
      name: 'CI',
      on: { push: { branches: ['main', 'release/*'] }, pull_request: null },
      jobs: {
        test: {
          steps: [
            { uses: 'actions/checkout@v4' },
            { name: 'Run', run: 'npm test' },
            ['nested', 'list'],
          ],
        },
      },
      empty: null,
      url: 'http://example.com/#anchor',
    });
  });

  it('reads quoted, plain multi-line, literal and folded scalars', () => {
    expect(
      parseYaml(`
double: "a \\"b\\" \\u00e9 # not a comment"
single: 'it''s'
plain: one
  two
literal: |
  line 1
  # not a comment
    indented
keep: |+
  x

strip: >-
  folded
  text

  para
it's: fine
`),
    ).toEqual({
      double: 'a "b" é # not a comment',
      single: "it's",
      plain: 'one two',
      literal: 'line 1\n# not a comment\n  indented\n',
      keep: 'x\n\n',
      strip: 'folded text\npara',
      "it's": 'fine',
    });
  });

  it('reads flow collections over several lines, anchors, aliases and merge keys', () => {
    expect(
      parseYaml(`
base: &base
  image: postgres:16
  env: {A: 1, B: [x, "y, z"]}
db:
  <<: *base
  image: postgres:17
list: [
  a,   # comment
  b
]
copy: *base
tagged: !reference [.setup, script]
`),
    ).toEqual({
      base: { image: 'postgres:16', env: { A: '1', B: ['x', 'y, z'] } },
      db: { image: 'postgres:17', env: { A: '1', B: ['x', 'y, z'] } },
      list: ['a', 'b'],
      copy: { image: 'postgres:16', env: { A: '1', B: ['x', 'y, z'] } },
      tagged: ['.setup', 'script'],
    });
  });

  it('splits documents and skips empty ones', () => {
    expect(
      parseYamlDocuments('%YAML 1.2\n---\na: 1\n---\n# only a comment\n---\n- b\n...\n'),
    ).toEqual([{ a: '1' }, ['b']]);
    expect(parseYamlDocuments('')).toEqual([]);
  });

  it('keeps scalars as text: no number or boolean guessing, explicit tags never build objects', () => {
    expect(
      parseYaml(
        'python: [3.10, 3.8]\non: push\nyes: true\nfn: !!js/function "function () {}"\nbin: !!binary aGk=\n',
      ),
    ).toEqual({
      python: ['3.10', '3.8'],
      on: 'push',
      yes: 'true',
      fn: 'function () {}',
      bin: 'aGk=',
    });
  });

  it('refuses alias bombs, deep nesting and oversized input instead of expanding them', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 30; i++)
      lines.push(`a${i}: &a${i} [*a${i === 1 ? '' : i - 1}, *a${i === 1 ? '' : i - 1}]`);
    expect(() => parseYaml(lines.join('\n'))).toThrow(/once aliases are expanded/);
    expect(() => parseYaml(`a: ${'['.repeat(300)}${']'.repeat(300)}`)).toThrow(/nested too deeply/);
    expect(() => parseYaml(`a: "${'x'.repeat(1024 * 1024)}"`)).toThrow(/not read/);
    const moderate = parseYaml('a: &a [x]\nb: [*a, *a]\n') as Record<string, unknown>;
    expect(moderate.b).toEqual([['x'], ['x']]);
  });

  it('fails with a ParseFailure and a line number on malformed input', () => {
    expect(() => parseYaml('a: 1\n  b: 2\n')).toThrow(/^line 2: bad indentation/);
    expect(() => parseYaml('a:\n\t- tab')).toThrow(/line 2: tab characters/);
    expect(() => parseYaml('a: "open\nb: 1')).toThrow(ParseFailure);
    expect(() => parseYaml('a: [1, 2')).toThrow(ParseFailure);
    expect(() => parseYaml('a: *missing')).toThrow(/unidentified alias/);
    expect(() => parseYaml(`a: ${'['.repeat(100_000)}`)).toThrow(/nested too deeply/);
  });
});
