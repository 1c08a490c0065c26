/** Display helpers shared by the features (amounts are formatted in src/domain/money.ts). */
import { DEFAULT_ZONE, formatOffset, formatWallTime, offsetMinutes } from "../../domain/time-zones.js";
import type { Translate } from "../../domain/translate.js";

/**
 * A contract timestamp as people read it: "2025-03-03 10:00 UTC", or on the wall clock of the
 * person's `zone` with its offset, "2025-03-03 13:00 (UTC+3)" ("-" when absent); with `seconds`,
 * "2025-03-03 13:00:05 (UTC+3)".
 */
export function formatTime(
  iso: string | undefined | null,
  zone: string = DEFAULT_ZONE,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!iso) return "-";
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?/.exec(iso);
  if (!m) return iso;
  const ms = Date.parse(iso);
  if (zone === DEFAULT_ZONE || Number.isNaN(ms)) return `${m[1]} ${m[2]}${seconds ? (m[3] ?? ":00") : ""} UTC`;
  return `${formatWallTime(ms, zone, seconds)} (${formatOffset(offsetMinutes(ms, zone))})`;
}

/**
 * A contract timestamp on the wall clock of `zone` without the zone ("2025-03-03 13:00"), for a list
 * whose title names the zone (zoneLabel).
 */
export function formatListTime(iso: string | undefined | null, zone: string = DEFAULT_ZONE): string {
  if (!iso) return "-";
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatWallTime(ms, zone);
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
