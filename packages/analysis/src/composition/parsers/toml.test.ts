import { describe, expect, it } from 'vitest';
import { ParseFailure } from './parse-failure.js';
import { parseToml } from './toml.js';

describe('parseToml', () => {
  it('reads tables, arrays of tables, dotted and quoted keys and inline tables', () => {
    const toml = parseToml(`
# comment
title = "x" # trailing comment
[package]
name = "demo"
authors = ["a", 'b',
  # a comment inside an array
]
[dependencies]
serde = { version = "1.0", features = ["derive"] }
tokio.version = "1"
"quoted.key" = 'literal \\n stays'
[[bin]]
name = "one"
[[bin]]
name = "two"
[target.'cfg(unix)'.dependencies]
nix = "0.27"
`);
    expect(toml).toEqual({
      title: 'x',
      package: { name: 'demo', authors: ['a', 'b'] },
      dependencies: {
        serde: { version: '1.0', features: ['derive'] },
        tokio: { version: '1' },
        'quoted.key': 'literal \\n stays',
      },
      bin: [{ name: 'one' }, { name: 'two' }],
      target: { 'cfg(unix)': { dependencies: { nix: '0.27' } } },
    });
  });

  it('reads the four string forms, escapes, numbers, booleans and dates', () => {
    const toml = parseToml(
      [
        'basic = "tab\\there \\u00e9"',
        'multi = """',
        'line one \\',
        '   joined"""',
        "raw = '''",
        "C:\\path'''",
        'int = 1_000',
        'float = 3.5e2',
        'yes = true',
        'hex = 0xff',
        'date = 1979-05-27T07:32:00Z',
      ].join('\n'),
    );
    expect(toml).toEqual({
      basic: 'tab\there é',
      multi: 'line one joined',
      raw: 'C:\\path',
      int: 1000,
      float: 350,
      yes: true,
      hex: 255,
      date: '1979-05-27T07:32:00.000Z',
    });
  });

  it('fails with a line number on malformed input, and refuses hostile nesting and keys', () => {
    expect(() => parseToml('a = "unterminated\nb = 1')).toThrow(/^line 1: /);
    expect(() => parseToml('[table\nx = 1')).toThrow(ParseFailure);
    expect(() => parseToml('key = value')).toThrow(/line 1: invalid value/);
    expect(() => parseToml('a = 1 b = 2')).toThrow(ParseFailure);
    expect(() => parseToml('a = [1, 2')).toThrow(ParseFailure);
    expect(() => parseToml('[x]\n[x]\n')).toThrow(/line 2: .*redefine/);
    expect(() => parseToml(`a = ${'['.repeat(500)}`)).toThrow(/nested too deeply/);
    expect(parseToml('__proto__ = 1\nok = 2')).toEqual({ ok: 2 });
  });
});
