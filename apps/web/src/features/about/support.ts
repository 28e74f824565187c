import { SUPPORT_CONTACT, SUPPORT_HOURS, TIME_ZONE } from '@sm/contract';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** Weekday, hour and minute in Kuala Lumpur, whatever zone the device is set to. */
const klParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const ISO_WEEKDAY: Record<string, number> = {
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
  Sun: 7,
};

/** The ISO weekday (1 = Monday) and the minute of the day in Kuala Lumpur at `at`. */
export function klClock(at: Date): { day: number; minute: number } {
  const parts = Object.fromEntries(klParts.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: ISO_WEEKDAY[parts.weekday ?? ''] ?? 1,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const isWorkday = (day: number) => (SUPPORT_HOURS.days as readonly number[]).includes(day);

export type SupportStatus =
  | { open: true; closesAt: Date }
  /** `inDays`: 0 when it opens later today, 1 tomorrow… */
  | { open: false; opensAt: Date; inDays: number };

/**
 * Whether support answers now (spec §9: Mon–Fri 9:00–18:00, Kuala Lumpur time), and when that next
 * changes. Kuala Lumpur keeps UTC+8 all year, so a day there is always 24 hours.
 */
export function supportStatus(at: Date): SupportStatus {
  const { day, minute } = klClock(at);
  // The start of this minute in Kuala Lumpur, from which whole minutes are counted.
  const minuteStart = at.getTime() - (at.getTime() % MINUTE_MS);
  const after = (minutes: number) => new Date(minuteStart + (minutes - minute) * MINUTE_MS);

  if (isWorkday(day) && minute >= SUPPORT_HOURS.opens && minute < SUPPORT_HOURS.closes) {
    return { open: true, closesAt: after(SUPPORT_HOURS.closes) };
  }
  for (let inDays = 0; inDays <= 7; inDays += 1) {
    const next = ((day - 1 + inDays) % 7) + 1;
    if (!isWorkday(next) || (inDays === 0 && minute >= SUPPORT_HOURS.opens)) continue;
    return {
      open: false,
      opensAt: after(inDays * DAY_MINUTES + SUPPORT_HOURS.opens),
      inDays,
    };
  }
  throw new Error('SUPPORT_HOURS has no working day');
}

/** Minutes after midnight as the clock shows them: 540 → `9:00`. */
export const clockTime = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** Where each support channel opens: the dialer, WhatsApp (web or app), the mail app. */
export const SUPPORT_LINKS = {
  phone: `tel:${SUPPORT_CONTACT.phone}`,
  whatsapp: `https://wa.me/${SUPPORT_CONTACT.whatsapp.replace(/\D/g, '')}`,
  email: `mailto:${SUPPORT_CONTACT.email}`,
} as const;
