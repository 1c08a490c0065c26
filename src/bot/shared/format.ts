/** Display helpers shared by the features (amounts are formatted in src/domain/money.ts). */
import { cachedFormat, formatLocale } from "../../domain/format-locale.js";
import { DEFAULT_ZONE, formatOffset, offsetMinutes } from "../../domain/time-zones.js";
import type { Translate } from "../../domain/translate.js";

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The date and time on the wall clock of `zone` as the reader's language writes them ("28/11/2026, 03:57", "28.11.2026, 03:57"). */
function wallText(ms: number, zone: string, seconds: boolean): string {
  const tag = formatLocale();
  const f = cachedFormat(dateTimeFormats, `${tag}|${zone}|${seconds}`, () =>
    new Intl.DateTimeFormat(tag, {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
    }),
  );
  return f.format(ms);
}

/**
 * A contract timestamp as people read it, in their language's way: "28/11/2026, 10:00 UTC", or on the
 * wall clock of the person's `zone` with its offset, "28.11.2026, 13:00 (UTC+3)" ("-" when absent);
 * with `seconds`, "28.11.2026, 13:00:05 (UTC+3)".
 */
export function formatTime(
  iso: string | undefined | null,
  zone: string = DEFAULT_ZONE,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!iso) return "-";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  if (zone === DEFAULT_ZONE) return `${wallText(ms, DEFAULT_ZONE, seconds)} UTC`;
  return `${wallText(ms, zone, seconds)} (${formatOffset(offsetMinutes(ms, zone))})`;
}

/**
 * A contract timestamp on the wall clock of `zone` without the zone ("28/11/2026, 13:00"), for a list
 * whose title names the zone (zoneLabel).
 */
export function formatListTime(iso: string | undefined | null, zone: string = DEFAULT_ZONE): string {
  if (!iso) return "-";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : wallText(ms, zone, false);
}

/** A time zone as people read it: "Moscow, UTC+3" (the offset at `now`); "UTC" for UTC. */
export function zoneLabel(t: Translate, zone: string, now: number): string {
  if (zone === DEFAULT_ZONE) return t("tz-utc");
  const city = t(`tz-${zone.toLowerCase().replace(/[/_]/g, "-")}`);
  return `${city}, ${formatOffset(offsetMinutes(now, zone))}`;
}

/** Telegram's share dialog for a link (cheques, invoices, withdrawal links). */
export function shareUrl(link: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}`;
}
