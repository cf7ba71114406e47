import { describe, expect, it } from 'vitest';
import { reviewConfigKey } from './config-key.js';

describe('reviewConfigKey', () => {
  const llm = { model: 'gpt-4o-mini', prompt: 'Check the SQL.' };

  it('keeps the rules-only key when no LLM is configured', () => {
    expect(reviewConfigKey()).toBe(reviewConfigKey({}, null));
    expect(reviewConfigKey({}, llm)).not.toBe(reviewConfigKey());
  });

  it('is the same for the same model and prompt, and changes with either', () => {
    const key = reviewConfigKey({}, llm);
    expect(reviewConfigKey({}, { ...llm })).toBe(key);
    expect(reviewConfigKey({}, { ...llm, model: 'gpt-4o' })).not.toBe(key);
    expect(reviewConfigKey({}, { ...llm, prompt: 'Check the SQL!' })).not.toBe(key);
    expect(reviewConfigKey({}, { ...llm, prompt: null })).not.toBe(key);
  });
});
