import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

function dom(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('README rendering', () => {
  it('renders GitHub-flavoured Markdown: headings, tables, task lists, code', () => {
    const root = dom(
      renderMarkdown(
        '# Shop\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n- [ ] open\n\n```ts\nconst x = 1;\n```\n',
        {
          taskLabel: (checked) => (checked ? 'done' : 'to do'),
        },
      ),
    );
    expect(root.querySelector('h1')?.textContent).toBe('Shop');
    expect(root.querySelectorAll('td')).toHaveLength(2);
    const boxes = root.querySelectorAll('input[type="checkbox"]');
    expect([...boxes].map((box) => box.getAttribute('aria-label'))).toEqual(['done', 'to do']);
    expect(root.querySelector('pre code')?.textContent).toBe('const x = 1;\n');
  });

  it('never passes raw HTML through: no script, no event handler, no javascript: link', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src="x" onerror="alert(2)">',
        '<a href="https://example.com" onclick="alert(3)">raw link</a>',
        '[click me](javascript:alert(4))',
        '[data](data:text/html,<script>alert(5)</script>)',
        '<iframe src="https://evil.example"></iframe>',
        '<div style="position:fixed">styled</div>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|data:text|style=/i);
    const root = dom(html);
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('click me');
  });

  it('opens outside links apart, safely; resolves relative ones on the host or drops them', () => {
    const root = dom(
      renderMarkdown(
        '[site](https://example.com) [guide](docs/guide.md) [up](../../etc/passwd) [top](#usage)',
        {
          resolveRelative: (path) =>
            path.startsWith('docs/') ? `https://github.com/acme/shop/blob/main/${path}` : null,
        },
      ),
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com',
      'https://github.com/acme/shop/blob/main/docs/guide.md',
      '#usage',
    ]);
    for (const link of links.slice(0, 2)) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(root.textContent).toContain('up');
  });

  it('shows images, which the page may not load, as words: a link of their own, or text inside a link', () => {
    const root = dom(
      renderMarkdown(
        '![logo](https://example.com/logo.png)\n\n[![build](https://img.shields.io/b.svg)](https://ci.example.com)\n\n![local](shot.png)',
        {
          imageLabel: (alt) => `[image: ${alt}]`,
        },
      ),
    );
    expect(root.querySelector('img')).toBeNull();
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['https://example.com/logo.png', '[image: logo]'],
      ['https://ci.example.com', '[image: build]'],
    ]);
    expect(root.querySelector('a a')).toBeNull();
    expect(root.textContent).toContain('[image: local]');
  });

  it('lets the keyboard reach code blocks and tables, which scroll in their own box on a phone', () => {
    const root = dom(
      renderMarkdown(
        '```sh\nnpm install --save-dev a-very-long-package-name\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nText',
      ),
    );
    expect(root.querySelector('pre')?.getAttribute('tabindex')).toBe('0');
    expect(root.querySelector('table')?.getAttribute('tabindex')).toBe('0');
    expect(root.querySelector('p')?.hasAttribute('tabindex')).toBe(false);
  });
});
