/* eslint-disable no-useless-escape -- Linguist's patterns are kept as written, escapes included */
/**
 * Extensions .p* to .s* of GitHub Linguist's heuristics, ported from github-linguist/linguist
 * lib/linguist/heuristics.yml (Ruby regexps converted to JavaScript as ../heuristics.ts describes), in
 * Linguist's order, which is the order the rules are tried in.
 */
import type { Disambiguation } from './heuristic-types.js';

export const DISAMBIGUATIONS_P_S: Disambiguation[] = [
  {
    extensions: ['.p'],
    rules: [
      {
        language: 'Gnuplot',
        test: [
          /^s?plot\b/m,
          /^set\s+(term|terminal|out|output|[xy]tics|[xy]label|[xy]range|style)\b/m,
        ],
      },
      { language: 'OpenEdge ABL', test: null },
    ],
  },
  {
    extensions: ['.php'],
    rules: [
      { language: 'Hack', test: /<\?hh/m },
      { language: 'PHP', test: /<\?[^h]/m },
    ],
  },
  {
    extensions: ['.pkl'],
    rules: [
      {
        language: 'Pkl',
        test: [
          /^\s*(module|import|amends|extends|local|const|fixed|abstract|open|class|typealias|@\w+)\b/m,
          /^\s*[a-zA-Z0-9_$]+\s*(=|{|:)|^\s*`[^`]+`\s*(=|{|:)|for\s*\(|when\s*\(/m,
        ],
      },
      { language: 'Pickle', test: null },
    ],
  },
  {
    extensions: ['.pl'],
    rules: [
      { language: 'Prolog', test: /^[^#]*:-/m },
      { language: 'Perl', test: { and: [{ not: /^\s*use\s+v6\b/m }, 'perl'] } },
      { language: 'Raku', test: 'raku' },
    ],
  },
  {
    extensions: ['.plist'],
    rules: [
      {
        language: 'XML Property List',
        test: /^\s*(?:<\?xml\s|<!DOCTYPE\s+plist|<plist(?:\s+version\s*=\s*["']\d+(?:\.\d+)?["'])?\s*>\s*$)/m,
      },
      { language: 'OpenStep Property List', test: null },
    ],
  },
  {
    extensions: ['.plt'],
    rules: [{ language: 'Prolog', test: /^\s*:-/m }],
  },
  {
    extensions: ['.pm'],
    rules: [
      { language: 'Perl', test: { and: [{ not: /^\s*use\s+v6\b/m }, 'perl'] } },
      { language: 'Raku', test: 'raku' },
      { language: 'X PixMap', test: /^\s*\/\* XPM \*\//m },
    ],
  },
  {
    extensions: ['.pod'],
    rules: [
      { language: 'Pod 6', test: /^[^\S\r\n]*=(comment|begin pod|begin para|item\d+)/m },
      { language: 'Pod', test: null },
    ],
  },
  {
    extensions: ['.pp'],
    rules: [
      { language: 'Pascal', test: /^\s*end[.;]/m },
      { language: 'Puppet', test: /^\s+\w+\s+=>\s/m },
    ],
  },
  {
    extensions: ['.pro'],
    rules: [
      {
        language: 'Proguard',
        test: /^-(include\b.*\.pro$|keep\b|keepclassmembers\b|keepattributes\b)/m,
      },
      { language: 'Prolog', test: /^[^\[#]+:-/m },
      { language: 'INI', test: /last_client=/m },
      { language: 'QMake', test: { and: [/HEADERS/m, /SOURCES/m] } },
      { language: 'IDL', test: /^\s*(?:function|pro|compile_opt) \w[ \w,:]*$/im },
    ],
  },
  {
    extensions: ['.properties'],
    rules: [
      { language: 'INI', test: { and: ['key_equals_value', /^[;\[]/m] } },
      { language: 'Java Properties', test: { and: ['key_equals_value', /^[#!]/m] } },
      { language: 'INI', test: 'key_equals_value' },
      { language: 'Java Properties', test: /^[^#!][^:]*:/m },
    ],
  },
  {
    extensions: ['.q'],
    rules: [
      { language: 'q', test: /((?:[A-Z.a-z][\w.]*:\{)|^\\(cd?|d|l|p|ts?) )/m },
      {
        language: 'HiveQL',
        test: /(?:SELECT\s+[\w*,]+\s+FROM|(CREATE|ALTER|DROP)\s(DATABASE|SCHEMA|TABLE))/im,
      },
    ],
  },
  {
    extensions: ['.qs'],
    rules: [
      { language: 'Q#', test: /^((\/{2,3})?\s*(namespace|operation)\b)/m },
      { language: 'Qt Script', test: /(\w+\.prototype\.\w+|===|\bvar\b)/m },
    ],
  },
  {
    extensions: ['.r'],
    rules: [
      { language: 'Rebol', test: /(?:\bRebol\b)/im },
      {
        language: 'Rez',
        test: /(#include\s+["<](Types\.r|Carbon\/Carbon\.r)[">])|((resource|data|type)\s+'[A-Za-z0-9]{4}'\s+((\(.*\)\s+){0,1}){)/m,
      },
      { language: 'R', test: /<-|^\s*#/m },
    ],
  },
  {
    extensions: ['.re'],
    rules: [
      {
        language: 'Reason',
        test: [
          /^\s*module\s+type\s/m,
          /^\s*(?:include|open)\s+\w+\s*;\s*$/m,
          /^\s*let\s+(?:module\s\w+\s*=\s*\{|\w+:\s+.*=.*;\s*$)/m,
        ],
      },
      {
        language: 'C++',
        test: [
          /^\s*#(?:(?:if|ifdef|define|pragma)\s+\w|\s*include\s+<[^>]+>)/m,
          /^\s*template\s*</m,
        ],
      },
    ],
  },
  {
    extensions: ['.res'],
    rules: [
      {
        language: 'ReScript',
        test: [/^\s*(let|module|type)\s+\w*\s+=\s+/m, /^\s*(?:include|open)\s+\w+\s*$/m],
      },
    ],
  },
  {
    extensions: ['.resource'],
    rules: [{ language: 'RobotFramework', test: /^\*{3} (Settings|Variables|Keywords) \*{3}$/m }],
  },
  {
    extensions: ['.rno'],
    rules: [
      {
        language: 'RUNOFF',
        test: /(?:^\.!|^\f|\f$|^\.end lit(?:eral)?\b|^\.[a-zA-Z].*?;\.[a-zA-Z](?:[; \t])|\^\*[^\s*][^*]*\\\*(?:$|\s)|^\.c;[ \t]*\w+)/im,
      },
      { language: 'Roff', test: /^\.\\" /m },
    ],
  },
  {
    extensions: ['.rpy'],
    rules: [
      { language: 'Python', test: /^(import|from|class|def)\s/m },
      { language: "Ren'Py", test: null },
    ],
  },
  {
    extensions: ['.rs'],
    rules: [
      { language: 'Rust', test: /^(use |fn |mod |pub |macro_rules|impl|#!?\[)/m },
      { language: 'RenderScript', test: /#include|#pragma\s+(rs|version)|__attribute__/m },
      { language: 'XML', test: /^\s*<\?xml/m },
    ],
  },
  {
    extensions: ['.s'],
    rules: [
      { language: 'Unix Assembly', test: /(?:mov[lq]?)\s+[%\$]/im },
      { language: 'Assembly', test: /(?:mov)\s+[^\s%]{2,},/im },
      { language: 'Motorola 68K Assembly', test: 'm68k' },
    ],
  },
  {
    extensions: ['.sc'],
    rules: [
      { language: 'SuperCollider', test: /(?:\^(this|super)\.|^\s*~\w+\s*=\.)/im },
      { language: 'Scala', test: /(^\s*import (scala|java)\.|^\s*class\b)/m },
    ],
  },
  {
    extensions: ['.scd'],
    rules: [
      { language: 'SuperCollider', test: /(?:\^(this|super)\.|^\s*(~\w+\s*=\.|SynthDef\b))/im },
      { language: 'Markdown', test: /^#+\s+(NAME|SYNOPSIS|DESCRIPTION)/m },
    ],
  },
  {
    extensions: ['.scm'],
    rules: [
      {
        language: 'Tree-sitter Query',
        test: [
          /\(#[\w-]+[!\?]/m,
          /(?:[\)\]]\s*[\*\+\?](?:\s|$))/m,
          /(?:^\s*\w+:\s*[\(\[\"])/m,
          /\(#(?:set!|(?:not-)?(?:any-of|match)\?)/m,
          /@[\w.-]+(?:\)\s|$)/m,
        ],
      },
      {
        language: 'Scheme',
        test: [
          /(?:'[\(\*#]|\w->\w|\.\.\.[\s\)]|\([+\-:<>\/=~\)]|~>|[#`]\(|#:\w)/m,
          /^\s*\((?:define\*?|import|library|lambda)/m,
        ],
      },
    ],
  },
  {
    extensions: ['.sol'],
    rules: [
      {
        language: 'Solidity',
        test: /\bpragma\s+solidity\b|\b(?:abstract\s+)?contract\s+[a-zA-Z$_][a-zA-Z0-9$_]*(?:\s+is\s+(?:[a-zA-Z0-9$_][^\{]*?)?)?\s*\{/m,
      },
      { language: 'Gerber Image', test: /^[DGMT][0-9]{2}\*(?:\r?\n|\r)/m },
    ],
  },
  {
    extensions: ['.sql'],
    rules: [
      {
        language: 'PLpgSQL',
        test: /(?:^\\i\b|AS\s+\$\$|LANGUAGE\s+'?plpgsql'?|BEGIN(\s+WORK)?\s*;)/im,
      },
      {
        language: 'SQLPL',
        test: /(?:ALTER\s+MODULE|MODE\s+DB2SQL|\bSYS(CAT|PROC)\.|ASSOCIATE\s+RESULT\s+SET|\bEND!\s*$)/im,
      },
      {
        language: 'PLSQL',
        test: /(?:\$\$PLSQL_|XMLTYPE|systimestamp|\.nextval|CONNECT\s+BY|AUTHID\s+(DEFINER|CURRENT_USER)|constructor\W+function)/im,
      },
      {
        language: 'TSQL',
        test: /(?:^\s*GO\b|BEGIN(\s+TRY|\s+CATCH)|OUTPUT\s+INSERTED|DECLARE\s+@|\[dbo\])/im,
      },
      { language: 'SQL', test: null },
    ],
  },
  {
    extensions: ['.srt'],
    rules: [
      {
        language: 'SubRip Text',
        test: /^(\d{2}:\d{2}:\d{2},\d{3})\s*(-->)\s*(\d{2}:\d{2}:\d{2},\d{3})$/m,
      },
    ],
  },
  {
    extensions: ['.srv'],
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
    extensions: ['.st'],
    rules: [
      {
        language: 'StringTemplate',
        test: /\$\w+[($]|.!\s*.+?\s*!.|<!\s*.+?\s*!>|\[!\s*.+?\s*!\]|\{!\s*.+?\s*!\}/m,
      },
      {
        language: 'Smalltalk',
        test: /(?<![\s\S])\s*[\[{(^"'\w#]|[a-zA-Z_]\w*\s*:=\s*[a-zA-Z_]\w*|class\s*>>\s*[a-zA-Z_]\w*|^[a-zA-Z_]\w*\s+[a-zA-Z_]\w*:|^Class\s*\{|if(?:True|False):\s*\[/m,
      },
    ],
  },
  {
    extensions: ['.star'],
    rules: [
      { language: 'STAR', test: /^loop_\s*$/m },
      { language: 'Starlark', test: null },
    ],
  },
  {
    extensions: ['.stl'],
    rules: [{ language: 'STL', test: /(?<![\s\S])\s*solid(?:$|\s)[\s\S]*^endsolid(?:$|\s)/m }],
  },
  {
    extensions: ['.svx'],
    rules: [
      { language: 'Survex data', test: /(?<![\s\S])(;|\*[^*]+$)/m },
      { language: 'mdsvex', test: null },
    ],
  },
  {
    extensions: ['.sw'],
    rules: [
      { language: 'Sway', test: /^\s*(?:(?:abi|dep|fn|impl|mod|pub|trait)\s|#\[)/m },
      { language: 'XML', test: /^\s*<\?xml\s+version/m },
    ],
  },
];
