import { describe, expect, it } from 'vitest';
import { parseJsonc } from './jsonc.js';
import { maskSource, STR, SYNTAX } from './mask.js';

/** The masked code with placeholders shown as «n» for readable expectations. */
function show(
  text: string,
  syntax: Parameters<typeof maskSource>[1],
): { code: string; strings: string[] } {
  const masked = maskSource(text, syntax);
  return { code: masked.code.replace(new RegExp(STR, 'g'), '«$1»'), strings: masked.strings };
}

describe('maskSource', () => {
  it('blanks JS comments, keeps newlines, and tells regex literals from division', () => {
    const out = show("a = b / c; // x 'y'\n/* '\n */ r = /\"[/]/g; s = 'it''s'", SYNTAX.js);
    expect(out.code).toBe('a = b / c;  \n \n r =  ; s = «0»«1»');
    expect(out.strings).toEqual(['it', 's']);
  });

  it('ends an unterminated single-line string at the newline so the next line is still code', () => {
    expect(show("x = 'oops\nimport './y'", SYNTAX.js).code).toBe('x = «0»\nimport «1»');
  });

  it('handles Python triple-quoted strings and # comments', () => {
    const out = show(
      '"""doc\nimport x\n"""\nimport y # import z\ns = \'#not comment\'',
      SYNTAX.python,
    );
    expect(out.code).toBe('«0»\n\n\nimport y  \ns = «1»');
    expect(out.strings[1]).toBe('#not comment');
  });

  it('handles Rust lifetimes, char literals, raw strings and nested comments', () => {
    const out = show(
      'fn f<\'a>(x: &\'a str) { let c = \'"\'; let r = r#"use "crate""#; /* a /* b */ c */ }',
      SYNTAX.rust,
    );
    expect(out.code).toBe("fn f<'a>(x: &'a str) { let c =  ; let r = «0»;   }");
    expect(out.strings).toEqual(['use "crate"']);
  });

  it('handles Go raw strings, C# verbatim strings and PHP attributes', () => {
    expect(show('s := `a\\` + "b"', SYNTAX.go).strings).toEqual(['a\\', 'b']);
    expect(show('var p = @"C:\\dir\\""x""";', SYNTAX.csharp).strings).toEqual(['C:\\dir\\"x"']);
    expect(show('#[Attr]\n# comment\nuse A;', SYNTAX.php).code).toBe('#[Attr]\n \nuse A;');
  });

  it('never throws on binary-ish or truncated input', () => {
    for (const syntax of Object.values(SYNTAX)) {
      expect(() => maskSource('\u0001\u0000"\'`/*/"""r#"\\', syntax)).not.toThrow();
    }
  });
});

describe('parseJsonc', () => {
  it('accepts comments and trailing commas without touching strings', () => {
    expect(parseJsonc('{ // c\n "a": "x//y", /* b */ "b": [1, 2,], "c": ",}", }')).toEqual({
      a: 'x//y',
      b: [1, 2],
      c: ',}',
    });
    expect(parseJsonc('{ broken')).toBeNull();
  });
});
