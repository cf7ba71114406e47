import { LICENSE_FINGERPRINTS } from './fingerprints.js';

/**
 * A variant matches only when every one of its phrases is in the text. A text that shares most of
 * a license's wording is not that license: curl's own license has two of ISC's three phrases and
 * once was named ISC, while GitHub (licensee, which needs the whole text) calls it "Other".
 */
export const MIN_CONFIDENCE = 1;

/**
 * Text reduced to what identifies a license: lower case, British "licence" spelled "license",
 * typographic quotes and every run of punctuation or white space folded to one space. Quoting,
 * wrapping, comment markers and numbering then no longer matter.
 */
export function normaliseLicenseText(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/licen[cs]e/g, 'license')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

const COMPILED = LICENSE_FINGERPRINTS.map((fingerprint) => ({
  id: fingerprint.id,
  variants: fingerprint.variants.map((phrases) => phrases.map(normaliseLicenseText)),
  excludes: (fingerprint.excludes ?? []).map(normaliseLicenseText),
}));

export interface LicenseMatch {
  spdxId: string | null;
  confidence: number;
  method: 'fingerprint' | 'spdx-identifier' | 'none';
}

const SPDX_TAG =
  /SPDX-License-Identifier:\s*([A-Za-z0-9.+-]+(?:\s+(?:OR|AND|WITH)\s+[A-Za-z0-9.+-]+)*)/;

/**
 * The license a LICENSE file's text states: an explicit `SPDX-License-Identifier:` tag wins;
 * otherwise the license one of whose variants has all its phrases in the text (MIN_CONFIDENCE),
 * none of its exclusion phrases occurring. A text in which two different licenses match (the MCP
 * TypeScript SDK's LICENSE holds a transition notice, then the Apache-2.0 and MIT texts) states
 * no single license, so it is named as none, as GitHub names it "Other".
 */
export function identifyLicense(text: string): LicenseMatch {
  const tag = SPDX_TAG.exec(text);
  if (tag) return { spdxId: tag[1]!, confidence: 1, method: 'spdx-identifier' };
  const normalised = normaliseLicenseText(text);
  const matched = COMPILED.filter(
    (fingerprint) =>
      !fingerprint.excludes.some((phrase) => normalised.includes(phrase)) &&
      fingerprint.variants.some(
        (phrases) =>
          phrases.filter((phrase) => normalised.includes(phrase)).length / phrases.length >=
          MIN_CONFIDENCE,
      ),
  );
  if (matched.length !== 1) return { spdxId: null, confidence: 0, method: 'none' };
  return { spdxId: matched[0]!.id, confidence: 1, method: 'fingerprint' };
}

/** Ids this analysis knows, in canonical spelling, looked up case-insensitively. */
const KNOWN_IDS = new Map(
  [
    ...LICENSE_FINGERPRINTS.map((fingerprint) => fingerprint.id),
    '0BSD',
    'MIT-0',
    'Python-2.0',
    'Artistic-2.0',
    'EPL-1.0',
    'MPL-1.1',
    'LGPL-2.0',
    'AGPL-1.0',
    'WTFPL',
    'BlueOak-1.0.0',
    'CC-BY-4.0',
    'CC-BY-SA-4.0',
    'OFL-1.1',
    'PostgreSQL',
    'Ruby',
  ].map((id) => [id.toLowerCase(), id]),
);

/** License names as manifests write them (Maven, PyPI classifiers, old npm) → SPDX id. */
const NAMED: Array<[RegExp, string]> = [
  [/affero/i, 'AGPL-3.0'],
  [/lesser.*(v|version)?\s*3|lgpl-?v?3/i, 'LGPL-3.0'],
  [/lesser.*2\.1|lgpl-?v?2\.1/i, 'LGPL-2.1'],
  [/general public license.*(v|version)\s*3|gplv?3/i, 'GPL-3.0'],
  [/general public license.*(v|version)\s*2|gplv?2/i, 'GPL-2.0'],
  [/apache.*2/i, 'Apache-2.0'],
  [/^(the )?mit( license)?$|^expat$/i, 'MIT'],
  [/^isc( license)?$/i, 'ISC'],
  [/bsd.*(3|three|new|revised)/i, 'BSD-3-Clause'],
  [/bsd.*(2|two|simplified|freebsd)/i, 'BSD-2-Clause'],
  [/mozilla.*2/i, 'MPL-2.0'],
  [/eclipse.*2/i, 'EPL-2.0'],
  [/boost/i, 'BSL-1.0'],
  [/^zlib/i, 'Zlib'],
  [/unlicense/i, 'Unlicense'],
  [/cc0/i, 'CC0-1.0'],
];

/** `GPL-3.0-only`, `GPL-3.0-or-later` and `GPL-3.0+` all compare as `GPL-3.0`. */
export function canonicalId(id: string): string {
  const base = id.replace(/(-only|-or-later|\+)$/i, '');
  return KNOWN_IDS.get(base.toLowerCase()) ?? base;
}

/**
 * The SPDX ids a manifest's license field names: an SPDX expression ("MIT OR Apache-2.0",
 * "(MIT AND Zlib)", Cargo's old "MIT/Apache-2.0"), a known id, or a common license name. Values
 * that state no license (UNLICENSED, "SEE LICENSE IN ...", proprietary) name none.
 */
export function declaredIds(value: string): string[] {
  if (/^(unlicensed|proprietary|see licen[cs]e in\b)/i.test(value.trim())) return [];
  const ids = new Set<string>();
  const tokens = value
    .replace(/[()]/g, ' ')
    .replace(/\s+WITH\s+[\w.+-]+/gi, '')
    .split(/\s+(?:OR|AND)\s+|\s*\/\s*/i)
    .map((token) => token.trim())
    .filter(Boolean);
  for (const token of tokens) {
    const base = token.replace(/(-only|-or-later|\+)$/i, '');
    const known = KNOWN_IDS.get(base.toLowerCase());
    if (known) ids.add(token.length > base.length ? `${known}${token.slice(base.length)}` : known);
    else {
      const named = NAMED.find(([pattern]) => pattern.test(token));
      if (named) ids.add(named[1]);
    }
  }
  return [...ids];
}

/** Whether `value` is written in SPDX ids this analysis knows ("MIT OR Apache-2.0"), not prose. */
export function isSpdxExpression(value: string): boolean {
  // `WITH <exception>` qualifies the id before it; the exception is not a license.
  const words = value
    .replace(/\s+WITH\s+\S+/g, '')
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return (
    words.length % 2 === 1 &&
    words.every((word, i) =>
      i % 2 === 1
        ? word === 'OR' || word === 'AND'
        : KNOWN_IDS.has(word.replace(/(-only|-or-later|\+)$/i, '').toLowerCase()),
    )
  );
}
