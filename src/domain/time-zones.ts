/**
 * A person's time zone: an IANA zone (daylight saving included) picked once from a short list of
 * cities, and the wall-clock arithmetic that quiet hours and shown times need. UTC when none is picked.
 */

/** The zones offered as buttons: one city per common offset, west to east. */
export const OFFERED_ZONES = [
  "America/Los_Angeles",
  "America/New_York",
  "America/Sao_Paulo",
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Kyiv",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Yekaterinburg",
  "Asia/Almaty",
  "Asia/Kolkata",
  "Asia/Novosibirsk",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Asia/Vladivostok",
] as const;

export const DEFAULT_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** `zone` when it is a known zone, else UTC (a stored value the runtime no longer knows). */
export function zoneOrUtc(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : DEFAULT_ZONE;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock in `zone` at the instant `ms`. */
export function wallClock(ms: number, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(ms))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Minutes `zone` is ahead of UTC at the instant `ms` (negative west of Greenwich). */
export function offsetMinutes(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** "UTC", "UTC+3", "UTC−8", "UTC+5:30". */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return "UTC";
  const sign = minutes > 0 ? "+" : "−";
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, "0")}` : ""}`;
}

const two = (n: number) => String(n).padStart(2, "0");

/** "2026-05-01 12:30" (with `seconds`, "2026-05-01 12:30:05") on the wall clock of `zone`. */
export function formatWallTime(ms: number, zone: string, seconds = false): string {
  const w = wallClock(ms, zone);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}${seconds ? `:${two(w.second)}` : ""}`;
}

/** The instant (ms) the wall clock of `zone` last showed 00:00 on the day of `ms`. */
export function startOfDay(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const midnightAsUtc = Date.UTC(w.year, w.month - 1, w.day);
  // The offset at midnight itself: a daylight-saving change during the day does not move it.
  const guess = midnightAsUtc - offsetMinutes(ms, zone) * 60_000;
  return midnightAsUtc - offsetMinutes(guess, zone) * 60_000;
}

/** Quiet hours: whole hours [from, to) on the person's wall clock; from === to means none. */
export interface QuietHours {
  from: number;
  to: number;
}

/**
 * When the quiet hours that hold the instant `now` end (ms), or undefined when `now` is outside them.
 * Hours are read on the wall clock of `zone`, so "22–07" is 22:00 to 07:00 where the person lives,
 * whatever the season.
 */
export function quietUntil(quiet: QuietHours | null, now: number, zone: string): number | undefined {
  if (quiet === null || quiet.from === quiet.to) return undefined;
  const { hour } = wallClock(now, zone);
  const inside = quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
  if (!inside) return undefined;
  // The next instant, after now, at which the wall clock shows `to`:00 (found hour by hour, so that a
  // daylight-saving change on the way is taken as it comes).
  const startOfMinute = now - (now % 60_000);
  const w = wallClock(now, zone);
  let t = startOfMinute - w.minute * 60_000 + 3_600_000;
  for (let i = 0; i < 26; i++, t += 3_600_000) {
    const at = wallClock(t, zone);
    if (at.hour === quiet.to) return t - at.minute * 60_000;
  }
  return now + 24 * 3_600_000;
}
