/* eslint-disable no-useless-escape -- Linguist's patterns are kept as written, escapes included */
/**
 * Extensions .g* to .o* of GitHub Linguist's heuristics, ported from github-linguist/linguist
 * lib/linguist/heuristics.yml (Ruby regexps converted to JavaScript as ../heuristics.ts describes), in
 * Linguist's order, which is the order the rules are tried in.
 */
import type { Disambiguation } from './heuristic-types.js';

export const DISAMBIGUATIONS_G_O: Disambiguation[] = [
  {
    extensions: ['.g'],
    rules: [
      {
        language: 'GAP',
        test: /\s*(Declare|BindGlobal|KeyDependentOperation|Install(Method|GlobalFunction)|SetPackageInfo)/m,
      },
      { language: 'G-code', test: /^[MG][0-9]+(?:\r?\n|\r)/m },
    ],
  },
  {
    extensions: ['.gd'],
    rules: [
      { language: 'GAP', test: /\s*(Declare|BindGlobal|KeyDependentOperation)/m },
      {
        language: 'GDScript',
        test: /\s*(extends|var|const|enum|func|class|signal|tool|yield|assert|onready)/m,
      },
    ],
  },
  {
    extensions: ['.gml'],
    rules: [
      { language: 'XML', test: /(?:^\s*(<\?xml|xmlns))/im },
      { language: 'Graph Modeling Language', test: /(?:^\s*(graph|node)\s+\[$)/im },
      { language: 'Gerber Image', test: /^[DGMT][0-9]{2}\*$/m },
      { language: 'Game Maker Language', test: null },
    ],
  },
  {
    extensions: ['.gs'],
    rules: [
      { language: 'GLSL', test: /^#version\s+[0-9]+\b/m },
      { language: 'Gosu', test: /^uses (java|gw)\./m },
      { language: 'Genie', test: /^\[indent=[0-9]+\]/m },
    ],
  },
  {
    extensions: ['.gsc'],
    rules: [{ language: 'GSC', test: 'gsc' }],
  },
  {
    extensions: ['.gsh'],
    rules: [{ language: 'GSC', test: 'gsc' }],
  },
  {
    extensions: ['.gts'],
    rules: [
      { language: 'Gerber Image', test: /^G0./m },
      { language: 'Glimmer TS', test: { not: /^G0./m } },
    ],
  },
  {
    extensions: ['.h'],
    rules: [
      { language: 'Objective-C', test: 'objectivec' },
      { language: 'C++', test: 'cpp' },
      { language: 'C', test: null },
    ],
  },
  {
    extensions: ['.hh'],
    rules: [{ language: 'Hack', test: /<\?hh/m }],
  },
  {
    extensions: ['.html'],
    rules: [
      {
        language: 'Ecmarkup',
        test: /<emu-(?:alg|annex|biblio|clause|eqn|example|figure|gann|gmod|gprose|grammar|intro|not-ref|note|nt|prodref|production|rhs|table|t|xref)(?:$|\s|>)/m,
      },
      { language: 'HTML', test: null },
    ],
  },
  {
    extensions: ['.i'],
    rules: [
      { language: 'Motorola 68K Assembly', test: 'm68k' },
      { language: 'SWIG', test: /^[ \t]*%[a-z_]+\b|^%[{}]$/m },
      { language: 'Assembly', test: [/mov\s+[^\s]+,/im, /^\s+(i?)db\s+[a-z\d]/m] },
    ],
  },
  {
    extensions: ['.ice'],
    rules: [
      { language: 'JSON', test: 'json' },
      { language: 'Slice', test: null },
    ],
  },
  {
    extensions: ['.inc'],
    rules: [
      { language: 'Motorola 68K Assembly', test: 'm68k' },
      { language: 'PHP', test: /^<\?(?:php)?/m },
      {
        language: 'SourcePawn',
        test: [
          /^public\s+(?:SharedPlugin(?:\s+|:)__pl_\w+\s*=(?:\s*\{)?|(?:void\s+)?__pl_\w+_SetNTVOptional\(\)(?:\s*\{)?)/m,
          /^methodmap\s+\w+\s+<\s+\w+/m,
          /^\s*MarkNativeAsOptional\s*\(/m,
        ],
      },
      {
        language: 'NASL',
        test: [
          /^\s*include\s*\(\s*(?:"|')[\\\/\w\-\.:\s]+\.(?:nasl|inc)\s*(?:"|')\s*\)\s*;/m,
          /^\s*(?:global|local)_var\s+(?:\w+(?:\s*=\s*[\w\-"']+)?\s*)(?:,\s*\w+(?:\s*=\s*[\w\-"']+)?\s*)*\s*;/m,
          /^\s*namespace\s+\w+\s*\{/m,
          /^\s*object\s+\w+\s*(?:extends\s+\w+(?:::\w+)?)?\s*\{/m,
          /^\s*(?:public\s+|private\s+|\s*)function\s+\w+\s*\([\w\s,]*\)\s*\{/m,
        ],
      },
      { language: 'POV-Ray SDL', test: /^\s*#(declare|local|macro|while)\s/m },
      {
        language: 'Pascal',
        test: [/(?:^\s*\{\$(?:mode|ifdef|undef|define)[ ]+[a-z0-9_]+\})/im, /^\s*end[.;]\s*$/m],
      },
      { language: 'BitBake', test: /^inherit(\s+[\w.-]+)+\s*$/m },
      { language: 'Assembly', test: [/^[^"m]*mov\s+[^\s]+,/im, /^\s+db\s+[a-z\d]/im] },
    ],
  },
  {
    extensions: ['.json'],
    rules: [
      { language: 'OASv2-json', test: /"swagger":\s?"2.[0-9.]+"/m },
      { language: 'OASv3-json', test: /"openapi":\s?"3.[0-9.]+"/m },
      { language: 'JSON', test: null },
    ],
  },
  {
    extensions: ['.k'],
    rules: [
      { language: 'KCL', test: [/^schema [A-Za-z0-9_-]+/m, /^\}$/m, /\s*\}\s*/m] },
      {
        language: 'KFramework',
        test: [/^requires\s+"[^"]+"$/m, /^syntax\s+\w+\s+::=.*/m, /^endmodule$/m],
      },
    ],
  },
  {
    extensions: ['.l'],
    rules: [
      { language: 'Common Lisp', test: /\(def(un|macro)\s/m },
      { language: 'Lex', test: /^(%[%{}]xs|<.*>)/m },
      { language: 'Roff', test: /^\.[A-Za-z]{2}(\s|$)/m },
      { language: 'PicoLisp', test: /^\((de|class|rel|code|data|must)\s/m },
    ],
  },
  {
    extensions: ['.lean'],
    rules: [
      { language: 'Lean', test: /^import [a-z]/m },
      { language: 'Lean 4', test: /^import [A-Z]/m },
    ],
  },
  {
    extensions: ['.lp'],
    rules: [
      {
        language: 'Linear Programming',
        test: /^(?:minimize|minimum|min|maximize|maximum|max)(?:\s+multi-objectives)?$/im,
      },
      { language: 'Answer Set Programming', test: null },
    ],
  },
  {
    extensions: ['.ls'],
    rules: [
      { language: 'LoomScript', test: /^\s*package\s*[\w\.\/\*\s]*\s*\{/m },
      { language: 'LiveScript', test: null },
    ],
  },
  {
    extensions: ['.lsp', '.lisp'],
    rules: [
      { language: 'Common Lisp', test: /^\s*\((?:defun|in-package|defpackage) /im },
      { language: 'NewLisp', test: /^\s*\(define /m },
    ],
  },
  {
    extensions: ['.m'],
    rules: [
      { language: 'Objective-C', test: 'objectivec' },
      { language: 'Mercury', test: /:- module/m },
      { language: 'MUF', test: /^: /m },
      { language: 'M', test: /^\s*;/m },
      { language: 'Wolfram Language', test: { and: [/\(\*/m, /\*\)$/m] } },
      { language: 'MATLAB', test: /^\s*%/m },
      { language: 'Limbo', test: /^\w+\s*:\s*module\s*\{/m },
    ],
  },
  {
    extensions: ['.m4'],
    rules: [
      { language: 'M4Sugar', test: [/AC_DEFUN|AC_PREREQ|AC_INIT/m, /^_?m4_/m] },
      { language: 'M4', test: null },
    ],
  },
  {
    extensions: ['.mask'],
    rules: [{ language: 'Unity3D Asset', test: /tag:unity3d.com/m }],
  },
  {
    extensions: ['.mc'],
    rules: [
      { language: 'Win32 Message File', test: /^[ \t]*(\/\*\s*)?MessageId=|^\.$/im },
      { language: 'M4', test: /^dnl|^divert\((?:-?\d+)?\)|^\w+\(`[^\r\n]*?'[),]/m },
      { language: 'Monkey C', test: /\b(?:using|module|function|class|var)\s+\w/m },
    ],
  },
  {
    extensions: ['.md'],
    rules: [
      { language: 'Markdown', test: [/(^[-A-Za-z0-9=#!\*\[|>])|<\//m, /(?<![\s\S])(?![\s\S])/m] },
      { language: 'GCC Machine Description', test: /^(;;|\(define_)/m },
      { language: 'Markdown', test: null },
    ],
  },
  {
    extensions: ['.ml'],
    rules: [
      { language: 'OCaml', test: /(^\s*module)|let rec |match\s+(\S+\s)+with/m },
      { language: 'Standard ML', test: /=> |case\s+(\S+\s)+of/m },
    ],
  },
  {
    extensions: ['.mod'],
    rules: [
      { language: 'XML', test: /<!ENTITY /m },
      { language: 'NMODL', test: /\b(NEURON|INITIAL|UNITS)\b/m },
      { language: 'Modula-2', test: /^\s*(?:MODULE|END) [\w\.]+;/im },
      { language: ['Linux Kernel Module', 'AMPL'], test: null },
    ],
  },
  {
    extensions: ['.mojo'],
    rules: [
      { language: 'Mojo', test: /^\s*(alias|def|from|fn|import|struct|trait)\s/m },
      { language: 'XML', test: /^\s*<\?xml/m },
    ],
  },
  {
    extensions: ['.ms'],
    rules: [
      { language: 'Roff', test: /^[.'][A-Za-z]{2}(\s|$)/m },
      {
        language: 'Unix Assembly',
        test: { and: [{ not: /\/\*/m }, /^\s*\.(?:include\s|globa?l\s|[A-Za-z][_A-Za-z0-9]*:)/m] },
      },
      { language: 'MAXScript', test: null },
    ],
  },
  {
    extensions: ['.msg'],
    rules: [
      {
        language: 'OMNeT++ MSG',
        test: /^cplusplus\(?[\S]*\)?[\s]*\{?\{?|^namespace[\s]+([^.\s]*\.)*[^.\s]*;|^struct[\s]+[\S]+|^message[\s]+[\S]+(extends )?[\S]*[\s]*|^packet[\s]+[\S]+|^class[\s]+[\S]+(extends )?[\S]*[\s]*|^enum[\s]+[\S]+|^import ([^.\s]*\.)*[^.\s]*;/m,
      },
      {
        language: 'ROS Interface',
        test: {
          and: [
            /^[a-z]\w*(?:\/[a-z]\w*)?(?:<=\d+)?(?:\[(?:<=\d+)?\])?\s+\w+\b/im,
            { not: /^\s*[^\s@#\w-]/m },
          ],
        },
      },
    ],
  },
  {
    extensions: ['.n'],
    rules: [
      { language: 'Roff', test: /^[.']/m },
      { language: 'Nemerle', test: /^(module|namespace|using)\s/m },
    ],
  },
  {
    extensions: ['.ncl'],
    rules: [
      { language: 'XML', test: /^\s*<\?xml\s+version/m },
      { language: 'Gerber Image', test: /^[DGMT][0-9]{2}\*(?:\r?\n|\r)/m },
      {
        language: 'Nickel',
        test: [
          /^let(?:\srec)?(?:\s[a-zA-Z_][a-zA-Z0-9_]*)?/m,
          /^import\s"[^"]+"\s+as\s/m,
          /std\.[a-zA-Z_][a-zA-Z0-9_]*\./m,
        ],
      },
      { language: 'Text', test: /THE_TITLE/m },
      { language: 'NCL', test: [/^load "/m, /^begin$/m, /[0-9]\.$/m, /^;/m] },
    ],
  },
  {
    extensions: ['.nl'],
    rules: [
      { language: 'NL', test: /^(b|g)[0-9]+ /m },
      { language: 'NewLisp', test: null },
    ],
  },
  {
    extensions: ['.nr'],
    rules: [
      { language: 'Roff', test: /^\./m },
      { language: 'Noir', test: null },
    ],
  },
  {
    extensions: ['.nu'],
    rules: [
      { language: 'Nushell', test: /^\s*(import|export|module|def|let|let-env) /m },
      { language: 'Nu', test: null },
    ],
  },
  {
    extensions: ['.odin'],
    rules: [
      { language: 'Object Data Instance Notation', test: /(?:^|<)\s*[A-Za-z0-9_]+\s*=\s*</m },
      {
        language: 'Odin',
        test: /package\s+\w+|\b(?:im|ex)port\s*"[\w:.\/]+"|\w+\s*::\s*(?:proc|struct)\s*\(|^\s*\/\/\s/m,
      },
    ],
  },
];
