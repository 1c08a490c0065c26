/**
 * QR code pictures of links and on-chain addresses, so a person can scan one with another phone or
 * wallet. Encoded by the `qrcode` package and written as a PNG (no browser, no fonts), sent as a photo with the
 * value itself as its tap-to-copy caption. Render times: docs/performance.md (`npm run bench:qr`).
 */
import { crc32, deflateSync } from "node:zlib";
import { type Context, InputFile } from "grammy";
import type { InlineKeyboardMarkup } from "grammy/types";
import QRCode from "qrcode";
import { copyable, stripCopyMarks } from "../../domain/copyable.js";

/** Telegram's longest photo caption. */
export const MAX_CAPTION = 1024;

/** Error correction M: scans from a screen with a little glare, and keeps the picture small. */
const ERROR_CORRECTION = "M";
/** The quiet zone around the code, in modules, as the standard asks. */
const MARGIN = 4;
/** Pixels a module: a 33-module link (with its margin) is 328 px wide. */
const SCALE = 8;

/**
 * The PNG of `value`'s QR code. The `qrcode` package builds the matrix (version, mask, error
 * correction); the picture is written here as a 1-bit greyscale PNG, which takes a tenth of the time
 * of the package's own RGBA renderer and a third of its bytes (docs/performance.md, "Current figures").
 */
export function qrPng(value: string): Buffer {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: ERROR_CORRECTION });
  const side = (modules.size + 2 * MARGIN) * SCALE;
  const rowBytes = Math.ceil(side / 8);
  // Each row: filter type 0, then the pixels, 8 a byte, most significant first; 1 is white.
  const raw = Buffer.alloc((rowBytes + 1) * side, 0xff);
  for (let y = 0; y < side; y++) {
    const row = y * (rowBytes + 1);
    raw[row] = 0;
    const my = Math.floor(y / SCALE) - MARGIN;
    if (my < 0 || my >= modules.size) continue;
    for (let mx = 0; mx < modules.size; mx++) {
      if (!modules.get(my, mx)) continue;
      const x0 = (mx + MARGIN) * SCALE;
      for (let x = x0; x < x0 + SCALE; x++) raw[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([PNG_SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Sends `value`'s QR code as a photo. The caption is `caption` when given (it must show the value),
 * else the value itself; a caption over Telegram's limit is left for the message beside it.
 */
export async function replyWithQr(
  ctx: Context,
  value: string,
  options: { caption?: string; reply_markup?: InlineKeyboardMarkup } = {},
): Promise<void> {
  const png = qrPng(value);
  const caption = options.caption ?? copyable(value);
  await ctx.replyWithPhoto(new InputFile(png, "qr.png"), {
    // Telegram counts the caption as shown (marks gone) in UTF-16 units, as JavaScript does.
    ...(stripCopyMarks(caption).length <= MAX_CAPTION ? { caption } : {}),
    ...(options.reply_markup ? { reply_markup: options.reply_markup } : {}),
  });
}
