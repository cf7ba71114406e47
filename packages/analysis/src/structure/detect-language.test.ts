import { describe, expect, it } from 'vitest';
import { detectLanguage, shebangInterpreter } from './detect-language.js';
import { isGenerated } from './generated.js';
import { requiredLiteral } from './heuristics.js';
import { createPathRules } from './path-rules.js';

const detect = (name: string, text: string | null) =>
  detectLanguage(name, text === null ? null : Buffer.from(text));

describe('detectLanguage: Linguist heuristics for ambiguous extensions', () => {
  it.each([
    ['x.h', '@interface Foo : NSObject\n@end\n', 'Objective-C'],
    ['x.h', '#include <vector>\nstd::vector<int> v;\n', 'C++'],
    ['x.h', 'int add(int a, int b);\n', 'C'],
    ['x.m', '#import "Foo.h"\n@implementation Foo\n@end\n', 'Objective-C'],
    ['x.m', '% compute\nx = 1;\n', 'MATLAB'],
    ['x.m', ':- module foo.\n', 'Mercury'],
    ['x.ts', 'export const a: number = 1;\n', 'TypeScript'],
    ['x.ts', '<?xml version="1.0"?>\n<TS version="2.1" language="de">\n</TS>\n', 'XML'],
    ['x.d.ts', 'declare const a: number;\n', 'TypeScript'],
    ['x.pl', 'use strict;\nmy $x = 1;\n', 'Perl'],
    ['x.pl', 'parent(a, b).\nancestor(X, Y) :- parent(X, Y).\n', 'Prolog'],
    ['x.pl', 'use v6;\nsay "hi";\n', 'Raku'],
    ['x.inc', '<?php\necho 1;\n', 'PHP'],
    ['x.cs', 'using System;\nclass A {}\n', 'C#'],
    ['x.cs', "Object subclass: #A\n!A methodsFor: 'x'!\n", 'Smalltalk'],
    ['x.md', '# Title\n\nText\n', 'Markdown'],
    [
      'x.md',
      '(define_insn "addsi3"\n  [(set (match_operand:SI 0 "" "")])\n',
      'GCC Machine Description',
    ],
    ['x.sql', 'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE plpgsql;\n', 'PLpgSQL'],
    ['x.sql', 'DECLARE @x int;\nSELECT @x;\n', 'TSQL'],
    ['x.sql', 'SELECT * FROM t;\n', 'SQL'],
    ['x.v', 'module counter (input clk);\nendmodule\n', 'Verilog'],
    ['x.v', 'Theorem t : True.\nProof. trivial. Qed.\n', 'Rocq Prover'],
    ['x.v', 'fn main() {\n\tprintln("hi")\n}\n', 'V'],
    ['x.rs', 'use std::io;\nfn main() {}\n', 'Rust'],
  ])('%s with %j is %s', (name, text, language) => {
    expect(detect(name, text)).toBe(language);
  });

  it('decides ambiguous extensions of unread (too large) files by the rules that need no content', () => {
    expect(detect('huge.h', null)).toBe('C');
    expect(detect('huge.ts', null)).toBe('TypeScript');
    expect(detect('huge.md', null)).toBe('Markdown');
  });
});

describe('requiredLiteral (the prefilter that spares decoding blobs for heuristics)', () => {
  it.each([
    [/<TS\b/m, '<TS'],
    [/^\s*<\?xml\s+version/m, 'version'],
    [/^\\.{0,10}TLV_version/m, 'TLV_version'],
    [/^_?m4_/m, 'm4_'],
    [/"swagger":\s?"2.[0-9.]+"/m, '"swagger":'],
    [/ab(cdef)?g/m, 'ab'],
    [/a(bc)?d/m, null],
    [/abc|defg/m, null],
    [/^class/im, null],
    [/a+b*/m, null],
  ])('%s needs %j', (pattern, literal) => {
    expect(requiredLiteral(pattern)).toBe(literal);
  });
});

