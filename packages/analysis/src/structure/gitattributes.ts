/**
 * The Linguist attributes of `.gitattributes` files in the tree (the root one and nested ones),
 * with git's semantics (gitattributes(5)): a pattern without a slash matches the base name at any
 * depth below its file; one with a slash is anchored to its file's directory; `*`, `?` and `[...]`
 * do not cross `/`, `**` does; a pattern ending in `/` names a directory and so never matches a
 * file. For each attribute the deepest file decides, and within a file the last matching line.
 * `attr` sets, `-attr` unsets, `attr=value` sets a value, `!attr` returns it to unspecified.
 * Macros (`[attr]name ...`) are honoured in the root file, as git does.
 */
export type AttributeState = true | false | string | null;

export const LINGUIST_ATTRIBUTES = [
  'linguist-vendored',
  'linguist-generated',
  'linguist-documentation',
  'linguist-detectable',
  'linguist-language',
] as const;
export type LinguistAttribute = (typeof LINGUIST_ATTRIBUTES)[number];
export type LinguistAttributes = Partial<Record<LinguistAttribute, AttributeState>>;

interface Rule {
  regex: RegExp;
  basenameOnly: boolean;
  states: Array<[LinguistAttribute, AttributeState]>;
}

interface AttributesFile {
  /** Directory of the file, '' for the root, without trailing slash. */
  dir: string;
  rules: Rule[];
}

const RELEVANT = new Set<string>(LINGUIST_ATTRIBUTES);
const NONE: LinguistAttributes = Object.freeze({});

function parseState(token: string): [string, AttributeState] {
  if (token.startsWith('-')) return [token.slice(1), false];
  if (token.startsWith('!')) return [token.slice(1), null];
  const equals = token.indexOf('=');
  if (equals !== -1) return [token.slice(0, equals), token.slice(equals + 1)];
  return [token, true];
}

/** Reads a pattern, unquoting git's C-style quoted form ("a b.txt"). */
function readPattern(line: string): [string, string] {
  if (!line.startsWith('"')) {
    const space = line.search(/\s/);
    return space === -1 ? [line, ''] : [line.slice(0, space), line.slice(space)];
  }
  let pattern = '';
  for (let i = 1; i < line.length; i += 1) {
    const c = line[i]!;
    if (c === '"') return [pattern, line.slice(i + 1)];
    if (c === '\\' && i + 1 < line.length) {
      const next = line[(i += 1)]!;
      pattern += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else pattern += c;
  }
  return [pattern, ''];
}

/** git's wildmatch with WM_PATHNAME, as an anchored regular expression. */
export function globToRegex(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          if (i + 2 === glob.length) out += '.*';
          else out += '(?:.*/)?';
          i += 2;
          continue;
        }
        i += 1;
      }
      out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        let body = glob.slice(i + 1, close);
        if (body.startsWith('!')) body = '^' + body.slice(1);
        out += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < glob.length) {
      out += glob[(i += 1)]!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function parseFile(dir: string, text: string, macros: Map<string, string[]>): AttributesFile {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('[attr]')) {
      // Macros only count in the root file.
      if (dir === '') {
        const [name, ...tokens] = line.slice(6).trim().split(/\s+/);
        if (name) macros.set(name, tokens);
      }
      continue;
    }
    const [pattern, rest] = readPattern(line);
    // Negative patterns are forbidden in attributes files; directory patterns never match a file.
    if (!pattern || pattern.startsWith('!') || pattern.endsWith('/')) continue;
    const states: Rule['states'] = [];
    const apply = (tokens: string[]) => {
      for (const token of tokens) {
        const [name, state] = parseState(token);
        if (RELEVANT.has(name)) states.push([name as LinguistAttribute, state]);
        const macro = macros.get(name);
        if (macro && state === true) apply(macro);
      }
    };
    apply(rest.trim().split(/\s+/).filter(Boolean));
    if (!states.length) continue;
    const anchored = pattern.replace(/^\//, '');
    rules.push({
      regex: globToRegex(anchored),
      basenameOnly: !pattern.includes('/'),
      states,
    });
  }
  return { dir, rules };
}

export class GitAttributes {
  private readonly files: AttributesFile[];

  /** `sources`: each .gitattributes of the tree by its directory ('' for the root). */
  constructor(sources: Array<{ dir: string; text: string }>) {
    const macros = new Map<string, string[]>([['binary', ['-diff', '-merge', '-text']]]);
    const ordered = [...sources].sort((a, b) => a.dir.length - b.dir.length);
    // Deepest first, so the first decision found for an attribute is the one that stands.
    this.files = ordered
      .map((source) => parseFile(source.dir, source.text, macros))
      .filter((file) => file.rules.length > 0)
      .reverse();
  }

  get empty(): boolean {
    return this.files.length === 0;
  }

  lookup(path: string): LinguistAttributes {
    if (this.files.length === 0) return NONE;
    const result: LinguistAttributes = {};
    const basename = path.slice(path.lastIndexOf('/') + 1);
    for (const file of this.files) {
      if (file.dir && !path.startsWith(`${file.dir}/`)) continue;
      const relative = file.dir ? path.slice(file.dir.length + 1) : path;
      for (let r = file.rules.length - 1; r >= 0; r -= 1) {
        const rule = file.rules[r]!;
        if (!rule.regex.test(rule.basenameOnly ? basename : relative)) continue;
        for (let s = rule.states.length - 1; s >= 0; s -= 1) {
          const [name, state] = rule.states[s]!;
          if (!(name in result)) result[name] = state;
        }
      }
    }
    return result;
  }
}

/** Linguist's boolean_attribute: set unless unset or the string "false"; unspecified stays undefined. */
export function attributeFlag(state: AttributeState | undefined): boolean | undefined {
  if (state === undefined || state === null) return undefined;
  return state !== false && state !== 'false';
}
