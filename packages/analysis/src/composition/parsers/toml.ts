import { lineAt, MAX_NESTING, ParseFailure } from './parse-failure.js';

/**
 * A TOML reader for manifests (Cargo.toml, pyproject.toml, Pipfile, libs.versions.toml). It covers
 * TOML 1.0's syntax — tables, arrays of tables, dotted and quoted keys, the four string forms,
 * arrays and inline tables — but keeps dates and times as strings and does not reject redefined
 * tables: the readers only need names and versions, and a lenient reader shows more of a slightly
 * odd file than a strict one would.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export function parseToml(text: string): TomlTable {
  return new TomlParser(text.replace(/^\uFEFF/, '')).parse();
}

export function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  '"': '"',
  '\\': '\\',
};

class TomlParser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): TomlTable {
    const root: TomlTable = {};
    let current = root;
    for (;;) {
      this.skipBlank(true);
      if (this.i >= this.s.length) return root;
      if (this.s[this.i] === '[') {
        const isArray = this.s[this.i + 1] === '[';
        this.i += isArray ? 2 : 1;
        this.skipBlank(false);
        const keys = this.parseKey();
        this.expect(isArray ? ']]' : ']');
        current = isArray ? this.appendTable(root, keys) : this.openTable(root, keys);
      } else {
        const keys = this.parseKey();
        this.expect('=');
        this.skipBlank(false);
        this.assign(current, keys, this.parseValue(0));
      }
      this.endLine();
    }
  }

  private fail(message: string): never {
    throw new ParseFailure(message, lineAt(this.s, this.i));
  }

  /** Skips spaces and comments, and newlines too when `newlines`. */
  private skipBlank(newlines: boolean): void {
    while (this.i < this.s.length) {
      const c = this.s[this.i]!;
      if (c === ' ' || c === '\t' || (newlines && (c === '\n' || c === '\r'))) this.i++;
      else if (c === '#') while (this.i < this.s.length && this.s[this.i] !== '\n') this.i++;
      else return;
    }
  }

  private endLine(): void {
    this.skipBlank(false);
    if (this.i < this.s.length && this.s[this.i] !== '\n' && this.s[this.i] !== '\r')
      this.fail(`unexpected "${this.s[this.i]}" after a value`);
  }

  private expect(token: string): void {
    this.skipBlank(false);
    if (!this.s.startsWith(token, this.i)) this.fail(`expected "${token}"`);
    this.i += token.length;
  }

  private parseKey(): string[] {
    const keys: string[] = [];
    for (;;) {
      this.skipBlank(false);
      const c = this.s[this.i];
      if (c === '"' || c === "'") keys.push(this.parseString());
      else {
        const start = this.i;
        while (this.i < this.s.length && BARE_KEY.test(this.s[this.i]!)) this.i++;
        if (start === this.i) this.fail('expected a key');
        keys.push(this.s.slice(start, this.i));
      }
      this.skipBlank(false);
      if (this.s[this.i] !== '.') return keys;
      this.i++;
    }
  }

  private parseValue(level: number): TomlValue {
    if (level > MAX_NESTING) this.fail('values nested too deeply');
    const c = this.s[this.i];
    if (c === '"' || c === "'") return this.parseString();
    if (c === '[') return this.parseArray(level);
    if (c === '{') return this.parseInlineTable(level);
    const match = /^[0-9A-Za-z_:+.-]+(?: \d\d:\d\d[0-9:.Z+-]*)?/.exec(
      this.s.slice(this.i, this.i + 80),
    );
    if (!match) this.fail('expected a value');
    this.i += match[0].length;
    const token = match[0];
    if (token === 'true' || token === 'false') return token === 'true';
    if (/^[+-]?(?:\d[\d_]*)(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?$/.test(token))
      return Number(token.replace(/_/g, ''));
    if (/^[+-]?(?:inf|nan)$/.test(token)) return Number(token.replace('inf', 'Infinity'));
    if (/^0[xob][0-9a-fA-F_]+$/.test(token)) return Number(token.replace(/_/g, ''));
    // Dates and times stay text.
    if (/^\d{2,4}[-:]/.test(token)) return token;
    this.fail(`unexpected value "${token.slice(0, 40)}"`);
  }

  private parseArray(level: number): TomlValue[] {
    this.i++;
    const items: TomlValue[] = [];
    for (;;) {
      this.skipBlank(true);
      if (this.s[this.i] === ']') {
        this.i++;
        return items;
      }
      items.push(this.parseValue(level + 1));
      this.skipBlank(true);
      if (this.s[this.i] === ',') this.i++;
      else if (this.s[this.i] !== ']') this.fail('expected "," or "]" in an array');
    }
  }

  private parseInlineTable(level: number): TomlTable {
    this.i++;
    const table: TomlTable = {};
    this.skipBlank(false);
    if (this.s[this.i] === '}') {
      this.i++;
      return table;
    }
    for (;;) {
      const keys = this.parseKey();
      this.expect('=');
      this.skipBlank(false);
      this.assign(table, keys, this.parseValue(level + 1));
      this.skipBlank(false);
      const c = this.s[this.i++];
      if (c === '}') return table;
      if (c !== ',') this.fail('expected "," or "}" in an inline table');
    }
  }

  private parseString(): string {
    const s = this.s;
    const quote = s[this.i]!;
    const multiline = s.startsWith(quote.repeat(3), this.i);
    const literal = quote === "'";
    this.i += multiline ? 3 : 1;
    if (multiline && s[this.i] === '\n') this.i++;
    else if (multiline && s.startsWith('\r\n', this.i)) this.i += 2;
    let out = '';
    for (;;) {
      if (this.i >= s.length) this.fail('unterminated string');
      const c = s[this.i]!;
      if (multiline && s.startsWith(quote.repeat(3), this.i)) {
        this.i += 3;
        // Up to two quotes right before the closing delimiter belong to the string.
        for (let extra = 0; extra < 2 && s[this.i] === quote; extra++, this.i++) out += quote;
        return out;
      }
      if (!multiline && c === quote) {
        this.i++;
        return out;
      }
      if (!multiline && c === '\n') this.fail('newline in a single-line string');
      if (c === '\\' && !literal) {
        out += this.parseEscape(multiline);
        continue;
      }
      out += c;
      this.i++;
    }
  }

  private parseEscape(multiline: boolean): string {
    const next = this.s[this.i + 1] ?? '';
    if (multiline && /[ \t\r\n]/.test(next)) {
      // A line-ending backslash swallows the newline and the next line's indentation.
      this.i++;
      while (/[ \t\r\n]/.test(this.s[this.i] ?? '')) this.i++;
      return '';
    }
    if (next in ESCAPES) {
      this.i += 2;
      return ESCAPES[next]!;
    }
    if (next === 'u' || next === 'U') {
      const length = next === 'u' ? 4 : 8;
      const hex = this.s.slice(this.i + 2, this.i + 2 + length);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === length ? parseInt(hex, 16) : NaN;
      if (!(code <= 0x10ffff)) this.fail('invalid unicode escape');
      this.i += 2 + length;
      return String.fromCodePoint(code);
    }
    this.fail(`invalid escape "\\${next}"`);
  }

  /** The table at `keys` below `root`, created as needed; an array of tables yields its last entry. */
  private openTable(root: TomlTable, keys: string[]): TomlTable {
    let table = root;
    for (const key of keys) {
      let next = table[key];
      if (next === undefined) next = table[key] = {};
      if (Array.isArray(next)) next = next[next.length - 1];
      if (!isTable(next)) this.fail(`"${keys.join('.')}" is already a value`);
      table = next;
    }
    return table;
  }

  private appendTable(root: TomlTable, keys: string[]): TomlTable {
    const parent = this.openTable(root, keys.slice(0, -1));
    const last = keys[keys.length - 1]!;
    const existing = parent[last] ?? (parent[last] = []);
    if (!Array.isArray(existing)) this.fail(`"${keys.join('.')}" is not an array of tables`);
    const table: TomlTable = {};
    existing.push(table);
    return table;
  }

  private assign(table: TomlTable, keys: string[], value: TomlValue): void {
    const parent = this.openTable(table, keys.slice(0, -1));
    parent[keys[keys.length - 1]!] = value;
  }
}