describe('detectLanguage: file names, shebangs and XML', () => {
  it('uses exact file names first', () => {
    expect(detect('Makefile', 'all:\n')).toBe('Makefile');
    expect(detect('Dockerfile', 'FROM x\n')).toBe('Dockerfile');
    expect(detect('Gemfile', "source 'https://rubygems.org'\n")).toBe('Ruby');
    expect(detect('CMakeLists.txt', 'project(x)\n')).toBe('CMake');
  });

  it('reads the interpreter of a shebang, through env, versions and exec wrappers', () => {
    expect(shebangInterpreter('#!/usr/bin/env python3.11\n')).toBe('python3');
    expect(shebangInterpreter('#!/usr/bin/env -S FOO=1 node --flag\n')).toBe('node');
    expect(shebangInterpreter('#! /bin/bash -e\n')).toBe('bash');
    expect(shebangInterpreter('#!/bin/sh\nexec ruby -x "$0" "$@"\n')).toBe('ruby');
    expect(shebangInterpreter('#!\n')).toBeNull();
    expect(detect('tool', '#!/usr/bin/env python3\nprint(1)\n')).toBe('Python');
    expect(detect('run', '#!/bin/sh\necho hi\n')).toBe('Shell');
    // node runs JavaScript and TypeScript: without an extension the tie goes to JavaScript.
    expect(detect('cli', '#!/usr/bin/env node\nconsole.log(1)\n')).toBe('JavaScript');
    // The extension still narrows what the shebang allows.
    expect(detect('cli.ts', '#!/usr/bin/env node\nconst a: number = 1;\n')).toBe('TypeScript');
  });

  it('knows XML by its declaration when nothing else names the file', () => {
    expect(detect('settings', '<?xml version="1.0"?>\n<a/>\n')).toBe('XML');
    expect(detect('notes', 'hello\n')).toBeNull();
  });
});

describe('Linguist path and content rules', () => {
  it('marks vendored and documentation paths as vendor.yml and documentation.yml do', () => {
    const rules = createPathRules();
    for (const path of [
      'node_modules/a/index.js',
      'web/vendor/lib.js',
      'third_party/zlib/x.c',
      'assets/jquery-3.1.1.js',
      'dist/app.js',
      'types/index.d.ts',
      'a/b.min.css',
      '.github/workflows/ci.yml',
    ])
      expect(rules.vendored(path), path).toBe(true);
    for (const path of ['src/vendors.ts', 'src/app.js', 'distribution/x.js'])
      expect(rules.vendored(path), path).toBe(false);
    for (const path of ['docs/guide.md', 'README.md', 'pkg/README', 'CHANGELOG.md', 'LICENSE'])
      expect(rules.documentation(path), path).toBe(true);
    for (const path of ['src/docs.ts', 'pkg/docs/x.md', 'READMEish.md'])
      expect(rules.documentation(path), path).toBe(false);
  });

  it('finds generated files by path, by minified lines and by their headers', () => {
    const generated = (path: string, text: string) =>
      isGenerated(path, path.slice(path.lastIndexOf('/') + 1), Buffer.from(text));
    expect(generated('package-lock.json', '{}\n')).toBe(true);
    expect(generated('x/Cargo.lock', '')).toBe(true);
    expect(generated('app/bundle.js', `${'a=1;'.repeat(100)}\n`)).toBe(true);
    expect(generated('app/plain.js', 'const a = 1;\nconst b = 2;\n')).toBe(false);
    expect(
      generated('api.pb.go', '// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n'),
    ).toBe(true);
    expect(
      generated('x.py', '# Generated by the protocol buffer compiler.  DO NOT EDIT!\nx = 1\n'),
    ).toBe(true);
    expect(generated('x.ts', '/* eslint-disable */\n// @generated by tool\nexport {};\n')).toBe(
      true,
    );
    expect(generated('x.cs', '// <auto-generated>\nclass A {}\n')).toBe(true);
    expect(generated('x.js', 'const a = 1;\n//# sourceMappingURL=x.js.map\n')).toBe(true);
    expect(generated('x.go', 'package main\n// generated code is fine to mention\n')).toBe(false);
  });
});
