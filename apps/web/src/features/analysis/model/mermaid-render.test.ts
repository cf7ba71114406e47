import { describe, expect, it } from 'vitest';
import { plainLabels } from './mermaid-render';
import { decodeEntities } from './svg-export';

describe('Mermaid labels', () => {
  it('turns harmless entity codes inside quoted labels back into characters', () => {
    expect(plainLabels('  n_a["server · API #40;Express#41; #91;x#93;"]')).toBe(
      '  n_a["server · API (Express) [x]"]',
    );
  });

  it('leaves codes that could end a label, start a comment, an entity or markup', () => {
    const risky = '  n_a["a #34; b #35;40; c #37;#37; d #60;script#62; e #38; f #96;"]';
    expect(plainLabels(risky)).toBe(risky);
  });

  it('touches nothing outside quoted labels', () => {
    expect(plainLabels('  a -->|#40;1#41;| b')).toBe('  a -->|#40;1#41;| b');
  });

  it('decodes what Mermaid leaves in SVG text, as text', () => {
    expect(decodeEntities('web UI &#40;React&#41; &lt;b&gt; &#x1F600; &#0; &bogus;')).toBe(
      'web UI (React) <b> 😀 &#0; &bogus;',
    );
  });
});
