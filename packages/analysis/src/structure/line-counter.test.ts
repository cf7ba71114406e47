import { describe, expect, it } from 'vitest';
import { COMMENT_SYNTAX } from './comment-syntax.js';
import { languageInfo } from './languages.js';
import { countLines } from './line-counter.js';

// Hand-counted fixtures: each line is tagged with what it must count as (C code, M comment, B blank).
type Tag = 'C' | 'M' | 'B';
const fixtures: Array<[language: string | null, lines: Array<[Tag, string]>]> = [
  ['C', [
    ['C', '#include <stdio.h>'],
    ['M', '/* block'],
    ['M', '   still comment */'],
    ['B', ''],
    ['C', 'int main(void) { // entry'],
    ['C', '  printf("/* not a comment */ // nor this\\n");'],
    ['C', "  char c = '\"';"],
    ['C', '  /* a */ return 0; /* b */'],
    ['C', '}'],
    ['M', '// trailing'],
  ]],
  ['C++', [
    ['M', '// header comment'],
    ['C', '#include <vector>'],
    ['B', ''],
    ['C', 'template <typename T>'],
    ['C', 'T twice(T x) {'],
    ['M', '  /*'],
    ['M', '   * doc'],
    ['M', '   */'],
    ['C', '  return x * 2; /* inline */'],
    ['C', '}'],
  ]],
  ['Java', [
    ['C', 'package a;'],
    ['M', '/**'],
    ['M', ' * Javadoc'],
    ['M', ' */'],
    ['C', 'class A {'],
    ['C', '  String s = """'],
    ['C', '      // inside text block'],
    ['C', '      """;'],
    ['C', '  String t = "// not comment";'],
    ['C', '}'],
  ]],
  ['JavaScript', [
    ['C', "'use strict';"],
    ['C', "const url = 'http://x.y/*z';"],
    ['C', 'const t = `line1'],
    ['C', '// still template'],
    ['C', '${url}`;'],
    ['B', '   '],
    ['M', '/* multi'],
    ['C', '   line */ const after = 1;'],
    ['M', '// done'],
  ]],
  ['TypeScript', [
    ['C', "import { x } from './x';"],
    ['B', ''],
    ['M', '/** Docs. */'],
    ['C', 'export function f(a: string): string {'],
    ['C', "  return a.replace(/\\/\\//g, ''); // regex"],
    ['C', '}'],
  ]],
  ['Python', [
    ['C', '#!/usr/bin/env python3'],
    ['M', '"""Module docstring.'],
    ['B', ''],
    ['M', 'More text with # hash.'],
    ['M', '"""'],
    ['C', 'import os  # comment'],
    ['B', ''],
    ['C', 'def f():'],
    ['M', "    '''Function doc.'''"],
    ['C', '    s = "# not a comment"'],
    ['C', '    t = """'],
    ['C', 'text # still string'],
    ['C', '"""'],
    ['C', '    return s'],
  ]],
  ['Ruby', [
    ['M', '# frozen_string_literal: true'],
    ['M', '=begin'],
    ['M', 'block comment'],
    ['M', '=end'],
    ['C', 'class A'],
    ['C', '  def x = "#{1} # no"'],
    ['C', 'end'],
  ]],
  ['Shell', [
    ['C', '#!/bin/bash'],
    ['M', '# comment'],
    ['C', 'echo "a # b" # trailing'],
    ['C', 'x=${#arr[@]}'],
    ['C', 'echo a#b'],
    ['B', ''],
    ['C', 'echo \\# not a comment'],
    ['M', '  # indented comment'],
  ]],
  ['SQL', [
    ['M', '-- comment'],
    ['C', "SELECT '-- not a comment' AS a,"],
    ['C', '  "col" /* inline */'],
    ['C', 'FROM t; /* block'],
    ['M', 'still */'],
  ]],
  ['Go', [
    ['C', 'package main'],
    ['B', ''],
    ['C', 'import "fmt" // fmt'],
    ['B', ''],
    ['M', '/* doc */'],
    ['C', 'func main() {'],
    ['C', '\ts := `raw // string'],
    ['C', '/* still raw */`'],
    ['C', "\tfmt.Println(s, '/')"],
    ['C', '}'],
  ]],
  ['Rust', [
    ['M', '/* outer /* nested */ still comment */'],
    ['C', "fn f<'a>(x: &'a str) -> char {"],
    ['C', "    let q = '\"';"],
    ['M', '    // comment'],
    ['C', '    let s = "multi'],
    ['C', 'line // string";'],
    ['C', '    q'],
    ['C', '}'],
  ]],
  ['Kotlin', [
    ['M', '/* /* nested */ */'],
    ['C', 'val s = """'],
    ['C', '// raw'],
    ['C', '"""'],
    ['C', 'fun f() = 1 // c'],
  ]],
  ['Swift', [
    ['M', '// comment'],
    ['C', 'let s = "a" /* b */'],
    ['M', '/* multi'],
    ['M', ' /* nested */'],
    ['M', ' end */'],
  ]],
  ['C#', [
    ['C', 'using System;'],
    ['M', '// comment'],
    ['C', 'var p = @"C:\\path\\'],
    ['C', '// verbatim";'],
    ['M', '/// <summary>doc</summary>'],
    ['C', 'var q = "\\"// x";'],
  ]],
  ['PHP', [
    ['C', '<?php'],
    ['M', '# hash comment'],
    ['C', '#[Attribute]'],
    ['M', '// slash comment'],
    ['C', '$a = "# no"; /* c */'],
  ]],
  ['CSS', [
    ['M', '/* header */'],
    ['C', 'a { content: "/* no */"; }'],
    ['B', ''],
    ['C', 'b {'],
    ['C', '  color: red; /* c */'],
    ['C', '}'],
  ]],
  ['HTML', [
    ['C', '<!DOCTYPE html>'],
    ['M', '<!-- comment -->'],
    ['C', '<p>text</p>'],
    ['M', '<!--'],
    ['M', 'multi'],
    ['M', '-->'],
  ]],
  ['Haskell', [
    ['M', '-- comment'],
    ['M', '{- block {- nested -} still'],
    ['M', '-}'],
    ['C', 'main = putStrLn "-- no"'],
    ['C', "x' = 'a'"],
  ]],
  ['Lua', [
    ['M', '-- line'],
    ['M', '--[[ block'],
    ['M', 'still ]]'],
    ['C', 'local s = [[ long'],
    ['C', '-- string ]]'],
    ['C', 'print("--")'],
  ]],
  ['YAML', [
    ['M', '# comment'],
    ['C', 'key: value # trailing'],
    ['C', 'url: http://a#b'],
    ['B', ''],
    ['C', 'list:'],
    ['C', '  - "a # b"'],
  ]],
  ['Perl', [
    ['C', '#!/usr/bin/perl'],
    ['C', 'use strict;'],
    ['C', 'my $n = $#array;'],
    ['B', ''],
    ['M', '=pod'],
    ['M', 'Documentation'],
    ['M', '=cut'],
    ['C', 'print "# no\\n"; # yes'],
  ]],
  ['Common Lisp', [
    ['M', ';; comment'],
    ['C', '(defun f (x)'],
    ['M', '  #| block'],
    ['M', '  comment |#'],
    ['C', '  (format t "; no~%" #\\"))'],
  ]],
  ['Erlang', [
    ['M', '%% comment'],
    ['C', '-module(a).'],
    ['C', 'f() -> "% no". % yes'],
  ]],
  ['MATLAB', [
    ['M', '% comment'],
    ['C', "x = a';"],
    ['C', "s = 'it''s % not';"],
    ['M', '%{'],
    ['M', 'block'],
    ['M', '%}'],
    ['C', "y = x' * 2; % trailing"],
  ]],
  ['Makefile', [
    ['M', '# comment'],
    ['C', 'all: build'],
    ['C', '\techo "\\# x" # c'],
    ['B', ''],
  ]],
  ['Dockerfile', [
    ['M', '# syntax=docker/dockerfile:1'],
    ['C', 'FROM node:20'],
    ['C', 'RUN echo "# not"'],
  ]],
  ['TOML', [
    ['M', '# comment'],
    ['C', '[table]'],
    ['C', 'key = "# no"'],
    ['C', 'multi = """'],
    ['C', '# inside'],
    ['C', '"""'],
  ]],
  ['Batchfile', [
    ['C', '@echo off'],
    ['M', 'REM comment'],
    ['M', ':: also comment'],
    ['M', 'rem lower'],
    ['C', 'REMOVE x'],
  ]],
  ['PowerShell', [
    ['M', '<# block'],
    ['M', 'comment #>'],
    ['C', 'Write-Host "# no" # c'],
  ]],
  ['Markdown', [
    ['C', '# Title'],
    ['B', ''],
    ['M', '<!-- note -->'],
    ['C', 'Text.'],
  ]],
  ['JSON', [
    ['C', '{'],
    ['C', '  "a": "// b"'],
    ['C', '}'],
  ]],
  ['OCaml', [
    ['M', '(* comment (* nested *) *)'],
    ['C', 'let x = "(* no *)"'],
  ]],
  ['Vim script', [
    ['M', '" comment'],
    ['C', 'let x = "string"'],
  ]],
  ['Fortran', [
    ['M', 'C     comment in column 1'],
    ['C', '      PROGRAM HELLO'],
    ['M', '! bang comment'],
    ['C', "      PRINT *, 'HI' ! c"],
    ['C', '      END'],
  ]],
  ['Scala', [
    ['C', "val c = '\"'"],
    ['M', '/* a /* b */ c */'],
  ]],
  ['Dart', [
    ['M', '// c'],
    ['C', "var s = '''"],
    ['C', '// in'],
    ['C', "''';"],
  ]],
  ['Vue', [
    ['C', '<template>'],
    ['M', '  <!-- c -->'],
    ['C', '</template>'],
    ['C', '<script>'],
    ['M', '// js comment'],
    ['C', '</script>'],
  ]],
  ['Elixir', [
    ['M', '# comment'],
    ['C', '@doc """'],
    ['C', '# in doc'],
    ['C', '"""'],
  ]],
  ['R', [
    ['M', '# comment'],
    ['C', 'x <- "# no" # yes'],
  ]],
  ['Julia', [
    ['M', '#= block #= nested =# still =#'],
    ['C', 'x = 1 # c'],
  ]],
  [null, [
    ['C', 'foo'],
    ['B', ''],
    ['C', '# bar'],
  ]],
]; // prettier-ignore

