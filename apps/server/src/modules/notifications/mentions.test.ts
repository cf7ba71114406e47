import { describe, expect, it } from 'vitest';
import { mentionedLogins, newMentions } from './mentions.js';

describe('mentionedLogins: who a pull request or review mentions', () => {
  it.each([
    ['Thanks @Ayse-Y!', ['ayse-y']],
    ['@octocat, @hubot and (@mona)', ['octocat', 'hubot', 'mona']],
    ['cc @ayse.', ['ayse']],
    ['write to ayse@example.com or @ayse.example.com', []],
    ['a team: @acme/core', []],
    ['inline `@ayse` code', []],
    ['```\n@ayse\n```\nafter @mona', ['mona']],
    ['~~~ts\n@ayse\n~~~', []],
    ['    @ayse in an indented block', []],
    ['@-no @a--b @trailing-', []],
    [`@${'a'.repeat(40)}`, []],
    ['', []],
  ])('%j → %j', (text, logins) => {
    expect([...mentionedLogins(text)]).toEqual(logins);
  });

  it('an edit mentions only whom the old text did not', () => {
    expect([...newMentions('ask @mona', 'ask @mona and @Ayse')]).toEqual(['ayse']);
    expect([...newMentions(null, '@mona')]).toEqual(['mona']);
  });
});
