import { languageInfo } from './languages.js';

/**
 * Comment and string syntax per Linguist language, for the line counter. Strings matter because a
 * comment marker inside a string ("http://x", '# not a comment') is code, as in scc and tokei.
 * Ordinary quotes end at the end of the line unless the language's construct is multi-line
 * (template literals, triple quotes, raw strings): an unbalanced quote then costs one line, not the
 * rest of the file.
 */
export interface StringSyntax {
  open: string;
  close: string;
  /** Escape character inside the string; null for raw strings. Default backslash. */
  escape?: string | null;
  multiline?: boolean;
  /** Python-style docstring: when it is the first token of its line, its lines count as comment. */
  doc?: boolean;
  /** Not a string after a word character or closing bracket (MATLAB's transpose operator). */
  notAfterWord?: boolean;
}

export interface CommentSyntax {
  line?: string[];
  /** Block comments: [open, close, nests]. Tried before line comments ("--[[" before "--"). */
  block?: Array<[string, string, boolean?]>;
  strings?: StringSyntax[];
  /** Comment markers valid only as the first token of a line (Vim's ", Batch's REM, INI's ;). */
  lineStart?: string[];
  /** Comment markers valid only in column 1 (fixed-form Fortran's C and *). */
  column0?: string[];
  /** Blocks opened and closed by a line starting in column 1 (Ruby =begin/=end, Perl POD). */
  column0Blocks?: Array<[string[], string]>;
  /** A line comment must start a word: after whitespace, a line start or ;|&()<> (shell `a#b`). */
  commentNeedsBoundary?: boolean;
  /** Byte that cancels a following line-comment marker (Perl's `$#array`). */
  commentNotAfter?: string;
  /** Markers that look like a line comment but are code (PHP 8 attributes `#[`). */
  notComment?: string[];
  /** Backslash escapes the next character outside strings (shell `\#`, TeX `\%`, Lisp `#\"`). */
  codeEscape?: boolean;
  /** `'` starts a character literal only when it closes right away ('a', '\n'); else it is code. */
  charLiterals?: boolean;
}

const DQ: StringSyntax = { open: '"', close: '"' };
const SQ: StringSyntax = { open: "'", close: "'" };
const BACKTICK: StringSyntax = { open: '`', close: '`', multiline: true };
const RAW_BACKTICK: StringSyntax = { open: '`', close: '`', escape: null, multiline: true };
const TRIPLE_DQ: StringSyntax = { open: '"""', close: '"""', multiline: true };
const TRIPLE_SQ: StringSyntax = { open: "'''", close: "'''", multiline: true };
const RAW_TRIPLE_DQ: StringSyntax = { ...TRIPLE_DQ, escape: null };
const DOC_DQ: StringSyntax = { ...TRIPLE_DQ, doc: true };
const DOC_SQ: StringSyntax = { ...TRIPLE_SQ, doc: true };
const SLASH_STAR: [string, string] = ['/*', '*/'];
const SLASH_STAR_NESTED: [string, string, boolean] = ['/*', '*/', true];
const HTML_COMMENT: [string, string] = ['<!--', '-->'];

const C_STYLE: CommentSyntax = { line: ['//'], block: [SLASH_STAR], strings: [DQ, SQ] };
const JS_STYLE: CommentSyntax = { ...C_STYLE, strings: [BACKTICK, DQ, SQ] };
const HASH: CommentSyntax = { line: ['#'], strings: [DQ, SQ] };
const PYTHON: CommentSyntax = { line: ['#'], strings: [DOC_DQ, DOC_SQ, DQ, SQ] };
const SHELL: CommentSyntax = {
  line: ['#'],
  strings: [DQ, { ...SQ, escape: null }],
  commentNeedsBoundary: true,
  codeEscape: true,
};
const SQL: CommentSyntax = { line: ['--'], block: [SLASH_STAR], strings: [SQ, DQ] };
const HASKELL: CommentSyntax = {
  line: ['--'],
  block: [['{-', '-}', true]],
  strings: [DQ],
  charLiterals: true,
};
const ML: CommentSyntax = {
  block: [['(*', '*)', true]],
  strings: [{ ...DQ, multiline: true }],
  charLiterals: true,
};
const LISP: CommentSyntax = {
  line: [';'],
  block: [['#|', '|#', true]],
  strings: [DQ],
  codeEscape: true,
};
const MARKUP: CommentSyntax = { block: [HTML_COMMENT] };
const COMPONENT: CommentSyntax = {
  line: ['//'],
  block: [HTML_COMMENT, SLASH_STAR],
  strings: [BACKTICK, DQ, SQ],
};
const BASIC: CommentSyntax = {
  line: ["'"],
  lineStart: ['REM', 'Rem', 'rem'],
  strings: [{ ...DQ, escape: null }],
};
const INI: CommentSyntax = { lineStart: [';', '#'] };
const PERCENT: CommentSyntax = { line: ['%'], codeEscape: true };

