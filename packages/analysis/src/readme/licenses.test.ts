import { describe, expect, it } from 'vitest';
import { APACHE_LICENSE, MIT_LICENSE } from './fixtures/readme-fixtures.js';
import { licenseOfText, licensesNamedIn, sameLicense } from './licenses.js';
import { analyzeIn, checkOf } from './test-repo.js';

const GPL3 = `                    GNU GENERAL PUBLIC LICENSE
                       Version 3, 29 June 2007
 Copyright (C) 2007 Free Software Foundation, Inc. <https://fsf.org/>
...
  The GNU General Public License does not permit incorporating your program into proprietary
programs. If this is what you want to do, use the GNU Lesser General Public License instead.`;

const BSD3 = `BSD 3-Clause License
Redistribution and use in source and binary forms, with or without modification, are permitted
3. Neither the name of the copyright holder nor the names of its contributors may be used`;

describe('license matching', () => {
  it('recognises license files by their text', () => {
    expect(licenseOfText(MIT_LICENSE)?.id).toBe('MIT');
    expect(licenseOfText(APACHE_LICENSE)?.id).toBe('Apache-2.0');
    expect(licenseOfText(GPL3)?.id).toBe('GPL-3.0');
    expect(
      licenseOfText('GNU LESSER GENERAL PUBLIC LICENSE\n Version 2.1, February 1999')?.id,
    ).toBe('LGPL-2.1');
    expect(
      licenseOfText('GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3, 19 November 2007')?.id,
    ).toBe('AGPL-3.0');
    expect(licenseOfText(BSD3)?.id).toBe('BSD-3-Clause');
    expect(
      licenseOfText('Redistribution and use in source and binary forms, with or without')?.id,
    ).toBe('BSD-2-Clause');
    expect(licenseOfText('Mozilla Public License Version 2.0\n====')?.id).toBe('MPL-2.0');
    expect(
      licenseOfText('This is free and unencumbered software released into the public domain.')?.id,
    ).toBe('Unlicense');
    expect(
      licenseOfText(
        'Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted, provided that the above copyright notice',
      )?.id,
    ).toBe('ISC');
    expect(licenseOfText('All rights reserved. Proprietary.')).toBeNull();
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
    expect(sameLicense(gpl!, licenseOfText(GPL3)!)).toBe(true);
    expect(sameLicense(gpl2!, licenseOfText(GPL3)!)).toBe(false);
  });
});

describe('license check', () => {
  const readme = (section: string) => `# P\n\n## License\n\n${section}\n`;

  it('passes when the section names the license of the LICENSE file', async () => {
    const result = await analyzeIn(readme('Apache 2.0'), { LICENSE: APACHE_LICENSE });
    expect(checkOf(result, 'license')).toMatchObject({
      status: 'passed',
      evidence: [
        { text: 'License', line: 3 },
        { text: 'README names Apache-2.0', line: null },
        { text: 'LICENSE: Apache-2.0', line: null },
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
      detail: 'README names MIT but LICENSE.txt is GPL-3.0',
    });
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

  it('fails with addLicenseFile without a root license file, and addLicense without a section', async () => {
    const noFile = await analyzeIn(readme('MIT'), { 'docs/LICENSE': MIT_LICENSE });
    expect(checkOf(noFile, 'license').suggestionKey).toBe('readme.suggestion.addLicenseFile');
    const noSection = await analyzeIn('# P\n\nMIT licensed.\n', { LICENSE: MIT_LICENSE });
    expect(checkOf(noSection, 'license').suggestionKey).toBe('readme.suggestion.addLicense');
  });
});
