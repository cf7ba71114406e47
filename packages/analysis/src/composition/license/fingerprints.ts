/**
 * Compact fingerprints of common licenses: for each, one or more variants (the full text, the
 * short notice projects paste into a LICENSE file), each a list of phrases that text always
 * contains, and phrases that rule the license out (BSD-2-Clause never has BSD-3-Clause's
 * endorsement clause; a GPL-3.0 file that also holds the LGPL-3.0 header is LGPL-3.0). Phrases are
 * written as in the license and compared after the same normalisation as the file (lower case,
 * punctuation and spacing folded), so quoting and line wrapping do not matter.
 *
 * The phrases come from the license texts published by SPDX / the license stewards.
 */
export interface LicenseFingerprint {
  id: string;
  variants: string[][];
  excludes?: string[];
}

export const LICENSE_FINGERPRINTS: LicenseFingerprint[] = [
  {
    id: 'MIT',
    variants: [
      [
        'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files',
        'to deal in the Software without restriction',
        'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software',
        'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND',
      ],
    ],
  },
  {
    id: 'ISC',
    variants: [
      [
        'Permission to use, copy, modify, and/or distribute this software for any purpose with or without fee is hereby granted',
        'provided that the above copyright notice and this permission notice appear in all copies',
        'THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES',
      ],
      [
        'Permission to use, copy, modify, and distribute this software for any purpose with or without fee is hereby granted',
        'provided that the above copyright notice and this permission notice appear in all copies',
        'THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES',
      ],
    ],
  },
  {
    id: 'BSD-2-Clause',
    variants: [
      [
        'Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met',
        'Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer',
        'Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution',
        'ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED',
      ],
    ],
    excludes: [
      'to endorse or promote products derived from this software',
      'All advertising materials mentioning features',
    ],
  },
  {
    id: 'BSD-3-Clause',
    variants: [
      [
        'Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met',
        'Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer',
        'Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution',
        'may be used to endorse or promote products derived from this software without specific prior written permission',
        'ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED',
      ],
    ],
    excludes: ['All advertising materials mentioning features'],
  },
  {
    id: 'Apache-2.0',
    variants: [
      [
        'Apache License Version 2.0, January 2004',
        'TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION',
        'each Contributor hereby grants to You a perpetual, worldwide, non-exclusive, no-charge, royalty-free, irrevocable copyright license',
        'You must give any other recipients of the Work or Derivative Works a copy of this License',
      ],
      [
        'Licensed under the Apache License, Version 2.0 (the "License")',
        'you may not use this file except in compliance with the License',
        'www.apache.org/licenses/LICENSE-2.0',
      ],
    ],
  },
  {
    id: 'GPL-2.0',
    variants: [
      [
        'GNU GENERAL PUBLIC LICENSE Version 2, June 1991',
        'The licenses for most software are designed to take away your freedom to share and change it',
        "This General Public License applies to most of the Free Software Foundation's software",
      ],
      [
        'under the terms of the GNU General Public License as published by the Free Software Foundation; either version 2 of the License',
      ],
    ],
    excludes: [
      'GNU LESSER GENERAL PUBLIC LICENSE Version 2.1, February 1999',
      'GNU LIBRARY GENERAL PUBLIC LICENSE Version 2, June 1991',
    ],
  },
  {
    id: 'GPL-3.0',
    variants: [
      [
        'GNU GENERAL PUBLIC LICENSE Version 3, 29 June 2007',
        'The GNU General Public License is a free, copyleft license for software and other kinds of works',
        '"This License" refers to version 3 of the GNU General Public License',
      ],
      [
        'is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License',
      ],
    ],
    excludes: [
      'GNU LESSER GENERAL PUBLIC LICENSE Version 3, 29 June 2007',
      'GNU AFFERO GENERAL PUBLIC LICENSE Version 3, 19 November 2007',
    ],
  },
  {
    id: 'LGPL-2.1',
    variants: [
      [
        'GNU LESSER GENERAL PUBLIC LICENSE Version 2.1, February 1999',
        'This license, the Lesser General Public License, applies to some specially designated software packages',
      ],
      [
        'under the terms of the GNU Lesser General Public License as published by the Free Software Foundation; either version 2.1 of the License',
      ],
    ],
  },
  {
    id: 'LGPL-3.0',
    variants: [
      [
        'GNU LESSER GENERAL PUBLIC LICENSE Version 3, 29 June 2007',
        'This version of the GNU Lesser General Public License incorporates the terms and conditions of version 3 of the GNU General Public License, supplemented by the additional permissions listed below',
      ],
      [
        'under the terms of the GNU Lesser General Public License as published by the Free Software Foundation, either version 3 of the License',
      ],
    ],
  },
  {
    id: 'AGPL-3.0',
    variants: [
      [
        'GNU AFFERO GENERAL PUBLIC LICENSE Version 3, 19 November 2007',
        'The GNU Affero General Public License is a free, copyleft license for software and other kinds of works',
        'Remote Network Interaction',
      ],
      [
        'under the terms of the GNU Affero General Public License as published by the Free Software Foundation, either version 3 of the License',
      ],
    ],
  },
  {
    id: 'MPL-2.0',
    variants: [
      [
        'Mozilla Public License Version 2.0',
        '"Contributor" means each individual or legal entity that creates, contributes to the creation of, or owns Covered Software',
        '"Covered Software" means',
      ],
      [
        'This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0',
        'If a copy of the MPL was not distributed with this file, You can obtain one at',
      ],
    ],
  },
  {
    id: 'CC0-1.0',
    variants: [
      [
        'CC0 1.0 Universal',
        'CREATIVE COMMONS CORPORATION IS NOT A LAW FIRM AND DOES NOT PROVIDE LEGAL SERVICES',
        'for the purpose of contributing to a commons of creative, cultural and scientific works',
      ],
      [
        'To the extent possible under law',
        'has waived all copyright and related or neighboring rights to',
      ],
    ],
  },
  {
    id: 'Unlicense',
    variants: [
      [
        'This is free and unencumbered software released into the public domain',
        'Anyone is free to copy, modify, publish, use, compile, sell, or distribute this software',
        'the author or authors of this software dedicate any and all copyright interest in the software to the public domain',
      ],
    ],
  },
  {
    id: 'EPL-2.0',
    variants: [
      [
        'Eclipse Public License - v 2.0',
        'THE ACCOMPANYING PROGRAM IS PROVIDED UNDER THE TERMS OF THIS ECLIPSE PUBLIC LICENSE ("AGREEMENT")',
        '"Secondary License" means either the GNU General Public License, Version 2.0',
      ],
      [
        'This program and the accompanying materials are made available under the terms of the Eclipse Public License 2.0',
      ],
    ],
    excludes: ['Eclipse Public License - v 1.0'],
  },
  {
    id: 'BSL-1.0',
    variants: [
      [
        'Boost Software License - Version 1.0 - August 17th, 2003',
        'Permission is hereby granted, free of charge, to any person or organization obtaining a copy of the software and accompanying documentation covered by this license',
        'The copyright notices in the Software and this entire statement, including the above license grant, this restriction and the following disclaimer, must be included in all copies of the Software',
      ],
      ['Distributed under the Boost Software License, Version 1.0'],
    ],
  },
  {
    id: 'Zlib',
    variants: [
      [
        "This software is provided 'as-is', without any express or implied warranty. In no event will the authors be held liable for any damages arising from the use of this software",
        'Permission is granted to anyone to use this software for any purpose, including commercial applications, and to alter it and redistribute it freely, subject to the following restrictions',
        'The origin of this software must not be misrepresented',
        'Altered source versions must be plainly marked as such, and must not be misrepresented as being the original software',
      ],
    ],
  },
];
