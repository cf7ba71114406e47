import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APACHE_LICENSE, MIT_LICENSE } from './fixtures/readme-fixtures.js';
import { licenseNameOfSpdx, licensesNamedIn, sameLicense } from './licenses.js';
import { analyzeIn, checkOf } from './test-repo.js';

const licenseText = (id: string) =>
  readFileSync(new URL(`../composition/license/fixtures/${id}.txt`, import.meta.url), 'utf8');
const GPL3 = licenseText('GPL-3.0');

describe('license names', () => {
  it('names a license file by its SPDX id, the way READMEs compare them', () => {
    expect(licenseNameOfSpdx('MIT')).toEqual({ id: 'MIT', family: 'MIT', version: null });
    expect(licenseNameOfSpdx('GPL-3.0-or-later')).toEqual({
      id: 'GPL-3.0',
      family: 'GPL',
      version: '3.0',
    });
    expect(licenseNameOfSpdx('BSD-3-Clause').id).toBe('BSD-3-Clause');
    expect(licenseNameOfSpdx('Apache-2.0')).toMatchObject({ family: 'Apache', version: '2.0' });
  });

  it('reads the names people write in READMEs, English or Turkish', () => {
    const ids = (text: string) => licensesNamedIn(text).map((license) => license.id);
    expect(ids('This project is MIT licensed.')).toEqual(['MIT']);
    expect(ids('MIT Lisansı ile lisanslanmıştır.')).toEqual(['MIT']);
    expect(ids('Licensed under the Apache License, Version 2.0')).toEqual(['Apache-2.0']);
    expect(ids('Dual licensed: MIT OR Apache-2.0')).toEqual(['MIT', 'Apache-2.0']);
    expect(ids('GPLv3 or later')).toEqual(['GPL-3.0']);
    expect(ids('GNU Lesser General Public License v2.1')).toEqual(['LGPL-2.1']);
    expect(ids('AGPL-3.0-only')).toEqual(['AGPL-3.0']);
    expect(ids('BSD 3-Clause')).toEqual(['BSD-3-Clause']);
    expect(ids('a BSD-style license')).toEqual(['BSD']);
    expect(ids('See the LICENSE file.')).toEqual([]);
    expect(ids('Damit ist es erlaubt')).toEqual([]);
  });

  it('compares versions only when both sides name one', () => {
    const [gpl] = licensesNamedIn('GPL');
    const [gpl2] = licensesNamedIn('GPLv2');
    expect(sameLicense(gpl!, licenseNameOfSpdx('GPL-3.0'))).toBe(true);
    expect(sameLicense(gpl2!, licenseNameOfSpdx('GPL-3.0-only'))).toBe(false);
  });
});

describe('license check', () => {
  const readme = (section: string) => `# P\n\n## License\n\n${section}\n`;

  it('passes when the section names the license of the LICENSE file', async () => {
    const result = await analyzeIn(readme('Apache 2.0'), { LICENSE: APACHE_LICENSE });
    expect(checkOf(result, 'license')).toMatchObject({
      status: 'passed',
      evidence: [
        { kind: 'quote', text: 'License', line: 3 },
        { kind: 'licenseNamed', license: 'Apache-2.0', line: null },
        { kind: 'licenseFile', path: 'LICENSE', license: 'Apache-2.0', line: null },
      ],
    });
  });

  it('fails with fixLicenseMismatch when they disagree', async () => {
    const result = await analyzeIn(readme('Released under the MIT license.'), {
      'LICENSE.txt': GPL3,
    });
    expect(checkOf(result, 'license')).toMatchObject({
      status: 'failed',
      suggestionKey: 'readme.suggestion.fixLicenseMismatch',
    });
    expect(checkOf(result, 'license').evidence).toEqual(
      expect.arrayContaining([
        { kind: 'licenseNamed', license: 'MIT', line: null },
        { kind: 'licenseFile', path: 'LICENSE.txt', license: 'GPL-3.0', line: null },
      ]),
    );
  });

  it('agrees when one of several license files matches, and when the section defers to the file', async () => {
    const dual = await analyzeIn(readme('MIT or Apache-2.0, at your option.'), {
      'LICENSE-MIT': MIT_LICENSE,
      'LICENSE-APACHE': APACHE_LICENSE,
    });
    expect(checkOf(dual, 'license').status).toBe('passed');
    const defers = await analyzeIn(readme('See [LICENSE](LICENSE).'), { LICENSE: MIT_LICENSE });
    expect(checkOf(defers, 'license').status).toBe('passed');
  });

  it('reads the license files GitHub reads: MIT-LICENSE (rails), COPYING, REUSE texts in LICENSES/', async () => {
    for (const name of ['MIT-LICENSE', 'COPYING.md', 'LICENSES/MIT.txt']) {
      const result = await analyzeIn(readme('MIT'), { [name]: MIT_LICENSE });
      expect(checkOf(result, 'license')).toMatchObject({
        status: 'passed',
        evidence: expect.arrayContaining([
          { kind: 'licenseNamed', license: 'MIT', line: null },
          { kind: 'licenseFile', path: name, license: 'MIT', line: null },
        ]),
      });
    }
  });

  it('fails with addLicenseFile without a root license file, and addLicense without a section', async () => {
    const noFile = await analyzeIn(readme('MIT'), { 'docs/LICENSE': MIT_LICENSE });
    expect(checkOf(noFile, 'license').suggestionKey).toBe('readme.suggestion.addLicenseFile');
    const noSection = await analyzeIn('# P\n\nMIT licensed.\n', { LICENSE: MIT_LICENSE });
    expect(checkOf(noSection, 'license').suggestionKey).toBe('readme.suggestion.addLicense');
  });
});
