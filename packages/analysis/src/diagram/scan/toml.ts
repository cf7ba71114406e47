/**
 * Just enough TOML for Cargo.toml and pyproject.toml: section bodies, string values, string arrays
 * and the keys of a table. Comments are dropped line by line; anything fancier is ignored rather
 * than misread.
 */
export function tomlSection(text: string, name: string): string | null {
  const lines = text.split(/\r?\n/);
  const header = `[${name}]`;
  let out: string[] | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      if (out) break;
      if (line.replace(/\s+/g, '') === header.replace(/\s+/g, '')) out = [];
      continue;
    }
    if (out) out.push(stripComment(raw));
  }
  return out ? out.join('\n') : null;
}

/** Every `[header]` of the file, in order (table headers and array-of-table headers alike). */
export function tomlHeaders(text: string): string[] {
  return [...text.matchAll(/^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/gm)].map((m) => m[1]!);
}

export function tomlString(section: string, key: string): string | null {
  const m = new RegExp(`^\\s*${escapeKey(key)}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'm').exec(section);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

export function tomlArray(section: string, key: string): string[] {
  const m = new RegExp(`^\\s*${escapeKey(key)}\\s*=\\s*\\[([\\s\\S]*?)\\]`, 'm').exec(section);
  if (!m) return [];
  return [...m[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((s) => s[1] ?? s[2] ?? '');
}

/** Keys assigned directly in a section (`name = ...` or `name.workspace = true`). */
export function tomlKeys(section: string): string[] {
  return [...section.matchAll(/^\s*"?([A-Za-z0-9_.-]+?)"?\s*(?:\.[A-Za-z]+\s*)?=/gm)].map(
    (m) => m[1]!,
  );
}

function stripComment(line: string): string {
  // A '#' inside a quoted value is kept; good enough for manifests.
  let quote: string | null = null;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, k);
  }
  return line;
}

function escapeKey(key: string): string {
  return key.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}
