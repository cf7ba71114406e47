import type { Forge } from './forge.js';

/** Finds the forge a repository belongs to, by the host of its URL; null for plain git hosts. */
export class ForgeRegistry {
  constructor(private readonly forges: readonly Forge[]) {}

  /** The forge a stored row names (rows name their forge by id). */
  byId(id: string): Forge | null {
    return this.forges.find((forge) => forge.id === id) ?? null;
  }

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
