import type { Element, ElementContent, Root } from 'hast';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

export interface RenderMarkdownOptions {
  /** Where a link or image relative to the README points on the repository's host; null if unknown. */
  resolveRelative?: (path: string) => string | null;
  /** Words for an image that is shown as a link (images from elsewhere cannot load here). */
  imageLabel?: (alt: string) => string;
  /** The name of a task list's checkbox ("done" / "not done"), for screen readers. */
  taskLabel?: (checked: boolean) => string;
}

const isAbsoluteHttp = (url: string) => /^https?:\/\//i.test(url);

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function externalLink(href: string, children: ElementContent[]): Element {
  return {
    type: 'element',
    tagName: 'a',
    properties: { href, target: '_blank', rel: ['noopener', 'noreferrer'] },
    children,
  };
}

/**
 * After sanitising: every link that leaves the page opens apart with rel="noopener noreferrer",
 * links relative to the README point at the repository host (or become plain text), and images,
 * which the page's CSP would not load from elsewhere anyway, become links to where they live.
 * Code blocks and tables, which scroll in their own box, can take the keyboard's focus.
 */
function rehypeSafeLinks(options: RenderMarkdownOptions) {
  const resolve = (url: string) =>
    isAbsoluteHttp(url)
      ? url
      : url.startsWith('#')
        ? null
        : (options.resolveRelative?.(url) ?? null);
  const imageText = (alt: string) =>
    text(options.imageLabel ? options.imageLabel(alt) : `[${alt}]`);
  const visit = (node: Root | Element, inLink: boolean) => {
    node.children = node.children.map((child): typeof child => {
      if (child.type !== 'element') return child;
      if (child.tagName === 'img') {
        const src = typeof child.properties.src === 'string' ? child.properties.src : '';
        const alt = typeof child.properties.alt === 'string' ? child.properties.alt : '';
        const target = src && !inLink ? resolve(src) : null;
        // Inside a link (a badge) the words stand in for the image; a link in a link is not HTML.
        return target
          ? externalLink(target, [imageText(alt)])
          : {
              type: 'element',
              tagName: 'span',
              properties: { className: ['rota-image'] },
              children: [imageText(alt)],
            };
      }
      if (child.tagName === 'input' && child.properties.type === 'checkbox') {
        const checked = child.properties.checked === true;
        return {
          ...child,
          properties: {
            ...child.properties,
            ariaLabel: options.taskLabel ? options.taskLabel(checked) : checked ? 'done' : 'to do',
          },
        };
      }
      if (child.tagName === 'a') {
        const href = typeof child.properties.href === 'string' ? child.properties.href : null;
        visit(child, true);
        if (href?.startsWith('#')) return child;
        const target = href ? resolve(href) : null;
        if (target) return externalLink(target, child.children);
        // No safe place to go (javascript:, a path we cannot resolve): the words stay, the link goes.
        return { type: 'element', tagName: 'span', properties: {}, children: child.children };
      }
      visit(child, inLink);
      // Code blocks and tables scroll sideways in their own box on a narrow screen (never the page);
      // a keyboard can only scroll a box it can focus.
      if (child.tagName === 'pre' || child.tagName === 'table') {
        return { ...child, properties: { ...child.properties, tabIndex: 0 } };
      }
      return child;
    });
  };
  return (tree: Root) => visit(tree, false);
}

/**
 * A README (GitHub-flavoured Markdown) as HTML that is safe to put in the page: raw HTML in the
 * Markdown is dropped (never passed through), the result is sanitised with GitHub's own schema
 * (no scripts, no event handlers, no javascript: URLs), and links are made safe as above.
 */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype, { allowDangerousHtml: false })
      .use(rehypeSanitize)
      .use(rehypeSafeLinks, options)
      .use(rehypeStringify)
      .processSync(markdown),
  );
}
