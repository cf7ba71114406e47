/* eslint-disable no-useless-escape -- Linguist's patterns are kept as written, escapes included */
/**
 * Extensions .a* to .f* (and .1 to .9) of GitHub Linguist's heuristics, ported from github-linguist/linguist
 * lib/linguist/heuristics.yml (Ruby regexps converted to JavaScript as ../heuristics.ts describes), in
 * Linguist's order, which is the order the rules are tried in.
 */
import type { Disambiguation } from './heuristic-types.js';

export const DISAMBIGUATIONS_A_F: Disambiguation[] = [
  {
    extensions: ['.1', '.2', '.3', '.4', '.5', '.6', '.7', '.8', '.9'],
    rules: [
      { language: 'Roff Manpage', test: { and: ['mdoc-date', 'mdoc-title', 'mdoc-heading'] } },
      { language: 'Roff Manpage', test: { and: ['man-title', 'man-heading'] } },
      { language: 'Roff', test: /^\.(?:[A-Za-z]{2}(?:\s|$)|\\")/m },
    ],
  },
  {
    extensions: [
      '.1in',
      '.1m',
      '.1x',
      '.3in',
      '.3m',
      '.3p',
      '.3pm',
      '.3qt',
      '.3x',
      '.man',
      '.mdoc',
    ],
    rules: [
      { language: 'Roff Manpage', test: { and: ['mdoc-date', 'mdoc-title', 'mdoc-heading'] } },
      { language: 'Roff Manpage', test: { and: ['man-title', 'man-heading'] } },
      { language: 'Roff', test: null },
    ],
  },
  {
    extensions: ['.action'],
    rules: [
      {
        language: 'ROS Interface',
        test: {
          and: [
            /^[a-z]\w*(?:\/[a-z]\w*)?(?:<=\d+)?(?:\[(?:<=\d+)?\])?\s+\w+\b/im,
            /^---\s*$/m,
            { not: /^\s*[^\s@#\w-]/m },
          ],
        },
      },
    ],
  },
  {
    extensions: ['.al'],
    rules: [
      {
        language: 'AL',
        test: {
          and: [
            /\b(?:(CODEUNIT|PAGE|PAGEEXTENSION|PAGECUSTOMIZATION|DOTNET|ENUM|ENUMEXTENSION|VALUE|QUERY|REPORT|TABLE|TABLEEXTENSION|XMLPORT|PROFILE|CONTROLADDIN|REPORTEXTENSION|INTERFACE|PERMISSIONSET|PERMISSIONSETEXTENSION|ENTITLEMENT))\b/im,
          ],
        },
      },
      { language: 'Perl', test: null },
    ],
  },
  {
    extensions: ['.app'],
    rules: [
      {
        language: 'Erlang',
        test: /^\{\s*(?:application|'application')\s*,\s*(?:[a-z]+[\w@]*|'[^']+')\s*,\s*\[(?:.|[\r\n])*\]\s*\}\.[ \t]*$/m,
      },
    ],
  },
  {
    extensions: ['.as'],
    rules: [
      {
        language: 'ActionScript',
        test: /^\s*(?:package(?:\s+[\w.]+)?\s+(?:\{|$)|import\s+[\w.*]+\s*;|(?:intrinsic\s+)class\s+[\w<>.]+|\s+class\s+extends\s+[\w<>.]+|(?:(?:public|protected|private|static)\s+)*(?:(?:var|const|local)\s+\w+\s*:\s*[\w<>.]+(?:\s*=.*)?\s*;|function\s+\w+\s*\((?:\s*\w+\s*:\s*[\w<>.]+\s*(,\s*\w+\s*:\s*[\w<>.]+\s*)*)?\)))/m,
      },
    ],
  },
  {
    extensions: ['.asc'],
    rules: [
      { language: 'Public Key', test: /^(----[- ]BEGIN|ssh-(rsa|dss)) /m },
      { language: 'AsciiDoc', test: /^[=-]+\s|\{\{[A-Za-z]/m },
      {
        language: 'AGS Script',
        test: /^(\/\/.+|((import|export)\s+)?(function|int|float|char)\s+((room|repeatedly|on|game)_)?([A-Za-z]+[A-Za-z_0-9]+)\s*[;\(])/m,
      },
    ],
  },
  {
    extensions: ['.asm'],
    rules: [
      { language: 'Assembly', test: /mov\s+[^\s]{2,},/im },
      { language: 'Motorola 68K Assembly', test: 'm68k' },
    ],
  },
  {
    extensions: ['.asy'],
    rules: [
      { language: 'LTspice Symbol', test: /^SymbolType[ \t]/m },
      { language: 'Asymptote', test: null },
    ],
  },
  {
    extensions: ['.bas'],
    rules: [
      { language: 'B4X', test: /(?<![\s\S])\W{0,3}(?:.*(?:\r?\n|\r)){0,9}B4(?:J|A|R|i)=true/m },
      { language: 'FreeBASIC', test: 'freebasic' },
      { language: 'FreeBASIC', test: { and: [/^[ \t]*return /im, { not: /[ \t]*gosub /im }] } },
      { language: 'BASIC', test: /(?<![\s\S])\s*\d/m },
      { language: 'QuickBASIC', test: 'quickbasic' },
      { language: 'VBA', test: 'vba' },
      { language: 'Visual Basic 6.0', test: 'vb-module' },
    ],
  },
  {
    extensions: ['.bb'],
    rules: [
      { language: 'BlitzBasic', test: /(<^\s*; |End Function)/m },
      { language: 'BitBake', test: /^(# |include|require|inherit)\b/m },
      { language: 'Clojure', test: /\((def|defn|defmacro|let)\s/m },
    ],
  },
  {
    extensions: ['.bf'],
    rules: [
      { language: 'Beef', test: /^\s*using\s+(System|Beefy)(\.(.*))?;\s*$/m },
      { language: 'HyPhy', test: [/^\s*#include\s+".*";\s*$/m, /\sfprintf\s*\(/m] },
      { language: 'Brainfuck', test: /(>\+>|>\+<)/m },
    ],
  },
  {
    extensions: ['.bi'],
    rules: [
      { language: 'FreeBASIC', test: 'freebasic' },
      { language: 'FreeBASIC', test: { and: [/^[ \t]*return /im, { not: /[ \t]*gosub /im }] } },
    ],
  },
  {
    extensions: ['.bs'],
    rules: [
      {
        language: 'Bikeshed',
        test: /^(?:<[pP][rR][eE]\s+[cC][lL][aA][sS][sS])\s*=\s*('|\"|\b)metadata\b('|\"|\b)[^>\r\n]*>/m,
      },
      {
        language: 'BrighterScript',
        test: [
          /(?:^\s*(?:sub\s*\w+\(.*?\))|(?::\s*sub\(.*?\))$)/im,
          /(?:^\s*(end\ssub)$)/im,
          /(?:^\s*(?:function\s*\w+\(.*?\)\s*as\s*\w*)|(?::\s*function\(.*?\)\s*as\s*\w*)$)/im,
          /(?:^\s*(end\sfunction)$)/im,
        ],
      },
      { language: 'Bluespec BH', test: /^package\s+[A-Za-z_][A-Za-z0-9_']*(?:\s*\(|\s+where)/m },
    ],
  },
  {
    extensions: ['.builds'],
    rules: [{ language: 'XML', test: /^(\s*)(?:<Project|<Import|<Property|<?xml|xmlns)/im }],
  },
  {
    extensions: ['.cairo'],
    rules: [
      {
        language: 'Cairo Zero',
        test: /(^(\s*)%lang(\s+)([A-Za-z0-9_]+))|(^(\s*)%builtins(\s+)([A-Za-z0-9_]+\s*)*$)|(^(\s*)from(\s+)starkware\.(cairo|starknet)\.([A-Za-z0-9_.\s]+?)import)|(,\s*ap\+\+;$)|(;\s*ap\+\+$)/m,
      },
      { language: 'Cairo', test: null },
    ],
  },
  {
    extensions: ['.ch'],
    rules: [
      {
        language: 'xBase',
        test: /^\s*#\s*(?:if|ifdef|ifndef|define|command|xcommand|translate|xtranslate|include|pragma|undef)\b/im,
      },
    ],
  },
  {
    extensions: ['.cl'],
    rules: [
      { language: 'Common Lisp', test: /^\s*\((?:defun|in-package|defpackage) /im },
      { language: 'Cool', test: /^class/m },
      { language: 'OpenCL', test: /\/\* |\/\/ |^\}/m },
    ],
  },
  {
    extensions: ['.cls'],
    rules: [
      {
        language: 'Visual Basic 6.0',
        test: {
          and: [
            'vb-class',
            /^\s*BEGIN(?:\r?\n|\r)\s*MultiUse\s*=.*(?:\r?\n|\r)\s*Persistable\s*=/m,
          ],
        },
      },
      { language: 'VBA', test: 'vb-class' },
      { language: 'TeX', test: /^\s*\\(?:NeedsTeXFormat|ProvidesClass)\{/m },
      { language: 'ObjectScript', test: /^Class\s/m },
    ],
  },
  {
    extensions: ['.cmp'],
    rules: [{ language: 'Gerber Image', test: /^[DGMT][0-9]{2}\*(?:\r?\n|\r)/m }],
  },
  {
    extensions: ['.cs'],
    rules: [
      { language: 'Smalltalk', test: /![\w\s]+methodsFor: /m },
      { language: 'C#', test: /^\s*(using\s+[A-Z][\s\w.]+;|namespace\s*[\w\.]+\s*(\{|;)|\/\/)/m },
    ],
  },
  {
    extensions: ['.csc'],
    rules: [{ language: 'GSC', test: 'gsc' }],
  },
  {
    extensions: ['.csl'],
    rules: [
      { language: 'XML', test: /(?:^\s*(<\?xml|xmlns))/im },
      { language: 'Kusto', test: /(^\|\s*(where|extend|project|limit|summarize))|(^\.\w+)/m },
    ],
  },
  {
    extensions: ['.d'],
    rules: [
      {
        language: 'D',
        test: /^module\s+[\w.]*\s*;|import\s+[\w\s,.:]*;|\w+\s+\w+\s*\(.*\)(?:\(.*\))?\s*\{[^}]*\}|unittest\s*(?:\(.*\))?\s*\{[^}]*\}/m,
      },
      {
        language: 'DTrace',
        test: /^(\w+:\w*:\w*:\w*|BEGIN|END|provider\s+|(tick|profile)-\w+\s+\{[^}]*\}|#pragma\s+D\s+(option|attributes|depends_on)\s|#pragma\s+ident\s)/m,
      },
      {
        language: 'Makefile',
        test: /([\/\\].*:\s+.*\s\\$|: \\$|^[ %]:|^[\w\s\/\\.]+\w+\.\w+\s*:\s+[\w\s\/\\.]+\w+\.\w+)/m,
      },
    ],
  },
  {
    extensions: ['.dsp'],
    rules: [
      {
        language: 'Microsoft Developer Studio Project',
        test: /# Microsoft Developer Studio Generated Build File/m,
      },
      {
        language: 'Faust',
        test: /\bprocess\s*[(=]|\b(library|import)\s*\(\s*"|\bdeclare\s+(name|version|author|copyright|license)\s+"/m,
      },
    ],
  },
  {
    extensions: ['.e'],
    rules: [
      {
        language: 'E',
        test: [
          /^\s*(def|var)\s+(.+):=/m,
          /^\s*(def|to)\s+(\w+)(\(.+\))?\s+\{/m,
          /^\s*(when)\s+(\(.+\))\s+->\s+\{/m,
        ],
      },
      {
        language: 'Eiffel',
        test: [
          /^\s*\w+\s*(?:,\s*\w+)*[:]\s*\w+\s/m,
          /^\s*\w+\s*(?:\(\s*\w+[:][^)]+\))?(?:[:]\s*\w+)?(?:--.+\s+)*\s+(?:do|local)\s/m,
          /^\s*(?:across|deferred|elseif|ensure|feature|from|inherit|inspect|invariant|note|once|require|undefine|variant|when)\s*$/m,
        ],
      },
      { language: 'Euphoria', test: 'euphoria' },
    ],
  },
  {
    extensions: ['.ecl'],
    rules: [
      { language: 'ECLiPSe', test: /^[^#]+:-/m },
      { language: 'ECL', test: /:=/m },
    ],
  },
  {
    extensions: ['.es'],
    rules: [
      { language: 'Erlang', test: /^\s*(?:%%|main\s*\(.*?\)\s*->)/m },
      {
        language: 'JavaScript',
        test: /\/\/|["']use strict["']|export\s+default\s|\/\*(?:.|[\r\n])*?\*\//m,
      },
    ],
  },
  {
    extensions: ['.ex'],
    rules: [
      {
        language: 'Elixir',
        test: [
          /^\s*@moduledoc\s/m,
          /^\s*(?:cond|import|quote|unless)\s/m,
          /^\s*def(?:exception|impl|macro|module|protocol)[(\s]/m,
        ],
      },
      { language: 'Euphoria', test: 'euphoria' },
    ],
  },
  {
    extensions: ['.f'],
    rules: [
      { language: 'Forth', test: /^: /m },
      { language: 'Filebench WML', test: /flowop/m },
      { language: 'Fortran', test: 'fortran' },
    ],
  },
  {
    extensions: ['.for'],
    rules: [
      { language: 'Forth', test: /^: /m },
      { language: 'Fortran', test: 'fortran' },
    ],
  },
  {
    extensions: ['.fr'],
    rules: [
      { language: 'Forth', test: /^(: |also |new-device|previous )/m },
      { language: 'Frege', test: /^\s*(import|module|package|data|type) /m },
      { language: 'Text', test: null },
    ],
  },
  {
    extensions: ['.frm'],
    rules: [
      { language: 'VBA', test: { and: ['vb-form', /^\s*Begin\s+\{[0-9A-Z\-]*\}\s?/m] } },
      { language: 'Visual Basic 6.0', test: { and: ['vb-form', /^\s*Begin\s+VB\.Form\s+/m] } },
      { language: 'INI', test: /(?<![\s\S])TYPE=VIEW/m },
    ],
  },
  {
    extensions: ['.fs'],
    rules: [
      { language: 'Forth', test: /^(: |new-device)/m },
      { language: 'F#', test: /^\s*(#light|import|let|module|namespace|open|type)/m },
      { language: 'GLSL', test: /^\s*(#version|precision|uniform|varying|vec[234])/m },
      { language: 'Filterscript', test: /#include|#pragma\s+(rs|version)|__attribute__/m },
    ],
  },
  {
    extensions: ['.ftl'],
    rules: [
      {
        language: 'FreeMarker',
        test: /^(?:<|[a-zA-Z-][a-zA-Z0-9_-]+[ \t]+\w)|\$\{\w+[^\r\n]*?\}|^[ \t]*(?:<#--.*?-->|<#(?:[a-z]+)\s[^>]*>.*?<\/#(?:[a-z]+)>|\[#--.*?--\]|\[#(?:[a-z]+)\s[^\]]*\].*?\[#(?:[a-z]+)\])/m,
      },
      {
        language: 'Fluent',
        test: /^-?[a-zA-Z][a-zA-Z0-9_-]* *=|\{\$-?[a-zA-Z][-\w]*(?:\.[a-zA-Z][-\w]*)?\}/m,
      },
    ],
  },
];
