import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalId, declaredIds, identifyLicense, isSpdxExpression } from './identify.js';

/** Real license texts (full, or their opening and distinctive sections), one file per SPDX id. */
const fixture = (id: string) =>
  readFileSync(new URL(`./fixtures/${id}.txt`, import.meta.url), 'utf8');

const IDS = [
  'MIT',
  'Apache-2.0',
  'GPL-2.0',
  'GPL-3.0',
  'LGPL-2.1',
  'LGPL-3.0',
  'AGPL-3.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'MPL-2.0',
  'ISC',
  'Unlicense',
  'CC0-1.0',
  'EPL-2.0',
  'BSL-1.0',
  'Zlib',
];

describe('identifyLicense', () => {
  it.each(IDS)('identifies %s from its text', (id) => {
    expect(identifyLicense(fixture(id))).toEqual({
      spdxId: id,
      confidence: 1,
      method: 'fingerprint',
    });
  });

  it('is not misled by rewrapping, comment markers, British spelling or typographic quotes', () => {
    const wrapped = fixture('MIT')
      .replace(/"/g, '“')
      .replace(/license/gi, 'licence')
      .split(/\s+/)
      .join('\n * ');
    expect(identifyLicense(wrapped).spdxId).toBe('MIT');
  });

  it('identifies the standard notices projects paste instead of the full text', () => {
    expect(
      identifyLicense(`Copyright 2024 Acme
Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at
    http://www.apache.org/licenses/LICENSE-2.0`).spdxId,
    ).toBe('Apache-2.0');
    expect(
      identifyLicense(`This program is free software: you can redistribute it and/or modify
it under the terms of the GNU General Public License as published by
the Free Software Foundation, either version 3 of the License, or
(at your option) any later version.`).spdxId,
    ).toBe('GPL-3.0');
    expect(
      identifyLicense(`This Source Code Form is subject to the terms of the Mozilla Public
License, v. 2.0. If a copy of the MPL was not distributed with this
file, You can obtain one at https://mozilla.org/MPL/2.0/.`).spdxId,
    ).toBe('MPL-2.0');
  });

  it('keeps close relatives apart', () => {
    // The GPL-3.0 text names the Lesser and Affero GPLs; a file holding both GPL and LGPL is LGPL.
    expect(identifyLicense(fixture('GPL-3.0')).spdxId).toBe('GPL-3.0');
    expect(identifyLicense(fixture('LGPL-3.0') + fixture('GPL-3.0')).spdxId).toBe('LGPL-3.0');
    expect(identifyLicense(fixture('BSD-2-Clause')).spdxId).toBe('BSD-2-Clause');
    expect(identifyLicense(fixture('BSD-3-Clause')).spdxId).toBe('BSD-3-Clause');
  });

  it('prefers an SPDX tag and reports unknown text as unknown', () => {
    expect(identifyLicense('SPDX-License-Identifier: MIT OR Apache-2.0\n')).toEqual({
      spdxId: 'MIT OR Apache-2.0',
      confidence: 1,
      method: 'spdx-identifier',
    });
    expect(identifyLicense('All rights reserved. Do not copy.')).toEqual({
      spdxId: null,
      confidence: 0,
      method: 'none',
    });
    // Half of the MIT phrases is not enough to call it MIT.
    const half = fixture('MIT').split('\n').slice(0, 8).join('\n');
    expect(identifyLicense(half).spdxId).toBeNull();
  });

  it('names no license for a text that only resembles one (GitHub: "Other")', () => {
    // An MIT text without its warranty paragraph has three of MIT's four phrases.
    const withoutWarranty = fixture('MIT').replace(/THE SOFTWARE IS PROVIDED[\s\S]*/, '');
    expect(identifyLicense(withoutWarranty)).toEqual({
      spdxId: null,
      confidence: 0,
      method: 'none',
    });
    // curl's COPYING (curl/curl at 5c61e16) shares ISC's grant and notice but not its disclaimer.
    expect(identifyLicense(fixture('curl'))).toEqual({
      spdxId: null,
      confidence: 0,
      method: 'none',
    });
  });

  it('names no single license for a text stating several', () => {
    // modelcontextprotocol/typescript-sdk at 3924de9: a transition notice, then Apache-2.0 and MIT.
    expect(identifyLicense(fixture('mcp-typescript-sdk')).spdxId).toBeNull();
    expect(identifyLicense(`${fixture('MIT')}\n---\n${fixture('Apache-2.0')}`).spdxId).toBeNull();
  });

  it("names a real project's MIT text with its own copyright line as MIT", () => {
    // fmtlib/fmt at 60ccad5 (its exception moved to doc/LICENSE-exception).
    expect(identifyLicense(fixture('fmt'))).toEqual({
      spdxId: 'MIT',
      confidence: 1,
      method: 'fingerprint',
    });
  });
});

describe('declared licenses', () => {
  it('reads SPDX expressions, old forms and common names', () => {
    expect(declaredIds('MIT')).toEqual(['MIT']);
    expect(declaredIds('(MIT OR Apache-2.0)')).toEqual(['MIT', 'Apache-2.0']);
    expect(declaredIds('MIT/Apache-2.0')).toEqual(['MIT', 'Apache-2.0']);
    expect(declaredIds('Apache-2.0 WITH LLVM-exception')).toEqual(['Apache-2.0']);
    expect(declaredIds('gpl-3.0-or-later')).toEqual(['GPL-3.0-or-later']);
    expect(declaredIds('The Apache Software License, Version 2.0')).toEqual(['Apache-2.0']);
    expect(declaredIds('GNU Lesser General Public License v3 (LGPLv3)')).toEqual(['LGPL-3.0']);
    expect(declaredIds('UNLICENSED')).toEqual([]);
    expect(declaredIds('SEE LICENSE IN LICENSE.txt')).toEqual([]);
  });

  it('compares -only, -or-later and + as the same license', () => {
    expect(canonicalId('GPL-3.0-or-later')).toBe('GPL-3.0');
    expect(canonicalId('LGPL-2.1+')).toBe('LGPL-2.1');
    expect(canonicalId('mit')).toBe('MIT');
  });

  it('tells SPDX expressions from prose', () => {
    expect(isSpdxExpression('MIT OR Apache-2.0')).toBe(true);
    expect(isSpdxExpression('(Apache-2.0 WITH LLVM-exception) AND MIT')).toBe(true);
    expect(isSpdxExpression('Apache License 2.0')).toBe(false);
    expect(isSpdxExpression('MIT OR')).toBe(false);
  });
});
