import { lineAt, MAX_NESTING, ParseFailure } from './parse-failure.js';

/**
 * A small XML reader for build files (pom.xml, *.csproj, Directory.Packages.props). Elements,
 * attributes, text, CDATA, comments, processing instructions and a DOCTYPE without an internal
 * subset; the five predefined entities and character references. Namespace prefixes are dropped
 * (`<x:name>` reads as `name`) because build files are matched by local names. No external entity
 * is ever resolved, so a hostile file cannot make the reader fetch or expand anything.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated text directly inside the element, trimmed. */
  text: string;
}

export function parseXml(text: string): XmlElement {
  const s = text.replace(/^\uFEFF/, '');
  const stack: XmlElement[] = [];
  const texts: string[][] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const fail = (message: string): never => {
    throw new ParseFailure(message, lineAt(s, i));
  };
  const skipPast = (token: string) => {
    const end = s.indexOf(token, i);
    if (end === -1) fail(`missing "${token}"`);
    i = end + token.length;
  };
  while (i < s.length) {
    const lt = s.indexOf('<', i);
    const chunk = s.slice(i, lt === -1 ? s.length : lt);
    if (chunk.trim()) {
      if (!stack.length) fail('text outside the root element');
      texts[texts.length - 1]!.push(decodeEntities(chunk));
    }
    if (lt === -1) break;
    i = lt;
    if (s.startsWith('<!--', i)) skipPast('-->');
    else if (s.startsWith('<![CDATA[', i)) {
      const end = s.indexOf(']]>', i);
      if (end === -1 || !stack.length) fail('bad CDATA section');
      texts[texts.length - 1]!.push(s.slice(i + 9, end));
      i = end + 3;
    } else if (s.startsWith('<?', i)) skipPast('?>');
    else if (s.startsWith('<!', i)) {
      if (s.slice(i, s.indexOf('>', i)).includes('[')) fail('DTD internal subsets are not read');
      skipPast('>');
    } else if (s.startsWith('</', i)) {
      const match = /^<\/([^\s>]+)\s*>/.exec(s.slice(i, i + 300));
      const open = stack.pop();
      if (!match || !open || localName(match[1]!) !== open.name)
        fail(`unexpected closing tag ${match?.[1] ?? ''}`);
      open!.text = texts.pop()!.join('').trim();
      i += match![0].length;
    } else {
      const element = readStartTag();
      if (stack.length > MAX_NESTING) fail('elements nested too deeply');
      if (stack.length) stack[stack.length - 1]!.children.push(element.node);
      else if (root) fail('more than one root element');
      else root = element.node;
      if (!element.selfClosing) {
        stack.push(element.node);
        texts.push([]);
      }
    }
  }
  if (stack.length) fail(`unclosed element <${stack[stack.length - 1]!.name}>`);
  if (!root) fail('no root element');
  return root!;

  function readStartTag(): { node: XmlElement; selfClosing: boolean } {
    const nameMatch = /^<([^\s/>]+)/.exec(s.slice(i, i + 300));
    if (!nameMatch) fail('bad start tag');
    i += nameMatch![0].length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const attr = /^\s+([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')/.exec(s.slice(i, i + 10_000));
      if (attr) {
        attributes[localName(attr[1]!)] = decodeEntities(attr[2]!.slice(1, -1));
        i += attr[0].length;
        continue;
      }
      const end = /^\s*(\/?)>/.exec(s.slice(i, i + 300));
      if (!end) fail('bad attribute or unterminated tag');
      i += end![0].length;
      const node = { name: localName(nameMatch![1]!), attributes, children: [], text: '' };
      return { node, selfClosing: end![1] === '/' };
    }
  }
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function childElements(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((child) => child.name === name) : [];
}

export function childElement(
  element: XmlElement | undefined,
  name: string,
): XmlElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** Text of the first child called `name`, or null when absent or empty. */
export function childText(element: XmlElement | undefined, name: string): string | null {
  return childElement(element, name)?.text || null;
}
