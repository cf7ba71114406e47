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

  /**
   * The forge of a project repository whose owner and name are known: the one Rota reads pull
   * requests, reviews and GitHub figures of. Null for plain git hosts and local paths.
   */
  forProjectRepository(repo: { url: string; owner: string; repo: string }): Forge | null {
    return repo.owner && repo.repo ? this.forRepositoryUrl(repo.url) : null;
  }

  /**
   * Whether a project repository URL is on the GitHub an event's web host names. One rule with the
   * one that routes API calls: every host the GitHub forge owns (github.com, www.github.com and
   * GITHUB_WEB_URL's host) is served through GITHUB_API_URL, so they are one GitHub, and a
   * delivery from any of them is about the repository written with any other.
   */
  isOnGitHubHost(url: string, host: string): boolean {
    const forge = this.forRepositoryUrl(url);
    return forge?.id === 'github' && forge.ownsHost(host);
  }
}
