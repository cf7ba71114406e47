/**
 * A small matcher for the common licenses, enough to tell whether a README's license section agrees
 * with the LICENSE file: the file is recognised by the phrases of the license texts, the README by
 * the names people write ("MIT", "Apache 2.0", "GPLv3", "MIT Lisansı"). A name without a version
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

/** Recognises a license text (the LICENSE file). Titles are looked for near the top only, because
 * the GPL text itself mentions the LGPL near its end. */
export function licenseOfText(text: string): LicenseName | null {
  const head = text.slice(0, 1500).replace(/\s+/g, ' ');
  const all = text.replace(/\s+/g, ' ');
  const gnu =
    /GNU (AFFERO |LESSER |LIBRARY )?GENERAL PUBLIC LICENSE,? Version (\d)(?:\.(\d))?/i.exec(head);
  if (gnu) {
    const kind = (gnu[1] ?? '').trim().toUpperCase();
    const family =
      kind === 'AFFERO' ? 'AGPL' : kind === 'LESSER' || kind === 'LIBRARY' ? 'LGPL' : 'GPL';
    return name(family, `${gnu[2]}.${gnu[3] ?? '0'}`);
  }
  if (/Apache License,? Version 2\.0/i.test(head)) return name('Apache', '2.0');
  if (/Mozilla Public License,? (?:Version|v\.?) ?2\.0/i.test(head)) return name('MPL', '2.0');
  if (/Eclipse Public License - v ?2\.0/i.test(head)) return name('EPL', '2.0');
  if (/Boost Software License - Version 1\.0/i.test(head)) return name('BSL', '1.0');
  if (/CC0 1\.0 Universal/i.test(head)) return name('CC0', '1.0');
  if (/This is free and unencumbered software released into the public domain/i.test(all))
    return name('Unlicense');
  if (/Permission is hereby granted, free of charge, to any person obtaining a copy/i.test(all))
    return name('MIT');
  if (/Redistribution and use in source and binary forms/i.test(all))
    return /Neither the name of|may not be used to endorse or promote/i.test(all)
      ? name('BSD', '3-Clause')
      : name('BSD', '2-Clause');
  if (
    /Permission to use, copy, modify, and\/or distribute this software for any purpose/i.test(all)
  )
    return /provided that the above copyright notice/i.test(all) ? name('ISC') : name('0BSD');
  if (/DO WHAT THE FUCK YOU WANT TO PUBLIC LICENSE/i.test(head)) return name('WTFPL');
  return null;
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
