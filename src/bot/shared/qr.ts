/**
 * QR code pictures of links and on-chain addresses, so a person can scan one with another phone or
 * wallet. Drawn by the `qrcode` package as a PNG (no browser, no fonts), sent as a photo with the
 * value itself as its tap-to-copy caption. Render times: docs/performance.md (`npm run bench:qr`).
 */
import { InputFile } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import QRCode from "qrcode";
import { copyable, stripCopyMarks } from "../../domain/copyable.js";
import type { BotContext } from "../context.js";

/** Telegram's longest photo caption. */
export const MAX_CAPTION = 1024;

/**
 * The PNG of `value`'s QR code: error correction M (scans from a screen with a little glare), a
 * quiet zone of 4 modules as the standard asks, 8 pixels a module (a 33-module link is 328 px).
 */
export function qrPng(value: string): Promise<Buffer> {
  return QRCode.toBuffer(value, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 8 });
}

/**
 * Sends `value`'s QR code as a photo. The caption is `caption` when given (it must show the value),
 * else the value itself; a caption over Telegram's limit is left for the message beside it.
 */
export async function replyWithQr(
  ctx: BotContext,
  value: string,
  options: { caption?: string; reply_markup?: InlineKeyboardMarkup } = {},
): Promise<void> {
  const png = await qrPng(value);
  const caption = options.caption ?? copyable(value);
  await ctx.replyWithPhoto(new InputFile(png, "qr.png"), {
    // Telegram counts the caption as shown (marks gone) in UTF-16 units, as JavaScript does.
    ...(stripCopyMarks(caption).length <= MAX_CAPTION ? { caption } : {}),
    ...(options.reply_markup ? { reply_markup: options.reply_markup } : {}),
  });
}