describe('countLines on hand-counted fixtures', () => {
  for (const [language, tagged] of fixtures) {
    it(`${language ?? 'unknown language'}`, () => {
      const text = tagged.map(([, line]) => line).join('\n') + '\n';
      const expected = {
        lines: tagged.length,
        code: tagged.filter(([tag]) => tag === 'C').length,
        comment: tagged.filter(([tag]) => tag === 'M').length,
        blank: tagged.filter(([tag]) => tag === 'B').length,
      };
      expect(countLines(Buffer.from(text), language)).toEqual(expected);
      // Without the final newline (when the last line has content) and with CRLF line ends the
      // counts are the same.
      if (tagged.at(-1)![1] !== '')
        expect(countLines(Buffer.from(text.slice(0, -1)), language)).toEqual(expected);
      expect(countLines(Buffer.from(text.replace(/\n/g, '\r\n')), language)).toEqual(expected);
    });
  }
});

describe('countLines edge cases', () => {
  it('counts empty files, lone newlines and byte order marks like wc and cloc', () => {
    expect(countLines(Buffer.alloc(0), 'C')).toEqual({ lines: 0, code: 0, comment: 0, blank: 0 });
    expect(countLines(Buffer.from('\n'), 'C')).toEqual({ lines: 1, code: 0, comment: 0, blank: 1 });
    expect(countLines(Buffer.from('a'), 'C')).toEqual({ lines: 1, code: 1, comment: 0, blank: 0 });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('// c\nx\n')]);
    expect(countLines(bom, 'JavaScript')).toEqual({ lines: 2, code: 1, comment: 1, blank: 0 });
  });

  it('reads a byte order mark only when all three of its bytes are there', () => {
    expect(countLines(Buffer.from([0xef, 0xbb]), 'C')).toEqual({
      lines: 1,
      code: 1,
      comment: 0,
      blank: 0,
    });
    const almost = Buffer.concat([Buffer.from([0xef, 0xbb, 0x20]), Buffer.from('// c\n')]);
    expect(countLines(almost, 'JavaScript')).toEqual({ lines: 1, code: 1, comment: 0, blank: 0 });
  });

  it('counts a shebang as code, also alone without a newline, and no shebang in one byte', () => {
    const counts = (text: string) => countLines(Buffer.from(text), 'Shell');
    expect(counts('#!/bin/sh')).toEqual({ lines: 1, code: 1, comment: 0, blank: 0 });
    expect(counts('#!/bin/sh\n# c\n')).toEqual({ lines: 2, code: 1, comment: 1, blank: 0 });
    expect(counts('#')).toEqual({ lines: 1, code: 0, comment: 1, blank: 0 });
  });

  it('skips an escaped byte in a string, and continues the string over an escaped newline', () => {
    // Were the escaped quote taken as the end of the string, "/*" would open a comment.
    const escaped = 'char *s = "a\\" /* x";\nint y; // */\n';
    expect(countLines(Buffer.from(escaped), 'C')).toEqual({
      lines: 2,
      code: 2,
      comment: 0,
      blank: 0,
    });
    const continued = 'char *s = "abc\\\n// still the string";\nint y;\n';
    expect(countLines(Buffer.from(continued), 'C')).toEqual({
      lines: 3,
      code: 3,
      comment: 0,
      blank: 0,
    });
  });

  it('ends a stray quote at the end of its line instead of swallowing the file', () => {
    const text = 'char *s = "abc;\n// comment\nint x;\n';
    expect(countLines(Buffer.from(text), 'C')).toEqual({ lines: 3, code: 2, comment: 1, blank: 0 });
  });

  it('keeps an unterminated block comment open to the end', () => {
    expect(countLines(Buffer.from('x\n/* open\n\nstill'), 'C')).toEqual({
      lines: 4,
      code: 1,
      comment: 2,
      blank: 1,
    });
  });

  it('only names languages that exist in Linguist', () => {
    for (const name of Object.keys(COMMENT_SYNTAX)) expect(languageInfo(name)?.name).toBe(name);
  });
});
