/**
 * License names as READMEs write them ("MIT", "Apache 2.0", "GPLv3", "MIT Lisansı"), enough to tell
 * whether a README's license section agrees with the license file. A name without a version
 * ("GPL", "BSD") matches any version of its family.
 */
export interface LicenseName {
  /** SPDX-like id when the version is known ("GPL-3.0"), else the family ("GPL"). */
  id: string;
  family: string;
  version: string | null;
}

const name = (family: string, version: string | null = null): LicenseName => ({
  id: version ? `${family}-${version}` : family,
  family,
  version,
});

/**
 * The README-side name of a license file's SPDX id (identified by the one license-text
 * recogniser, composition/license/identify.ts): `GPL-3.0-or-later` is GPL 3.0, `BSD-3-Clause` is
 * BSD 3-Clause, `MIT` has no version.
 */
export function licenseNameOfSpdx(spdxId: string): LicenseName {
  const base = spdxId.replace(/(?:-only|-or-later|\+)$/i, '');
  const versioned = /^([A-Za-z]+)-(\d(?:\.\d)?(?:-Clause)?)$/.exec(base);
  return versioned ? name(versioned[1]!, versioned[2]!) : name(base);
}

const README_PATTERNS: Array<[RegExp, (match: RegExpExecArray) => LicenseName]> = [
  [/\bA(?:GPL|ffero (?:General )?Public License)[ -]?v?(\d)?/i, (m) => name('AGPL', version(m[1]))],
  [
    /\bL(?:GPL|esser General Public License)[ -]?v?(\d(?:\.\d)?)?/i,
    (m) => name('LGPL', version(m[1], 'LGPL')),
  ],
  [
    /\b(?:GPL|GNU General Public License)[ -]?(?:v|version )?(\d(?:\.\d)?)?/i,
    (m) => name('GPL', version(m[1])),
  ],
  [
    /\bApache(?:[ -]License)?,?[ -]?(?:v|version )?(2(?:\.0)?)?\b/i,
    (m) => name('Apache', m[1] ? '2.0' : null),
  ],
  [/\bMPL[ -]?v?(2(?:\.0)?)?|Mozilla Public License/i, (m) => name('MPL', m[1] ? '2.0' : null)],
  [/\bEPL[ -]?v?(\d(?:\.0)?)?\b|Eclipse Public License/i, (m) => name('EPL', version(m[1]))],
  [/\bBSL-1\.0\b|Boost Software License/i, () => name('BSL', '1.0')],
  [/\bCC0\b/i, () => name('CC0', '1.0')],
  [/\bUnlicense\b/i, () => name('Unlicense')],
  [/\b0BSD\b|Zero[- ]Clause BSD/i, () => name('0BSD')],
  [/\bBSD[ -]?(2|3)[ -]?Clause|\b(2|3)-clause BSD/i, (m) => name('BSD', `${m[1] ?? m[2]}-Clause`)],
  [/\bBSD\b/, () => name('BSD')],
  [/\bISC\b/, () => name('ISC')],
  [/\bMIT\b/, () => name('MIT')],
  [/\bWTFPL\b/i, () => name('WTFPL')],
];

function version(raw: string | undefined, family?: string): string | null {
  if (!raw) return null;
  if (raw.includes('.')) return raw;
  // "LGPLv2" may mean 2.0 or 2.1: leave it to the family.
  return family === 'LGPL' && raw === '2' ? null : `${raw}.0`;
}

/** Every license a README passage names, in order of appearance, without repeats. */
export function licensesNamedIn(text: string): LicenseName[] {
  const found: Array<{ at: number; license: LicenseName }> = [];
  let rest = text;
  // Longer names first; each match is blanked so "LGPL" is not read again as "GPL".
  for (const [pattern, build] of README_PATTERNS) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    rest = rest.replace(global, (...args) => {
      const match = args.slice(0, -2) as unknown as RegExpExecArray;
      const at = args.at(-2) as number;
      found.push({ at, license: build(match) });
      return ' '.repeat(String(args[0]).length);
    });
  }
  const unique = new Map<string, LicenseName>();
  for (const { license } of found.sort((a, b) => a.at - b.at))
    if (!unique.has(license.id)) unique.set(license.id, license);
  return [...unique.values()];
}

export function sameLicense(a: LicenseName, b: LicenseName): boolean {
  return (
    a.family === b.family && (a.version === null || b.version === null || a.version === b.version)
  );
}
