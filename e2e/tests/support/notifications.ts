import type { Language } from './texts.js';

/**
 * The notifications' and their neighbours' visible texts, written out per language (see texts.ts
 * for why): the bell's accessible name, and the project page's working agreements and chat tabs.
 * Test ids: notification-bell, notification-item, agreement-<kind>, agreement-breaches.
 */
export const notificationTexts = {
  tr: {
    unread: (n: number) => `Bildirimler (${n} okunmamış)`,
    agreementsTab: 'Çalışma anlaşmaları',
    chatTab: 'Sohbet bildirimleri',
  },
  en: {
    unread: (n: number) => `Notifications (${n} unread)`,
    agreementsTab: 'Working agreements',
    chatTab: 'Chat notifications',
  },
} satisfies Record<Language, unknown>;
