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

  /** Whether a project repository URL is on the GitHub host an event names. */
  isOnGitHubHost(url: string, host: string): boolean {
    if (this.forRepositoryUrl(url)?.id !== 'github') return false;
    try {
      const urlHost = new URL(url).host.toLowerCase();
      return urlHost === host || (isGitHubDotCom(urlHost) && isGitHubDotCom(host));
    } catch {
      return false;
    }
  }
}

const isGitHubDotCom = (host: string) => host === 'github.com' || host === 'www.github.com';
