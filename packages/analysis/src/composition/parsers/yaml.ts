import { MAX_NESTING, ParseFailure } from './parse-failure.js';
import { FlowReader } from './yaml-flow.js';
import {
  findClosingQuote,
  isYamlMap,
  plainScalar,
  stripComment,
  unquote,
  type YamlMap,
  type YamlValue,
} from './yaml-scalars.js';

export { isYamlMap, type YamlMap, type YamlValue };

/**
 * A YAML reader for the configuration files the composition analysis reads (compose files, CI
 * pipelines, Helm charts, Kubernetes manifests, pnpm-workspace.yaml). It handles what those files
 * use — block mappings and sequences (compact `- key: v` items too), plain, quoted and block scalars,
 * flow collections, comments, several documents, anchors, aliases and `<<` merges, tags (ignored) —
 * and fails with a line number on what it does not understand (complex `?` keys, tab indentation).
 *
 * Scalars stay strings (`null`, `~` and empty become null): the readers want names and text, and
 * YAML 1.1's type guessing (`on:` as a boolean in GitHub workflows) would only get in the way.
 * Aliases share the anchored value instead of copying it, so "billion laughs" input stays small.
 */
/** Every document of a multi-document stream; empty documents are left out. */
export function parseYamlDocuments(text: string): YamlValue[] {
  const documents: Array<{ start: number; lines: string[] }> = [];
  let current: { start: number; lines: string[] } | undefined;
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  all.forEach((line, index) => {
    const marker = /^(---|\.\.\.)(?:\s|$)/.exec(line);
    if (marker?.[1] === '---') {
      current = { start: index + 1, lines: [line.slice(3).trim()] };
      documents.push(current);
    } else if (marker) current = undefined;
    else if (!current && line.startsWith('%')) return;
    else if (!current) {
      current = { start: index, lines: [line] };
      documents.push(current);
    } else current.lines.push(line);
  });
  const values: YamlValue[] = [];
  for (const document of documents) {
    const parser = new BlockReader(document.lines, document.start);
    const value = parser.parseDocument();
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** The first document, or null for an empty stream. */
export function parseYaml(text: string): YamlValue {
  return parseYamlDocuments(text)[0] ?? null;
}

function isSequenceItem(content: string): boolean {
  return content === '-' || content.startsWith('- ') || content.startsWith('-\t');
}

/** `key: rest` split at the first mapping colon outside quotes, or null when the line is no entry. */
export function splitKey(content: string): { key: string; rest: string } | null {
  if (content.startsWith('? ') || content === '?') return null;
  const first = content[0];
  if (first === '[' || first === '{' || first === '|' || first === '>' || first === '*')
    return null;
  let keyEnd: number;
  let key: string;
  if (first === '"' || first === "'") {
    const close = findClosingQuote(content, 0);
    if (close === -1) return null;
    key = unquote(content.slice(0, close + 1));
    keyEnd = close + 1;
    while (content[keyEnd] === ' ') keyEnd++;
    if (content[keyEnd] !== ':') return null;
  } else {
    keyEnd = -1;
    for (let i = 0; i < content.length; i++) {
      if (content[i] === '#' && (i === 0 || /\s/.test(content[i - 1]!))) return null;
      if (content[i] === ':' && (i + 1 === content.length || /\s/.test(content[i + 1]!))) {
        keyEnd = i;
        break;
      }
    }
    if (keyEnd === -1) return null;
    key = content.slice(0, keyEnd).trim();
  }
  const after = content.slice(keyEnd + 1);
  if (after && !/^\s/.test(after)) return null;
  return { key, rest: after.trim() };
}

class BlockReader {
  private i = 0;
  private readonly anchors = new Map<string, YamlValue>();

  constructor(
    private readonly lines: string[],
    private readonly firstLine: number,
  ) {}

  /** The document's value, or undefined when it holds only comments and blank lines. */
  parseDocument(): YamlValue | undefined {
    if (this.peek() === -1) return undefined;
    const value = this.parseNode(0, 0);
    const left = this.peek();
    if (left !== -1) this.fail('unexpected content (bad indentation?)', left);
    return value;
  }

  private fail(message: string, line = this.i): never {
    throw new ParseFailure(message, this.firstLine + line + 1);
  }

  /** Index of the next line with content (not blank, not only a comment), or -1. */
  private peek(): number {
    for (let j = this.i; j < this.lines.length; j++) {
      const trimmed = this.lines[j]!.trim();
      if (trimmed && !trimmed.startsWith('#')) return j;
    }
    return -1;
  }

  private indentOf(j: number): number {
    const line = this.lines[j]!;
    let n = 0;
    while (line[n] === ' ') n++;
    if (line[n] === '\t') this.fail('tab used for indentation', j);
    return n;
  }

  private parseNode(minIndent: number, depth: number): YamlValue {
    if (depth > MAX_NESTING) this.fail('nested too deeply');
    const j = this.peek();
    if (j === -1) return null;
    const indent = this.indentOf(j);
    if (indent < minIndent) return null;
    const content = this.lines[j]!.slice(indent);
    if (isSequenceItem(content)) return this.parseSequence(indent, depth);
    if (splitKey(content)) return this.parseMapping(indent, depth);
    this.i = j + 1;
    return this.parseValue(content, indent - 1, depth, false);
  }

  private parseMapping(indent: number, depth: number): YamlMap {
    const map: YamlMap = {};
    const merges: YamlValue[] = [];
    for (let j = this.peek(); j !== -1; j = this.peek()) {
      const lineIndent = this.indentOf(j);
      if (lineIndent < indent) break;
      if (lineIndent > indent) this.fail('bad indentation of a mapping entry', j);
      const content = this.lines[j]!.slice(indent);
      if (isSequenceItem(content)) break;
      const entry = splitKey(content);
      if (!entry) this.fail('expected "key: value"', j);
      this.i = j + 1;
      const value = this.parseValue(entry.rest, indent, depth + 1, true);
      if (entry.key === '<<') merges.push(value);
      else map[entry.key] = value;
    }
    // Explicit keys win over merged ones, whatever their order in the file.
    for (const merged of merges.flatMap((value) => (Array.isArray(value) ? value : [value])))
      if (isYamlMap(merged)) for (const [key, value] of Object.entries(merged)) map[key] ??= value;
    return map;
  }

  private parseSequence(indent: number, depth: number): YamlValue[] {
    const items: YamlValue[] = [];
    for (let j = this.peek(); j !== -1; j = this.peek()) {
      const lineIndent = this.indentOf(j);
      if (lineIndent < indent) break;
      if (lineIndent > indent) this.fail('bad indentation of a sequence item', j);
      const content = this.lines[j]!.slice(indent);
      if (!isSequenceItem(content)) break;
      const rest = content.slice(1).trimStart();
      if (rest === '' || rest.startsWith('#')) {
        this.i = j + 1;
        items.push(this.parseNode(indent + 1, depth + 1));
        continue;
      }
      if (isSequenceItem(rest) || (splitKey(rest) && !/^[&!]/.test(rest))) {
        // A compact nested collection: read the same line again as if the dash were a space.
        const childIndent = content.length - rest.length + indent;
        this.lines[j] = ' '.repeat(childIndent) + rest;
        items.push(this.parseNode(childIndent, depth + 1));
        continue;
      }
      this.i = j + 1;
      items.push(this.parseValue(rest, indent, depth + 1, false));
    }
    return items;
  }

  /** The value written after `key:` or `- ` (`rest`), with anything it continues onto below. */
  private parseValue(
    rest: string,
    parentIndent: number,
    depth: number,
    inMapping: boolean,
  ): YamlValue {
    if (depth > MAX_NESTING) this.fail('nested too deeply');
    let text = rest.trim();
    let anchor: string | undefined;
    for (let match; (match = /^(?:&(\S+)|!\S*)(?:\s+|$)/.exec(text));) {
      if (match[1]) anchor = match[1];
      text = text.slice(match[0].length);
    }
    let value: YamlValue;
    const first = text[0];
    if (stripComment(text) === '') value = this.parseNested(parentIndent, depth, inMapping);
    else if (first === '*') {
      const name = stripComment(text).slice(1).trim();
      if (!this.anchors.has(name)) this.fail(`unknown alias *${name}`, this.i - 1);
      value = this.anchors.get(name)!;
    } else if (first === '|' || first === '>') value = this.parseBlockScalar(text, parentIndent);
    else if (first === '[' || first === '{') value = this.parseFlow(text, depth);
    else if (first === '"' || first === "'") value = this.parseQuoted(text);
    else value = this.parsePlain(stripComment(text), parentIndent);
    if (anchor) this.anchors.set(anchor, value);
    return value;
  }

  private parseNested(parentIndent: number, depth: number, inMapping: boolean): YamlValue {
    const j = this.peek();
    if (j === -1) return null;
    const indent = this.indentOf(j);
    if (indent > parentIndent) return this.parseNode(parentIndent + 1, depth + 1);
    // YAML lets a mapping's sequence value sit at the key's own indentation.
    if (inMapping && indent === parentIndent && isSequenceItem(this.lines[j]!.slice(indent)))
      return this.parseSequence(indent, depth + 1);
    return null;
  }

  private parsePlain(text: string, parentIndent: number): YamlValue {
    const parts = [text];
    for (let j = this.peek(); j !== -1 && this.indentOf(j) > parentIndent; j = this.peek()) {
      const line = stripComment(this.lines[j]!.trim());
      // A deeper `key: value` after a value is a mis-indented entry, not more of the scalar.
      if (splitKey(line)) this.fail('bad indentation: a mapping entry cannot continue a value', j);
      parts.push(line);
      this.i = j + 1;
    }
    return plainScalar(parts.join(' '));
  }

  private parseQuoted(text: string): string {
    let source = text;
    const startLine = this.i - 1;
    let close = findClosingQuote(source, 0);
    while (close === -1) {
      if (this.i >= this.lines.length) this.fail('unterminated quoted string', startLine);
      const line = this.lines[this.i++]!.trim();
      source += line === '' ? '\n' : (source.endsWith('\n') ? '' : ' ') + line;
      close = findClosingQuote(source, 0);
    }
    if (stripComment(source.slice(close + 1)).trim() !== '')
      this.fail('unexpected text after a quoted string', this.i - 1);
    return unquote(source.slice(0, close + 1));
  }

  private parseBlockScalar(header: string, parentIndent: number): string {
    const match = /^([|>])([1-9]?)([+-]?)([1-9]?)\s*(?:#.*)?$/.exec(header);
    if (!match) this.fail('bad block scalar header', this.i - 1);
    const explicit = Number(match[2] || match[4]) || 0;
    const body: string[] = [];
    let contentIndent = explicit ? parentIndent + explicit : -1;
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      const indent = line.length - line.trimStart().length;
      if (line.trim() !== '') {
        if (indent <= parentIndent) break;
        if (contentIndent === -1) contentIndent = indent;
        if (indent < contentIndent) break;
      }
      body.push(line.trim() === '' ? '' : line.slice(contentIndent));
      this.i++;
    }
    let trailing = 0;
    while (body.length && body[body.length - 1] === '') {
      body.pop();
      trailing++;
    }
    const joined = match[1] === '|' ? body.join('\n') : fold(body);
    const chomp = match[3];
    if (chomp === '-' || joined === '') return joined;
    return joined + (chomp === '+' ? '\n'.repeat(trailing + 1) : '\n');
  }

  private parseFlow(text: string, depth: number): YamlValue {
    let source = stripComment(text);
    const startLine = this.i - 1;
    while (!FlowReader.balanced(source)) {
      if (this.i >= this.lines.length) this.fail('unterminated flow collection', startLine);
      source += '\n' + stripComment(this.lines[this.i++]!);
    }
    try {
      return new FlowReader(source, this.anchors, depth).read();
    } catch (error) {
      this.fail(error instanceof Error ? error.message : 'bad flow collection', startLine);
    }
  }
}

/** Folded block scalar: lines joined by spaces, each blank line kept as one newline. */
function fold(lines: string[]): string {
  let out = '';
  for (const line of lines) {
    if (line === '') out += '\n';
    else out += out === '' || out.endsWith('\n') ? line : ` ${line}`;
  }
  return out;
}
