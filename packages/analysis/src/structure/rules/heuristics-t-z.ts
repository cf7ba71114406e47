/* eslint-disable no-useless-escape -- Linguist's patterns are kept as written, escapes included */
/**
 * Extensions .t* to .z* of GitHub Linguist's heuristics, ported from github-linguist/linguist
 * lib/linguist/heuristics.yml (Ruby regexps converted to JavaScript as ../heuristics.ts describes), in
 * Linguist's order, which is the order the rules are tried in.
 */
import type { Disambiguation } from './heuristic-types.js';

export const DISAMBIGUATIONS_T_Z: Disambiguation[] = [
  {
    extensions: ['.t'],
    rules: [
      { language: 'Perl', test: { and: [{ not: /^\s*use\s+v6\b/m }, 'perl'] } },
      { language: 'Raku', test: /^\s*(?:use\s+v6\b|\bmodule\b|\bmy\s+class\b)/m },
      { language: 'Turing', test: /^\s*%[ \t]+|^\s*var\s+\w+(\s*:\s*\w+)?\s*:=\s*\w+/m },
    ],
  },
  {
    extensions: ['.tact'],
    rules: [
      { language: 'JSON', test: /(?<![\s\S])\s*\{\"/m },
      { language: 'Tact', test: null },
    ],
  },
  {
    extensions: ['.tag'],
    rules: [
      {
        language: 'Java Server Pages',
        test: /<%[@!=\s]?\s*(taglib|tag|include|attribute|variable)\s/m,
      },
    ],
  },
  {
    extensions: ['.tl'],
    rules: [
      {
        language: 'Teal',
        test: { and: [/--.*/m, /\b(local|function|end|record|interface|enum)\b/m] },
      },
      { language: 'Type Language', test: null },
    ],
  },
  {
    extensions: ['.tlv'],
    rules: [{ language: 'TL-Verilog', test: /^\\.{0,10}TLV_version/m }],
  },
  {
    extensions: ['.toc'],
    rules: [
      { language: 'World of Warcraft Addon Data', test: /^## |@no-lib-strip@/m },
      { language: 'TeX', test: /^\\(contentsline|defcounter|beamer|boolfalse)/m },
    ],
  },
  {
    extensions: ['.tpl'],
    rules: [
      { language: 'Go Template', test: /\{\{-?\s*(\`?\"\\?\"?|\/\*\s|\w*)\b/m },
      { language: 'Smarty', test: /(?<!\{)\{(\*\s|\$|\/)?\w*\b/m },
    ],
  },
  {
    extensions: ['.ts'],
    rules: [
      { language: 'XML', test: /<TS\b/m },
      { language: 'TypeScript', test: null },
    ],
  },
  {
    extensions: ['.tsp'],
    rules: [
      {
        language: 'TypeSpec',
        test: /^(import|using|namespace|interface|op|model|scalar|alias|union|enum)\s/m,
      },
      {
        language: 'TSPLIB data',
        test: /^(NAME|TYPE|DIMENSION|EDGE_WEIGHT_TYPE|EDGE_WEIGHT_FORMAT)\s*:/m,
      },
    ],
  },
  {
    extensions: ['.tst'],
    rules: [
      { language: 'GAP', test: /gap> /m },
      { language: 'Scilab', test: null },
    ],
  },
  {
    extensions: ['.tsx'],
    rules: [
      { language: 'XML', test: /(?:^\s*<\?xml\s+version)/im },
      { language: 'TSX', test: null },
    ],
  },
  {
    extensions: ['.txt'],
    rules: [
      {
        language: 'Vim Help File',
        test: /(?:(?:^|[ \t])(?:vi|Vi(?=m))(?:m[<=>]?[0-9]+|m)?|[ \t]ex)(?=:(?=[ \t]*set?[ \t][^\r\n:]+:)|:(?![ \t]*set?[ \t]))(?:(?:[ \t]*:[ \t]*|[ \t])\w*(?:[ \t]*=(?:[^\\\s]|\\.)*)?)*[ \t:](?:filetype|ft|syntax)[ \t]*=(help)(?=$|\s|:)/m,
      },
      {
        language: 'Hosts File',
        test: /^(?:(?!\.)(?:\.?(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\b){4})(?:\/(3[0-2]|[12]?\d)\b)?(?:[ \t]+\w[-\w]*(?:\.\w[-\w]*)*(?<!-)\b)*(?:$|\s)/im,
      },
      {
        language: 'Adblock Filter List',
        test: /(?<![\s\S])\[(?:(?:[Aa]d[Bb]lock(?:[ \t][Pp]lus)?|u[Bb]lock(?:[ \t][Oo]rigin)?|[Aa]d[Gg]uard)(?:[ \t] \d+(?:\.\d+)*)?)(?:[ \t]?;[ \t]?(?:(?:[Aa]d[Bb]lock(?:[ \t][Pp]lus)?|u[Bb]lock(?:[ \t][Oo]rigin)?|[Aa]d[Gg]uard)(?:[ \t] \d+(?:\.\d+)*)?))*\]/m,
      },
      { language: 'Text', test: null },
    ],
  },
  {
    extensions: ['.typ'],
    rules: [
      { language: 'Typst', test: /^#(import|show|let|set)/m },
      { language: 'XML', test: null },
    ],
  },
  {
    extensions: ['.url'],
    rules: [
      {
        language: 'INI',
        test: /^\[InternetShortcut\](?:\r?\n|\r)([^\s\[][^\r\n]*(?:\r?\n|\r)){0,20}URL=/m,
      },
    ],
  },
  {
    extensions: ['.v'],
    rules: [
      {
        language: 'Rocq Prover',
        test: /(?:^|\s)(?:Proof|Qed)\.(?:$|\s)|(?:^|\s)Require[ \t]+(Import|Export)\s/m,
      },
      {
        language: 'Verilog',
        test: /^[ \t]*module\s+[^\s()]+\s+\#?\(|^[ \t]*`(?:define|ifdef|ifndef|include|timescale)|^[ \t]*always[ \t]+@|^[ \t]*initial[ \t]+(begin|@)/m,
      },
      {
        language: 'V',
        test: /\$(?:if|else)[ \t]|^[ \t]*fn\s+[^\s()]+\(.*?\).*?\{|^[ \t]*for\s*\{/m,
      },
    ],
  },
  {
    extensions: ['.vba'],
    rules: [
      { language: 'Vim script', test: /^UseVimball/m },
      { language: 'VBA', test: null },
    ],
  },
  {
    extensions: ['.vcf'],
    rules: [
      { language: 'TSV', test: /(?<![\s\S])##fileformat=VCF/m },
      { language: 'vCard', test: /(?<![\s\S])BEGIN:VCARD/m },
    ],
  },
  {
    extensions: ['.w'],
    rules: [
      { language: 'OpenEdge ABL', test: /&ANALYZE-SUSPEND _UIB-CODE-BLOCK _CUSTOM _DEFINITIONS/m },
      { language: 'CWeb', test: /^@(<|\w+\.)/m },
    ],
  },
  {
    extensions: ['.x'],
    rules: [
      { language: 'DirectX 3D File', test: /^xof 030(2|3)(?:txt|bin|tzip|bzip)\b/m },
      { language: 'RPC', test: /\b(program|version)\s+\w+\s*\{|\bunion\s+\w+\s+switch\s*\(/m },
      { language: 'Logos', test: /^%(end|ctor|hook|group)\b/m },
      { language: 'Linker Script', test: /OUTPUT_ARCH\(|OUTPUT_FORMAT\(|SECTIONS/m },
    ],
  },
  {
    extensions: ['.yaml', '.yml'],
    rules: [
      { language: 'MiniYAML', test: /^\t+.*?[^\s:].*?:/m },
      { language: 'OASv2-yaml', test: /swagger:\s?'?"?2.[0-9.]+'?"?/m },
      { language: 'OASv3-yaml', test: /openapi:\s?'?"?3.[0-9.]+'?"?/m },
      { language: 'YAML', test: null },
    ],
  },
  {
    extensions: ['.yy'],
    rules: [
      { language: 'JSON', test: 'json' },
      { language: 'Yacc', test: null },
    ],
  },
];
