/** Display helpers shared by the features (amounts are formatted in src/domain/money.ts). */

/** A contract timestamp as people read it: "2025-03-03 10:00 UTC" ("-" when absent). */
export function formatTime(iso: string | undefined | null): string {
  if (!iso) return "-";
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

/** Telegram's share dialog for a link (cheques, invoices, withdrawal links). */
export function shareUrl(link: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(link)}`;
}
