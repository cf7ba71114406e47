import type { Language } from './texts.js';

/**
 * The project page's "Pull requests" tab (`?tab=pull-requests`), its visible texts written out per
 * language (see texts.ts for why). Test ids on the page: pull-requests-tab, pr-sync-panel,
 * pr-sync-now, pr-sync-repo, pr-sync-status, pr-sync-error, pr-kept-current, pr-state-filter,
 * pr-total, pr-table (wide screens) or pr-cards (below 1024 px), pr-row, pr-link, pr-state,
 * pr-draft, pr-author, pr-age, pr-size, pr-reviews, pr-comments, pr-page, pr-webhook-install,
 * pr-webhook-remove, pr-webhook-outcome.
 */
export const pullRequestTexts = {
  tr: {
    tab: 'Çekme istekleri',
    syncRegion: 'Eşitleme',
    syncNow: 'Şimdi eşitle',
    queued: 'Sırada',
    running: 'Eşitleniyor',
    synced: 'Eşitlendi',
    stateFilter: { open: 'Açık', closed: 'Kapalı', merged: 'Birleştirilmiş', all: 'Tümü' },
    search: 'Çekme isteklerinde arayın',
    neverSynced: 'Çekme istekleri henüz eşitlenmedi',
    noGitHub: 'Bu projede GitHub deposu yok',
    noOpen: 'Açık çekme isteği yok',
    noMatches: 'Eşleşen çekme isteği yok',
    failed: 'Çekme istekleri yüklenemedi',
    next: 'Sonraki sayfa',
    previous: 'Önceki sayfa',
    scheduled: 'Zamanlanmış eşitlemeyle güncel tutuluyor',
    byWebhook: 'Webhook ile anında güncel tutuluyor',
    installWebhooks: 'Webhook kur',
    webhookInstalled: (name: string) => `${name}: webhook kuruldu.`,
  },
  en: {
    tab: 'Pull requests',
    syncRegion: 'Sync',
    syncNow: 'Sync now',
    queued: 'Queued',
    running: 'Syncing',
    synced: 'Synced',
    stateFilter: { open: 'Open', closed: 'Closed', merged: 'Merged', all: 'All' },
    search: 'Search pull requests',
    neverSynced: 'Pull requests not synced yet',
    noGitHub: 'This project has no GitHub repository',
    noOpen: 'No open pull requests',
    noMatches: 'No pull requests match',
    failed: 'Failed to fetch pull requests',
    next: 'Next page',
    previous: 'Previous page',
    scheduled: 'Kept current by scheduled syncs',
    byWebhook: 'Kept current at once by its webhook',
    installWebhooks: 'Install webhooks',
    webhookInstalled: (name: string) => `${name}: webhook installed.`,
  },
} satisfies Record<Language, unknown>;
