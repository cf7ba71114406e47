import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import mermaid from 'mermaid';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { DiagramViewer } from './diagram-viewer';

// jsdom has no layout, so Mermaid cannot really draw here: only its render is replaced, with an SVG
// shaped like Mermaid's (text labels with the source's entity codes left in, as Mermaid leaves
// them). The real drawing, under the real CSP, is proven in e2e/tests/analyses.spec.ts.
vi.mock('mermaid', () => ({
  default: {
    initialize: vi.fn(),
    render: vi.fn(async (id: string) => ({
      svg: `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" style="max-width: 400px;"><g class="node"><text>server &amp;#40;Express&amp;#41;</text></g><g class="node"><text>db</text></g></svg>`,
    })),
  },
}));

// What diagramMermaid writes for the fixture (contracts' renderer; the viewer only draws text).
const source =
  'flowchart LR\n  n_db["db · data"]\n  n_server["server · API #40;Express#41;"]\n  x_pg[("PostgreSQL")]\n  n_db ==>|1| n_server\n  n_server ==>|1| n_db\n  n_db -.->|1| x_pg\n';

beforeEach(() => {
  vi.mocked(mermaid.initialize).mockClear();
  vi.mocked(mermaid.render).mockClear();
});
afterEach(() => document.documentElement.classList.remove('dark'));

describe('diagram viewer', () => {
  it('draws the Mermaid text as SVG with strict security, labels decoded', async () => {
    render(<DiagramViewer source={source} fileName="shop" label="Teknik diyagram" />);
    const holder = screen.getByTestId('diagram-svg');
    await waitFor(() => expect(holder.querySelectorAll('g.node')).toHaveLength(2));
    expect(mermaid.initialize).toHaveBeenCalledWith(
      expect.objectContaining({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'default',
        layout: 'dagre', // not Mermaid 12's ELK default: its chunk is most of the report's weight
      }),
    );
    // Harmless entity codes of the labels are characters again; the rest is the server's text.
    expect(vi.mocked(mermaid.render).mock.calls[0]![1]).toBe(
      source.replace('#40;Express#41;', '(Express)'),
    );
    expect(holder).toHaveTextContent('server (Express)');
    const svg = holder.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('400');
    expect(svg.getAttribute('height')).toBe('200');
    expect(holder).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('application', { name: 'Teknik diyagram' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('follows the dark theme', async () => {
    document.documentElement.classList.add('dark');
    render(<DiagramViewer source={source} fileName="shop" label="Diyagram" />);
    await waitFor(() => expect(mermaid.render).toHaveBeenCalled());
    expect(mermaid.initialize).toHaveBeenCalledWith(expect.objectContaining({ theme: 'dark' }));
  });

  it('zooms with the buttons and the keyboard, and fits again with 0', async () => {
    render(<DiagramViewer source={source} fileName="shop" label="Diyagram" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yakınlaştır' })).toBeEnabled());
    // Turkish writes the sign first: "%100".
    const percent = () => screen.getByText(/^%\d+$/).textContent;
    expect(percent()).toBe('%100');
    await userEvent.click(screen.getByRole('button', { name: 'Yakınlaştır' }));
    expect(percent()).toBe('%125');
    await userEvent.click(screen.getByRole('button', { name: 'Uzaklaştır' }));
    await userEvent.click(screen.getByRole('button', { name: 'Uzaklaştır' }));
    expect(percent()).toBe('%80');
    const viewport = screen.getByRole('application');
    viewport.focus();
    await userEvent.keyboard('+');
    expect(percent()).toBe('%100');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('diagram-svg').style.transform).toContain('translate(48px, 0px)');
    await userEvent.keyboard('0');
    expect(screen.getByTestId('diagram-svg').style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('shows the Mermaid source on request', async () => {
    render(<DiagramViewer source={source} fileName="shop" label="Diyagram" />);
    const toggle = screen.getByRole('button', { name: 'Kaynağı göster' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByTestId('diagram-source')).toHaveTextContent('flowchart LR');
    expect(screen.getByRole('button', { name: 'Kaynağı gizle' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says so when Mermaid cannot draw the text', async () => {
    vi.mocked(mermaid.render).mockRejectedValueOnce(new Error('Parse error on line 2'));
    render(<DiagramViewer source="flowchart LR\n  a -->" fileName="shop" label="Diyagram" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Diyagram çizilemedi. Parse error on line 2');
    expect(
      within(screen.getByRole('toolbar')).getByRole('button', { name: /SVG indir/ }),
    ).toBeDisabled();
  });
});