/** Keyed by Linguist language name. Every name here is checked against languages.yml by a test. */
export const COMMENT_SYNTAX: Record<string, CommentSyntax> = {
  C: C_STYLE,
  'C++': C_STYLE,
  'Objective-C': C_STYLE,
  'Objective-C++': C_STYLE,
  Java: { ...C_STYLE, strings: [TRIPLE_DQ, DQ, SQ] },
  Cuda: C_STYLE,
  GLSL: C_STYLE,
  HLSL: C_STYLE,
  OpenCL: C_STYLE,
  Metal: C_STYLE,
  'Protocol Buffer': C_STYLE,
  Thrift: { ...C_STYLE, line: ['//', '#'] },
  Solidity: C_STYLE,
  Apex: C_STYLE,
  ActionScript: C_STYLE,
  Haxe: C_STYLE,
  Vala: C_STYLE,
  Processing: C_STYLE,
  Verilog: C_STYLE,
  SystemVerilog: C_STYLE,
  'JSON with Comments': C_STYLE,
  JSON5: C_STYLE,
  Less: C_STYLE,
  SCSS: C_STYLE,
  Sass: C_STYLE,
  Stylus: C_STYLE,
  Gradle: { ...C_STYLE, strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  Groovy: { ...C_STYLE, strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  Zig: { line: ['//'], strings: [DQ, SQ] },
  Odin: { ...C_STYLE, block: [SLASH_STAR_NESTED], strings: [RAW_BACKTICK, DQ, SQ] },
  V: { ...C_STYLE, strings: [DQ, SQ, RAW_BACKTICK] },
  Jsonnet: { ...C_STYLE, line: ['//', '#'], strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  Bicep: { ...C_STYLE, strings: [RAW_TRIPLE_DQ, SQ] },
  JavaScript: JS_STYLE,
  TypeScript: JS_STYLE,
  TSX: JS_STYLE,
  'Glimmer JS': JS_STYLE,
  'Glimmer TS': JS_STYLE,
  CSS: { block: [SLASH_STAR], strings: [DQ, SQ] },
  Go: { ...C_STYLE, strings: [DQ, SQ, RAW_BACKTICK] },
  Kotlin: { ...C_STYLE, block: [SLASH_STAR_NESTED], strings: [RAW_TRIPLE_DQ, DQ, SQ] },
  Swift: { ...C_STYLE, block: [SLASH_STAR_NESTED], strings: [TRIPLE_DQ, DQ] },
  Scala: { ...C_STYLE, block: [SLASH_STAR_NESTED], strings: [TRIPLE_DQ, DQ], charLiterals: true },
  Dart: { ...C_STYLE, block: [SLASH_STAR_NESTED], strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  Rust: {
    line: ['//'],
    block: [SLASH_STAR_NESTED],
    strings: [{ ...DQ, multiline: true }],
    charLiterals: true,
  },
  D: { ...C_STYLE, block: [SLASH_STAR, ['/+', '+/', true]], strings: [DQ, SQ, RAW_BACKTICK] },
  'C#': {
    ...C_STYLE,
    strings: [
      RAW_TRIPLE_DQ,
      { open: '@"', close: '"', escape: null, multiline: true },
      { open: '@$"', close: '"', escape: null, multiline: true },
      DQ,
      SQ,
    ],
  },
  PHP: { ...C_STYLE, line: ['//', '#'], notComment: ['#['] },
  Hack: { ...C_STYLE, line: ['//', '#'] },
  Python: PYTHON,
  Cython: PYTHON,
  Starlark: PYTHON,
  GDScript: PYTHON,
  Mojo: PYTHON,
  Ruby: { line: ['#'], column0Blocks: [[['=begin'], '=end']], strings: [DQ, SQ] },
  Crystal: { line: ['#'], strings: [DQ], charLiterals: true },
  Perl: {
    line: ['#'],
    commentNotAfter: '$',
    column0Blocks: [[['=pod', '=head', '=over', '=item', '=begin', '=for', '=encoding'], '=cut']],
    strings: [DQ, SQ],
  },
  Raku: { line: ['#'], strings: [DQ, SQ] },
  Shell: SHELL,
  fish: SHELL,
  Makefile: { line: ['#'], codeEscape: true },
  Dockerfile: { line: ['#'], strings: [DQ, SQ] },
  PowerShell: {
    line: ['#'],
    block: [['<#', '#>']],
    strings: [
      { ...DQ, escape: '`' },
      { ...SQ, escape: null },
    ],
  },
  R: HASH,
  Tcl: { line: ['#'], strings: [DQ] },
  Awk: { line: ['#'], strings: [DQ] },
  Puppet: { line: ['#'], block: [SLASH_STAR], strings: [DQ, SQ] },
  Nginx: { line: ['#'], strings: [DQ, SQ] },
  YAML: { line: ['#'], strings: [DQ, SQ], commentNeedsBoundary: true },
  TOML: { line: ['#'], strings: [TRIPLE_DQ, { ...TRIPLE_SQ, escape: null }, DQ, SQ] },
  CMake: { line: ['#'], block: [['#[[', ']]']], strings: [DQ] },
  Nix: {
    line: ['#'],
    block: [SLASH_STAR],
    strings: [{ open: "''", close: "''", escape: null, multiline: true }, DQ],
  },
  Elixir: { line: ['#'], strings: [TRIPLE_DQ, TRIPLE_SQ, DQ, SQ] },
  Julia: { line: ['#'], block: [['#=', '=#', true]], strings: [TRIPLE_DQ, DQ], charLiterals: true },
  Nim: { line: ['#'], block: [['#[', ']#', true]], strings: [TRIPLE_DQ, DQ], charLiterals: true },
  CoffeeScript: {
    line: ['#'],
    block: [['###', '###']],
    strings: [TRIPLE_DQ, TRIPLE_SQ, BACKTICK, DQ, SQ],
  },
  GraphQL: { line: ['#'], strings: [DOC_DQ, DQ] },
  HCL: { line: ['#', '//'], block: [SLASH_STAR], strings: [DQ] },
  Meson: { line: ['#'], strings: [TRIPLE_SQ, SQ] },
  SQL: SQL,
  PLSQL: SQL,
  PLpgSQL: SQL,
  TSQL: SQL,
  SQLPL: SQL,
  HiveQL: SQL,
  Lua: {
    line: ['--'],
    block: [['--[[', ']]']],
    strings: [{ open: '[[', close: ']]', escape: null, multiline: true }, DQ, SQ],
  },
  Haskell: HASKELL,
  Elm: HASKELL,
  PureScript: HASKELL,
  Idris: HASKELL,
  Agda: HASKELL,
  Ada: { line: ['--'], strings: [{ ...DQ, escape: null }], charLiterals: true },
  VHDL: { line: ['--'], block: [SLASH_STAR], strings: [DQ], charLiterals: true },
  AppleScript: { line: ['--', '#'], block: [['(*', '*)', true]], strings: [DQ] },
  Erlang: { line: ['%'], strings: [DQ, SQ] },
  MATLAB: {
    line: ['%'],
    block: [['%{', '%}']],
    strings: [DQ, { ...SQ, escape: null, notAfterWord: true }],
  },
  TeX: PERCENT,
  BibTeX: PERCENT,
  Prolog: { line: ['%'], block: [SLASH_STAR], strings: [DQ, SQ] },
  'Common Lisp': LISP,
  Scheme: LISP,
  Racket: LISP,
  'Emacs Lisp': { ...LISP, block: [] },
  Clojure: { ...LISP, block: [] },
  Fennel: { ...LISP, block: [] },
  Assembly: { line: [';'], strings: [DQ, SQ] },
  'Motorola 68K Assembly': { line: [';'], column0: ['*'], strings: [DQ, SQ] },
  'Unix Assembly': { line: ['#', '//'], block: [SLASH_STAR], strings: [DQ] },
  WebAssembly: { line: [';;'], block: [['(;', ';)', true]], strings: [DQ] },
  Fortran: { line: ['!'], column0: ['c', 'C', '*'], strings: [DQ, SQ] },
  'Fortran Free Form': { line: ['!'], strings: [DQ, SQ] },
  Batchfile: { lineStart: ['::', '@REM', '@rem', '@Rem', 'REM', 'rem', 'Rem'] },
  'Visual Basic .NET': BASIC,
  'Visual Basic 6.0': BASIC,
  VBA: BASIC,
  VBScript: BASIC,
  OCaml: ML,
  'Standard ML': ML,
  'F#': { ...ML, line: ['//'], strings: [TRIPLE_DQ, DQ] },
  Reason: C_STYLE,
  ReScript: C_STYLE,
  Pascal: {
    line: ['//'],
    block: [
      ['{', '}'],
      ['(*', '*)'],
    ],
    strings: [{ ...SQ, escape: null }],
  },
  'Vim script': { lineStart: ['"'], strings: [DQ, { ...SQ, escape: null }] },
  Smalltalk: { block: [['"', '"']], strings: [{ ...SQ, escape: null }] },
  HTML: MARKUP,
  XML: MARKUP,
  SVG: MARKUP,
  XSLT: MARKUP,
  Markdown: MARKUP,
  MDX: COMPONENT,
  Vue: COMPONENT,
  Svelte: COMPONENT,
  Astro: COMPONENT,
  INI,
  'Git Config': INI,
  EditorConfig: INI,
  'Java Properties': { lineStart: ['#', '!'] },
  'Ignore List': { lineStart: ['#'] },
  Dotenv: { line: ['#'], strings: [DQ, SQ] },
};

/**
 * For languages without an entry, the family of their CodeMirror mode in languages.yml (Linguist
 * names the mode for the editor; it is a good hint of the comment syntax). The rest get none: every
 * non-blank line is code.
 */
const BY_CODEMIRROR_MODE: Record<string, string> = {
  clike: 'C',
  javascript: 'JavaScript',
  jsx: 'JavaScript',
  go: 'Go',
  rust: 'Rust',
  swift: 'Swift',
  d: 'D',
  groovy: 'Groovy',
  haxe: 'Haxe',
  protobuf: 'C',
  verilog: 'Verilog',
  css: 'CSS',
  sass: 'SCSS',
  stylus: 'SCSS',
  python: 'Python',
  shell: 'Shell',
  ruby: 'Ruby',
  perl: 'Perl',
  php: 'PHP',
  sql: 'SQL',
  lua: 'Lua',
  haskell: 'Haskell',
  elm: 'Haskell',
  mllike: 'OCaml',
  commonlisp: 'Common Lisp',
  scheme: 'Scheme',
  clojure: 'Clojure',
  xml: 'XML',
  htmlmixed: 'HTML',
  htmlembedded: 'HTML',
  gfm: 'Markdown',
  markdown: 'Markdown',
  yaml: 'YAML',
  toml: 'TOML',
  properties: 'INI',
  erlang: 'Erlang',
  fortran: 'Fortran Free Form',
  pascal: 'Pascal',
  octave: 'MATLAB',
  stex: 'TeX',
  julia: 'Julia',
  r: 'R',
  tcl: 'Tcl',
  vb: 'Visual Basic .NET',
  vbscript: 'VBScript',
  powershell: 'PowerShell',
  dockerfile: 'Dockerfile',
  cmake: 'CMake',
  nginx: 'Nginx',
  puppet: 'Puppet',
  vhdl: 'VHDL',
  smalltalk: 'Smalltalk',
  coffeescript: 'CoffeeScript',
  crystal: 'Crystal',
  vue: 'Vue',
};

const NONE: CommentSyntax = {};

/** The syntax used to count a language's lines; `null` (unknown language) counts with none. */
export function commentSyntaxFor(language: string | null): CommentSyntax {
  if (language === null) return NONE;
  const own = COMMENT_SYNTAX[language];
  if (own) return own;
  const mode = languageInfo(language)?.codemirrorMode;
  const family = mode ? BY_CODEMIRROR_MODE[mode] : undefined;
  return (family && COMMENT_SYNTAX[family]) || NONE;
}
