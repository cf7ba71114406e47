/**
 * An outbox drain in its own process, for the kill test: it drains the outbox to the SMTP server
 * over and over until it is killed.
 *   env: DB_URL, SMTP_URL, LEASE_MS
 */
import { openDatabase } from '../db/client.js';
import { createEmailTransport, Outbox } from '../modules/outbox/index.js';

const database = await openDatabase({ kind: 'postgres', url: process.env.DB_URL! });
const outbox = new Outbox({
  db: database.db,
  transports: {
    email: createEmailTransport({ smtpUrl: process.env.SMTP_URL!, from: 'Rota <rota@rota.test>' }),
  },
  leaseMs: Number(process.env.LEASE_MS ?? 2000),
  concurrency: 4,
});
process.stdout.write('READY\n');
for (;;) {
  const result = await outbox.drain({ budgetMs: 1000 });
  if (result.sent + result.retried + result.failed === 0)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
