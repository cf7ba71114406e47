import { MAX_NESTING } from './parse-failure.js';
import {
  findClosingQuote,
  plainScalar,
  unquote,
  type YamlMap,
  type YamlValue,
} from './yaml-scalars.js';

/**
 * YAML flow collections (`[a, b]`, `{ image: x, ports: [80] }`, JSON), which may span lines. The
 * block reader gathers the lines until the brackets balance and hands the text here.
 */
export class FlowReader {
  private p = 0;

  constructor(
    private readonly s: string,
    private readonly anchors: Map<string, YamlValue>,
    private readonly depth: number,
  ) {}

  /** Whether every bracket opened in `source` (outside quotes) is closed. */
  static balanced(source: string): boolean {
    let open = 0;
    for (let i = 0; i < source.length; i++) {
      const c = source[i]!;
      if ((c === '"' || c === "'") && (i === 0 || /[\s[{,:]/.test(source[i - 1]!))) {
        const close = findClosingQuote(source, i);
        if (close === -1) return false;
        i = close;
      } else if (c === '[' || c === '{') open++;
      else if (c === ']' || c === '}') open--;
    }
    return open <= 0;
  }

  read(): YamlValue {
    const value = this.node(0);
    this.skipSpace();
    if (this.p < this.s.length) throw new Error('unexpected text after a flow collection');
    return value;
  }

  private skipSpace(): void {
    while (this.p < this.s.length && /\s/.test(this.s[this.p]!)) this.p++;
  }

  private node(level: number): YamlValue {
    if (this.depth + level > MAX_NESTING) throw new Error('nested too deeply');
    this.skipSpace();
    let anchor: string | undefined;
    for (let match; (match = /^(?:&([^\s,[\]{}]+)|![^\s,[\]{}]*)\s*/.exec(this.s.slice(this.p)));) {
      if (match[1]) anchor = match[1];
      this.p += match[0].length;
    }
    const c = this.s[this.p];
    let value: YamlValue;
    if (c === '[') value = this.sequence(level);
    else if (c === '{') value = this.mapping(level);
    else if (c === '"' || c === "'") {
      const close = findClosingQuote(this.s, this.p);
      if (close === -1) throw new Error('unterminated quoted string');
      value = unquote(this.s.slice(this.p, close + 1).replace(/[ \t]*\n[ \t]*/g, ' '));
      this.p = close + 1;
    } else if (c === '*') {
      const name = /^\*([^\s,[\]{}]+)/.exec(this.s.slice(this.p))?.[1] ?? '';
      if (!this.anchors.has(name)) throw new Error(`unknown alias *${name}`);
      value = this.anchors.get(name)!;
      this.p += name.length + 1;
    } else value = this.plain();
    if (anchor) this.anchors.set(anchor, value);
    return value;
  }

  private plain(): YamlValue {
    const start = this.p;
    for (; this.p < this.s.length; this.p++) {
      const c = this.s[this.p]!;
      if (c === ',' || c === ']' || c === '}' || c === '[' || c === '{') break;
      if (c === ':' && /^(?:[\s,[\]{}]|$)/.test(this.s.slice(this.p + 1, this.p + 2))) break;
    }
    return plainScalar(this.s.slice(start, this.p).replace(/\s+/g, ' ').trim());
  }

  private sequence(level: number): YamlValue[] {
    this.p++;
    const items: YamlValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.s[this.p] === ']') {
        this.p++;
        return items;
      }
      let item = this.node(level + 1);
      this.skipSpace();
      if (this.s[this.p] === ':') {
        // `[key: value]` is a sequence holding a one-entry mapping.
        this.p++;
        item = { [keyText(item)]: this.node(level + 1) };
        this.skipSpace();
      }
      items.push(item);
      if (this.s[this.p] === ',') this.p++;
      else if (this.s[this.p] !== ']') throw new Error('expected "," or "]"');
    }
  }

  private mapping(level: number): YamlMap {
    this.p++;
    const map: YamlMap = {};
    for (;;) {
      this.skipSpace();
      if (this.s[this.p] === '}') {
        this.p++;
        return map;
      }
      const key = keyText(this.node(level + 1));
      this.skipSpace();
      let value: YamlValue = null;
      if (this.s[this.p] === ':') {
        this.p++;
        this.skipSpace();
        if (this.s[this.p] !== ',' && this.s[this.p] !== '}') value = this.node(level + 1);
        this.skipSpace();
      }
      map[key] = value;
      if (this.s[this.p] === ',') this.p++;
      else if (this.s[this.p] !== '}') throw new Error('expected "," or "}"');
    }
  }
}

function keyText(key: YamlValue): string {
  return typeof key === 'string' ? key : key === null ? '' : JSON.stringify(key);
}
