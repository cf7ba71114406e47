/**
 * The project page's "Analytics" tab (`?tab=analytics`) and the dashboard's figures, their visible
 * texts written out per language (see texts.ts for why). Test ids on the tab: analytics-tab,
 * analytics-period, analytics-authors, analytics-updated, analytics-{summary, activity, rates,
 * flow, status, size, split, compliance, repositories, contributors, languages}, summary-*,
 * activity-total-*, activity-table, flow-*, rate-*, compliance-gauge, agent-share. On the
 * dashboard: dashboard-insights, dashboard-{totals, merge-time, compliance, waiting, changes,
 * attention, activity}, total-*, waiting-pr, merge-time, dashboard-activity-table.
 */
export const analyticsTexts = {
  tr: {
    tab: 'Analitik',
    days: (n: number) => `${n} gün`,
    activity: (n: number) => `Son ${n} gündeki etkinlik`,
    sections: [
      'Özet',
      'Oranlar',
      'Akış süreleri',
      'Çekme isteği durumu',
      'Çekme isteği boyutu',
      'İnsanlar, botlar ve yapay zekâ ajanları',
      'Uyum',
      'En etkin depolar',
      'En etkin katkıcılar',
      'Diller',
    ],
    notMeasured: 'Ölçülmedi',
    showTable: 'Tablo olarak göster',
    dashboardActivity: 'Son 30 gündeki etkinlik',
    waitingTitle: 'İlk incelemeyi en uzun bekleyenler',
    changesTitle: "Rota'nın değişiklik istedikleri",
  },
  en: {
    tab: 'Analytics',
    days: (n: number) => `${n} days`,
    activity: (n: number) => `Activity in the last ${n} days`,
    sections: [
      'Summary',
      'Rates',
      'Flow times',
      'Pull request status',
      'Pull request size',
      'Humans, bots and AI agents',
      'Compliance',
      'Most active repositories',
      'Top contributors',
      'Languages',
    ],
    notMeasured: 'Not measured',
    showTable: 'Show as table',
    dashboardActivity: 'Activity in the last 30 days',
    waitingTitle: 'Waiting longest for a first review',
    changesTitle: 'Rota asked for changes',
  },
} as const;
