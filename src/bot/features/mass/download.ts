/**
 * Downloading a document the operator sent. Tests (and a local Bot API server setup) pass
 * deps.downloadFile; otherwise the file is fetched from Telegram's file endpoint, whose address holds
 * the bot token: it never appears in an error or a log line.
 */
import type { Api } from "grammy";
import type { BotDeps } from "../../context.js";

const DEFAULT_API_ROOT = "https://api.telegram.org";

/** The bytes of a Telegram file, at most `maxBytes` (more is refused without reading further). */
export async function downloadDocument(
  api: Api,
  deps: BotDeps,
  fileId: string,
  maxBytes: number,
): Promise<Buffer> {
  const file = await api.getFile(fileId);
  if (!file.file_path) throw new Error("Telegram returned no file path for the document");
  if (deps.downloadFile) return deps.downloadFile(file.file_path);
  const root = (deps.config.TELEGRAM_API_ROOT ?? DEFAULT_API_ROOT).replace(/\/+$/, "");
  const res = await fetch(`${root}/file/bot${api.token}/${file.file_path}`);
  if (!res.ok || !res.body) throw new Error(`the file download failed with status ${res.status}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > maxBytes) throw new FileTooLargeError();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export class FileTooLargeError extends Error {
  constructor() {
    super("the file is larger than allowed");
    this.name = "FileTooLargeError";
  }
}
