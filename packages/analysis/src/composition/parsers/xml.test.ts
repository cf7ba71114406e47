import { describe, expect, it } from 'vitest';
import { childElements, childText, parseXml } from './xml.js';

describe('parseXml', () => {
  it('reads elements, attributes, text, entities and CDATA, dropping namespace prefixes', () => {
    const root = parseXml(`\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE project>
<!-- a comment with <tags> -->
<m:project xmlns:m="urn:x" a='1' b="&quot;2&quot;">
  <name>A &amp; B &#233;&#x41;</name>
  <code><![CDATA[x < y && z]]></code>
  <empty/>
  <item id="1"/><item id="2"></item>
</m:project>`);
    expect(root.name).toBe('project');
    expect(root.attributes).toEqual({ m: 'urn:x', a: '1', b: '"2"' });
    expect(childText(root, 'name')).toBe('A & B éA');
    expect(childText(root, 'code')).toBe('x < y && z');
    expect(childText(root, 'empty')).toBeNull();
    expect(childElements(root, 'item').map((item) => item.attributes.id)).toEqual(['1', '2']);
  });

  it('fails on mismatched, unclosed or doubled roots and never expands a DTD', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(/closing tag/);
    expect(() => parseXml('<a><b>')).toThrow(/unclosed element <b>/);
    expect(() => parseXml('<a/><b/>')).toThrow(/more than one root/);
    expect(() => parseXml('just text')).toThrow(/text outside the root/);
    expect(() => parseXml('')).toThrow(/no root element/);
    expect(() =>
      parseXml('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    ).toThrow(/DTD internal subsets/);
    expect(() => parseXml(`${'<a>'.repeat(300)}`)).toThrow(/nested too deeply/);
  });
});
