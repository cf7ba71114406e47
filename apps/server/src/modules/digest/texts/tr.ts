import type { DigestTexts } from './en.js';

/** Özetin Türkçe metinleri (en.ts ile aynı anahtarlar). */
export const tr: DigestTexts = {
  subjectDaily: (count: number) => `Rota günlük özet: ${count} proje`,
  subjectWeekly: (count: number) => `Rota haftalık özet: ${count} proje`,
  headingDaily: 'Günlük özetiniz',
  headingWeekly: 'Haftalık özetiniz',
  period: (from: string, to: string) => `Dönem: ${from} – ${to}`,
  peopleOnly:
    'Çekme isteği sayıları, analitik sayfasının varsayılanı gibi yalnızca insanları sayar (botlar ve yapay zekâ ajanları sayılmaz).',
  openProject: "Rota'da aç",
  merged: 'Birleştirilmiş çekme istekleri',
  mergedLine: (count: string, previous: string, delta: string) =>
    `${count} birleştirilmiş (önceki dönem: ${previous}, ${delta})`,
  medianLine: (median: string, previous: string) =>
    `Birleştirmeye kadar ortanca süre: ${median} (önceki dönem: ${previous})`,
  noValue: 'yok',
  waiting: 'İlk incelemeyi en uzun bekleyenler',
  waitingLine: (age: string, author: string) => `${age} bekliyor, açan: ${author}`,
  unknownAuthor: 'bilinmiyor',
  breaches: 'Bozulan çalışma anlaşmaları',
  breachLine: (agreement: string, at: string) => `${agreement}, ${at}`,
  changesRequested: 'Rota’nın değişiklik istedikleri',
  changesRequestedLine: (at: string) => `değişiklik istendi: ${at}`,
  failures: 'Şu an başarısız olanlar',
  failureLine: (work: string, code: string, at: string) =>
    `${work} başarısız (${code}), ${at} tarihinden beri`,
  work: { fetch: 'Getirme', analysis: 'Analiz', sync: 'Çekme isteği eşitlemesi' },
  analyses: 'Analizlerde değişenler',
  firstAnalysis: 'ilk analiz: henüz karşılaştırılacak bir şey yok',
  newCycles: (count: number, list: string) => `${count} yeni çalışma zamanı döngüsü: ${list}`,
  readmeScore: (before: string, now: string) => `README puanı ${before} → ${now}`,
  staleBranches: (before: string, now: string) => `bayat dal ${before} → ${now}`,
  unsubscribe: 'Bu özetleri durdur',
  footer: 'Bu e-postayı Rota ayarlarınızda özet açık olduğu için alıyorsunuz.',
};
