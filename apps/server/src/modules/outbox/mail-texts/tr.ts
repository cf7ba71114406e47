import type { MailTexts } from './types.js';

/** Rota's e-mails in Turkish (the default language, spec §9). */
export const tr: MailTexts = {
  locale: 'tr-TR',
  lang: 'tr',
  kinds: {
    prAssigned: {
      subject: (f) => `Size atandı: ${f.subject}`,
      lead: (f) =>
        f.actor
          ? `${f.actor} sizi ${f.subject} için atadı veya incelemenizi istedi.`
          : `${f.subject} size atandı veya incelemeniz istendi.`,
    },
    prMentioned: {
      subject: (f) => `Sizden bahsedildi: ${f.subject}`,
      lead: (f) =>
        f.actor
          ? `${f.actor}, ${f.subject} içinde sizden bahsetti.`
          : `${f.subject} içinde sizden bahsedildi.`,
    },
    prReviewed: {
      subject: (f) => `Rota inceledi: ${f.subject}`,
      lead: (f) => `Rota, ${f.subject} incelemesini bitirdi${f.verdict ? `: ${f.verdict}` : ''}.`,
    },
    prMerged: {
      subject: (f) => `Birleştirildi: ${f.subject}`,
      lead: (f) =>
        f.actor
          ? `${f.actor}, ${f.subject} çekme isteğini birleştirdi.`
          : `${f.subject} birleştirildi.`,
    },
    agreementBroken: {
      subject: (f) => `Çalışma anlaşması bozuldu: ${f.subject}`,
      lead: (f) =>
        `${f.subject}, projenin “${f.agreement ?? 'çalışma anlaşması'}” anlaşmasını bozdu` +
        (f.threshold !== null ? ` (eşik: ${f.threshold}).` : '.'),
    },
    workFailed: {
      subject: (f) => `${f.work ?? 'İş'} başarısız oldu: ${f.subject}`,
      lead: (f) =>
        `${f.subject} için ${f.work ? f.work.toLocaleLowerCase('tr-TR') : 'iş'} başarısız oldu` +
        (f.failure ? ` (hata kodu: ${f.failure}).` : '.'),
    },
  },
  verdicts: {
    approved: 'onaylandı',
    changes_requested: 'değişiklik istendi',
    commented: 'yorum yapıldı',
    pending: 'bekliyor',
  },
  works: { analysis: 'Analiz', fetch: 'Depo güncelleme', sync: 'Çekme isteği eşitleme' },
  topics: {
    prAssigned: 'atama e-postaları',
    prMentioned: 'bahsedilme e-postaları',
    prReviewed: 'inceleme e-postaları',
    prMerged: 'birleştirme e-postaları',
    agreementBroken: 'bozulan çalışma anlaşması e-postaları',
    workFailed: 'başarısız iş e-postaları',
    digest: 'özet e-postası',
  },
  project: (name) => `Proje: ${name}`,
  when: (date) => `Zaman: ${date}`,
  open: 'Rota’da aç',
  unsubscribe: (topic) => `Bundan sonra ${topic} gönderilmesin`,
  footer: 'Bu e-postayı Rota bildirim ayarlarınız nedeniyle aldınız.',
  page: {
    title: 'Rota e-posta aboneliği',
    confirm: (topic) => `Artık ${topic} almak istemiyor musunuz?`,
    button: 'Aboneliği iptal et',
    done: (topic) => `Tamam: artık ${topic} gönderilmeyecek.`,
    invalid: 'Bu abonelikten çıkma bağlantısı geçersiz. Bağlantıyı e-postadan eksiksiz kopyalayın.',
    settings: 'Diğer bildirimleri Rota’da Ayarlar sayfasından değiştirebilirsiniz.',
  },
};
