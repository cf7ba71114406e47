import type { ChatFormat } from '@rota/contracts';

/** A message before its format: worded already, in the project owner's language. */
export interface ChatMessage {
  title: string;
  lines: string[];
  /** Where it leads in Rota (absolute), or null. */
  link: string | null;
  /** The link's label, in the message's language. */
  linkLabel: string;
}

/** Slack mrkdwn and Mattermost/Teams markdown: the three characters Slack asks to escape. */
const escapeSlack = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * Slack incoming webhook: `text` is the notification and fallback, `blocks` what the channel shows
 * (a header, a section of lines, a link). Limits: header text 150, section text 3,000 characters.
 */
function slackBody(message: ChatMessage) {
  const lines = message.lines.map(escapeSlack).join('\n');
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: clip(message.title, 150), emoji: true } },
  ];
  if (lines) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: clip(lines, 3000) } });
  if (message.link)
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `<${message.link}|${escapeSlack(message.linkLabel)}>` },
    });
  return { text: clip(message.title, 3000), blocks };
}

/**
 * Microsoft Teams through a Workflows ("When a Teams webhook request is received") webhook: one
 * Adaptive Card 1.4 in a `message` attachment. (Office 365 connectors' MessageCard is retired.)
 */
function teamsBody(message: ChatMessage) {
  const body: unknown[] = [
    { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
    ...message.lines.map((line) => ({
      type: 'TextBlock',
      text: line,
      wrap: true,
      spacing: 'Small',
    })),
  ];
  const card: Record<string, unknown> = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body,
  };
  if (message.link)
    card.actions = [{ type: 'Action.OpenUrl', title: message.linkLabel, url: message.link }];
  return {
    type: 'message',
    attachments: [
      { contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card },
    ],
  };
}

/**
 * Mattermost incoming webhook (and Discord at `…/slack`): markdown `text` and a `username`; at most
 * 2,000 characters, Discord's limit for a message (Mattermost's is higher).
 */
function mattermostBody(message: ChatMessage) {
  const parts = [`**${message.title}**`, ...message.lines];
  if (message.link) parts.push(`[${message.linkLabel}](${message.link})`);
  return { text: clip(parts.join('\n'), 2000), username: 'Rota' };
}

/** The JSON body a receiver of `format` takes. */
export function formatMessage(format: ChatFormat, message: ChatMessage): unknown {
  switch (format) {
    case 'slack':
      return slackBody(message);
    case 'teams':
      return teamsBody(message);
    case 'mattermost':
      return mattermostBody(message);
  }
}
