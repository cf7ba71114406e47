import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const cwd = tempDir();
    const config = loadConfig({}, { cwd });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.join(cwd, 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
      webOrigin: 'http://localhost:3000',
      logLevel: 'info',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns the LLM reviewer on only with base URL, key and model', () => {
    const cwd = tempDir();
    const all = {
      LLM_BASE_URL: 'http://localhost:11434/v1/',
      LLM_API_KEY: 'ollama',
      LLM_MODEL: 'qwen2.5-coder',
    };
    expect(loadConfig({}, { cwd }).llm).toBeNull();
    expect(loadConfig({ ...all, LLM_MODEL: '' }, { cwd }).llm).toBeNull();
    expect(loadConfig({ ...all, LLM_API_KEY: undefined }, { cwd }).llm).toBeNull();
    expect(loadConfig(all, { cwd }).llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'ollama',
      model: 'qwen2.5-coder',
      timeoutMs: 120_000,
      maxInputTokens: 24_000,
      retryBaseMs: 1000,
    });
    expect(
      loadConfig({ ...all, LLM_TIMEOUT_MS: '30000', LLM_MAX_INPUT_TOKENS: '100000' }, { cwd }).llm,
    ).toMatchObject({ timeoutMs: 30_000, maxInputTokens: 100_000 });
    expect(() =>
      loadConfig({ ...all, LLM_BASE_URL: 'not a url', LLM_TIMEOUT_MS: 'soon' }, { cwd }),
    ).toThrow(/LLM_BASE_URL: must be a URL[\s\S]*LLM_TIMEOUT_MS/);
  });

  it('reads the sign-in limits and the analysis quotas', () => {
    const defaults = loadConfig({}, { cwd: tempDir() });
    expect(defaults.authRateLimit).toEqual({
      windowMs: 900_000,
      perIp: 100,
      perEmailIp: 10,
      perEmail: 100,
    });
    expect(defaults.analysisQuota).toEqual({ maxActivePerUser: 25, repoAnalyzePerHour: 30 });
    const set = loadConfig(
      {
        AUTH_RATE_LIMIT_PER_IP: '7',
        AUTH_RATE_LIMIT_PER_EMAIL_IP: '3',
        AUTH_RATE_LIMIT_PER_EMAIL: '50',
        ANALYSIS_MAX_ACTIVE_PER_USER: '4',
        REPO_ANALYZE_PER_HOUR: '9',
      },
      { cwd: tempDir() },
    );
    expect(set.authRateLimit).toMatchObject({ perIp: 7, perEmailIp: 3, perEmail: 50 });
    expect(set.analysisQuota).toEqual({ maxActivePerUser: 4, repoAnalyzePerHour: 9 });
    expect(() => loadConfig({ REPO_ANALYZE_PER_HOUR: '0' }, { cwd: tempDir() })).toThrow(
      /REPO_ANALYZE_PER_HOUR/,
    );
  });

  it('reads GitHub: public GitHub by default, sign-in on only with both client halves', () => {
    const defaults = loadConfig({}, { cwd: tempDir() });
    expect(defaults.github).toEqual({
      apiUrl: 'https://api.github.com',
      webUrl: 'https://github.com',
      oauth: null,
      token: undefined,
    });
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id' }, { cwd: tempDir() }).github.oauth).toBeNull();
    const enterprise = loadConfig(
      {
        GITHUB_CLIENT_ID: 'Iv1.abc',
        GITHUB_CLIENT_SECRET: 'shh',
        GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
        GITHUB_WEB_URL: 'http://127.0.0.1:9999',
        GITHUB_TOKEN: 'ghp_x',
      },
      { cwd: tempDir() },
    );
    expect(enterprise.github).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'http://127.0.0.1:9999',
      oauth: { clientId: 'Iv1.abc', clientSecret: 'shh' },
      token: 'ghp_x',
    });
    // Plain http would send tokens over the network in the clear: only loopback may use it.
    expect(() =>
      loadConfig({ GITHUB_API_URL: 'http://ghe.example.com/api/v3' }, { cwd: tempDir() }),
    ).toThrow(/GITHUB_API_URL: must be an https URL/);
    expect(() => loadConfig({ GITHUB_WEB_URL: 'ftp://github.com' }, { cwd: tempDir() })).toThrow(
      /GITHUB_WEB_URL/,
    );
  });

  it('reads WEBHOOK_URL as given (unset = the default under PUBLIC_URL), refusing a non-URL', () => {
    expect(loadConfig({}, { cwd: tempDir() }).webhookUrl).toBeUndefined();
    expect(
      loadConfig(
        { WEBHOOK_URL: ' https://smee.io/rota-a1B2 ', PUBLIC_URL: 'http://localhost:3000' },
        { cwd: tempDir() },
      ).webhookUrl,
    ).toBe('https://smee.io/rota-a1B2');
    expect(() => loadConfig({ WEBHOOK_URL: 'smee.io/rota' }, { cwd: tempDir() })).toThrow(
      /WEBHOOK_URL: must be an http or https URL/,
    );
    // GitHub delivers over http(s) only.
    expect(() =>
      loadConfig({ WEBHOOK_URL: 'ftp://hooks.example.com/x' }, { cwd: tempDir() }),
    ).toThrow(/WEBHOOK_URL/);
  });

  it('turns metrics on only with a METRICS_TOKEN that is long and plain enough', () => {
    expect(loadConfig({}, { cwd: tempDir() }).metricsToken).toBeUndefined();
    const token = 'scrape-8e1f0c3b9a7d4e21';
    expect(loadConfig({ METRICS_TOKEN: token }, { cwd: tempDir() }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, { cwd: tempDir() })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(() =>
      loadConfig({ METRICS_TOKEN: 'with a space in the token' }, { cwd: tempDir() }),
    ).toThrow(/METRICS_TOKEN: must be printable ASCII without spaces/);
  });

  it('sends e-mail only with an smtp:// or smtps:// SMTP_URL, from MAIL_FROM or PUBLIC_URL’s host', () => {
    expect(loadConfig({}, { cwd: tempDir() }).mail).toBeNull();
    expect(
      loadConfig(
        {
          SMTP_URL: 'smtps://user:pass@mail.example.com:465',
          PUBLIC_URL: 'https://rota.example.com',
        },
        { cwd: tempDir() },
      ).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      from: 'Rota <rota@rota.example.com>',
    });
    expect(
      loadConfig(
        { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Ekip <ekip@example.com>' },
        { cwd: tempDir() },
      ).mail?.from,
    ).toBe('Ekip <ekip@example.com>');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' }, { cwd: tempDir() })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'not an address' }, { cwd: tempDir() })).toThrow(
      /MAIL_FROM: must be an address/,
    );
  });

  it("matches README's configuration table, variable for variable", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('names every bad variable in one error', () => {
    const attempt = () =>
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'not a url',
          JWT_SECRET: 'short',
          LOG_LEVEL: 'loud',
          ENCRYPTION_KEY: 'xyz',
        },
        { cwd: tempDir() },
      );
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'ENCRYPTION_KEY']) {
        expect(message).toContain(name);
      }
      expect((error as ConfigError).problems).toHaveLength(5);
    }
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '' }, { cwd: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('generates missing secrets once, keeps them with mode 0600, and reuses them', () => {
    const cwd = tempDir();
    const first = loadConfig({ DATA_DIR: 'state' }, { cwd });
    const file = path.join(cwd, 'state', 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: 'state' }, { cwd });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
  });

  it('prefers secrets given in the environment and then writes none', () => {
    const cwd = tempDir();
    const config = loadConfig(
      { JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: 'ab'.repeat(32) },
      { cwd },
    );
    expect(config.jwtSecret).toBe('x'.repeat(40));
    expect(() => statSync(path.join(cwd, 'data', 'secrets.json'))).toThrow();
  });
});
