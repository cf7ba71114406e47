import { describe, expect, it } from 'vitest';
import { ChatMessages, type ChatDestination } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';
import { ChatService } from './service.js';

/** What the webhook host resolves to; a test changes it between save and send (DNS rebinding). */
const dns: { answer: string[] | null } = { answer: ['93.184.216.34'] };
const resolver = async () => {
  if (!dns.answer) throw new Error('ENOTFOUND');
  return dns.answer;
};
const ctx = useTestApp({ hostPolicy: { resolver }, startQueue: false });

async function owner() {
  const account = await registerUser(ctx.app);
  const project = await createProject(ctx.app, account.token);
  const add = (url: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/chat-destinations`,
      headers: bearer(account.token),
      payload: { name: 'Ekip', format: 'slack', webhookUrl: url, topics: ['workFailed'] },
    });
  return { account, project, add };
}

describe('the host policy of webhook URLs (ALLOW_PRIVATE_HOSTS off)', () => {
  it('refuses http, and loopback, private, link-local and unresolvable hosts at save', async () => {
    const { add } = await owner();
    dns.answer = ['93.184.216.34'];
    const refusals: Array<[string, string[] | null, string]> = [
      ['http://hooks.example/x', ['93.184.216.34'], ChatMessages.httpsRequired],
      ['https://127.0.0.1/x', null, ChatMessages.loopback],
      ['https://[::1]:8443/x', null, ChatMessages.loopback],
      ['https://hooks.example/x', ['10.0.0.5'], ChatMessages.private],
      ['https://hooks.example/x', ['93.184.216.34', '192.168.1.2'], ChatMessages.private],
      ['https://hooks.example/x', ['169.254.169.254'], ChatMessages.metadata],
      ['https://hooks.example/x', null, ChatMessages.unresolvable],
    ];
    for (const [url, answer, message] of refusals) {
      dns.answer = answer;
      const response = await add(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.errors, url).toEqual([{ path: 'webhookUrl', message }]);
    }
    dns.answer = ['93.184.216.34'];
    expect((await add('https://hooks.example/services/x')).statusCode).toBe(201);
  });

  it('checks again at send: a host that now resolves privately is refused, nothing is posted', async () => {
    const { account, project, add } = await owner();
    dns.answer = ['93.184.216.34'];
    const destination = (await add('https://hooks.example/services/x')).json()
      .data as ChatDestination;
    dns.answer = ['127.0.0.1'];
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/chat-destinations/${destination.id}/test`,
      headers: bearer(account.token),
    });
    expect(test.statusCode).toBe(400);
    expect(test.json().error.errors).toEqual([
      { path: 'webhookUrl', message: ChatMessages.loopback },
    ]);

    const chat = new ChatService({
      db: ctx.database.db,
      encryptionKey: testConfig().encryptionKey,
      hostPolicy: { allowPrivateHosts: false, resolver },
      publicUrl: 'https://rota.example',
      enqueue: async () => true,
    });
    const payload = {
      destinationId: destination.id,
      message: { title: 't', lines: [], link: null, linkLabel: 'Open in Rota' },
    };
    await expect(chat.sendChatPayload(payload)).rejects.toMatchObject({
      permanent: true,
      message: ChatMessages.loopback,
    });
    dns.answer = null;
    await expect(chat.sendChatPayload(payload)).rejects.toMatchObject({
      permanent: false,
      message: ChatMessages.unresolvable,
    });
  });
});
