import type { Forge } from './forge.js';

/** Finds the forge a repository belongs to, by the host of its URL; null for plain git hosts. */
export class ForgeRegistry {
  constructor(private readonly forges: readonly Forge[]) {}

  forRepositoryUrl(repositoryUrl: string): Forge | null {
    let host: string;
    try {
      host = new URL(repositoryUrl).host.toLowerCase();
    } catch {
      return null; // local paths and scp-style addresses are no forge's
    }
    return this.forges.find((forge) => forge.ownsHost(host)) ?? null;
  }
}
