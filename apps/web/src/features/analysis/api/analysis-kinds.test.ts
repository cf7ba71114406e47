import { describe, expect, it } from 'vitest';
import { ANALYSIS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../lib/api-config';
import { endpoints } from './analysis-kinds';

describe('analysis endpoints', () => {
  it('give branch and README analysis spec §9’s 300 s, the others the default', () => {
    expect(ANALYSIS_TIMEOUT_MS).toBe(300_000);
    expect(endpoints.branches.timeout).toBe(ANALYSIS_TIMEOUT_MS);
    expect(endpoints.readme.timeout).toBe(ANALYSIS_TIMEOUT_MS);
    expect(endpoints.structure.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(endpoints.diagram.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('ask for a recompute the way each endpoint takes it', () => {
    expect(endpoints.branches.refresh).toEqual({ method: 'GET', params: { refresh: 'true' } });
    expect(endpoints.readme.refresh).toEqual({ method: 'GET', params: { force: 'true' } });
    expect(endpoints.structure.refresh).toEqual({ method: 'POST' });
    expect(endpoints.diagram.refresh).toEqual({ method: 'POST' });
  });
});
