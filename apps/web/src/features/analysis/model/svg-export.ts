/** The size an SVG draws at: its width/height attributes, else its viewBox. */
export function svgSize(svg: SVGSVGElement): { width: number; height: number } {
  const width = Number.parseFloat(svg.getAttribute('width') ?? '');
  const height = Number.parseFloat(svg.getAttribute('height') ?? '');
  if (width > 0 && height > 0) return { width, height };
  const box = svg.viewBox?.baseVal;
  if (box && box.width > 0 && box.height > 0) return { width: box.width, height: box.height };
  return { width: 800, height: 600 };
}

/** A standalone SVG document of the drawn diagram, with the size it is drawn at. */
export function serializeSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const { width, height } = svgSize(svg);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.style.removeProperty('max-width');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Paints the SVG onto a canvas and returns a PNG. The SVG goes into an <img> as a data: URL, the
 * one image source the page's CSP allows besides its own origin (blob: is not allowed).
 */
export async function svgToPng(
  svgText: string,
  size: { width: number; height: number },
  background: string,
  scale = 2,
): Promise<Blob> {
  const image = new Image();
  image.decoding = 'async';
  image.src = `data:image/svg+xml;base64,${toBase64(svgText)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(size.width * scale);
  canvas.height = Math.ceil(size.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
      'image/png',
    ),
  );
}

/** Mermaid's entity codes (`#40;` in the source) as they end up in SVG text labels: "&#40;". */
export function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (match, code: string) => {
    if (code[0] !== '#') return named[code.toLowerCase()] ?? match;
    const point =
      code[1] === 'x' || code[1] === 'X'
        ? Number.parseInt(code.slice(2), 16)
        : Number(code.slice(1));
    return Number.isInteger(point) && point > 0 && point <= 0x10ffff
      ? String.fromCodePoint(point)
      : match;
  });
}

/**
 * With labels drawn as SVG text (not HTML), Mermaid leaves the entity codes of the source undecoded
 * ("server &#40;Express&#41;"); the text nodes are decoded in place (as text, never as markup).
 */
export function decodeSvgText(svg: SVGSVGElement): void {
  const walker = svg.ownerDocument.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes('&')) node.nodeValue = decodeEntities(node.nodeValue);
  }
}
