import { describe, expect, it } from 'vitest';
import { formatMessage } from './message.js';

const long = {
  title: 'T'.repeat(400),
  lines: Array.from({ length: 80 }, (_, index) => `line ${index} ${'x'.repeat(60)}`),
  link: 'https://rota.example/projects/p',
  linkLabel: 'Open in Rota',
};

describe('message formats keep within the receivers’ limits', () => {
  it('Slack: header 150 characters, section 3,000, with a mark where text was cut', () => {
    const body = formatMessage('slack', long) as {
      text: string;
      blocks: Array<{ type: string; text: { text: string } }>;
    };
    expect(body.blocks[0]!.text.text).toHaveLength(150);
    expect(body.blocks[0]!.text.text.endsWith('…')).toBe(true);
    expect(body.blocks[1]!.text.text).toHaveLength(3000);
    expect(body.text).toBe(long.title);
  });

  it('Mattermost and Discord: 2,000 characters of text', () => {
    const body = formatMessage('mattermost', long) as { text: string };
    expect(body.text).toHaveLength(2000);
    expect(body.text.startsWith(`**${long.title}**`)).toBe(true);
  });

  it('a message without a link has no link block, card action or link line', () => {
    const plain = { ...long, title: 'Kısa', lines: ['bir'], link: null };
    expect((formatMessage('slack', plain) as { blocks: unknown[] }).blocks).toHaveLength(2);
    const teams = formatMessage('teams', plain) as {
      attachments: Array<{ content: Record<string, unknown> }>;
    };
    expect(teams.attachments[0]!.content).not.toHaveProperty('actions');
    expect(formatMessage('mattermost', plain)).toEqual({ text: '**Kısa**\nbir', username: 'Rota' });
  });
});
