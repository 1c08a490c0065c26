/**
 * The parameters of a Bot API request, as Telegram reads them: the query string, then a JSON,
 * urlencoded or multipart/form-data body (uploads kept apart by field name). One reader for both ways
 * in: a request over HTTP and a call handed over in process.
 */

export type Params = Record<string, unknown>;
export type Upload = { name: string; type: string; content: Buffer };

/** A body that cannot be read the way its content type says. */
export class BodyError extends Error {}

export function readParams(
  query: URLSearchParams | undefined,
  contentType: string,
  body: Buffer | string | undefined,
): { params: Params; uploads: Map<string, Upload> } {
  const params: Params = query ? Object.fromEntries(query) : {};
  const uploads = new Map<string, Upload>();
  if (body === undefined || body.length === 0) return { params, uploads };
  if (contentType.includes("application/json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof body === "string" ? body : body.toString("utf8"));
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== "object") throw new BodyError("invalid JSON");
    Object.assign(params, parsed);
  } else if (contentType.includes("application/x-www-form-urlencoded")) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString())));
  } else if (contentType.includes("multipart/form-data")) {
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    for (const part of multipartParts(bytes, contentType)) {
      if (part.filename === undefined) params[part.name] = part.content.toString("utf8");
      else {
        const upload = { name: part.filename || part.name, type: part.type, content: part.content };
        uploads.set(part.name, upload);
        params[part.name] = upload;
      }
    }
  }
  return { params, uploads };
}

/**
 * multipart/form-data as Telegram accepts it: grammY writes `filename=name` unquoted and headers in
 * lower case without spaces, which the platform's strict FormData parser rejects.
 */
function multipartParts(
  body: Buffer,
  contentType: string,
): { name: string; filename?: string; type: string; content: Buffer }[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw new BodyError("invalid multipart boundary");
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: { name: string; filename?: string; type: string; content: Buffer }[] = [];
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const from = start + delimiter.length;
    if (body.subarray(from, from + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, from);
    if (next < 0) break;
    const part = body.subarray(from + 2, next - 2); // skip the CRLF after the delimiter and before the next
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(head)?.[1] ?? "";
    const field = (key: string) =>
      new RegExp(`(?:^|;)\\s*${key}=(?:"([^"]*)"|([^;\\r\\n]*))`, "i").exec(disposition);
    const name = field("name");
    const filename = field("filename");
    if (name) {
      parts.push({
        name: name[1] ?? name[2] ?? "",
        ...(filename ? { filename: (filename[1] ?? filename[2] ?? "").trim() } : {}),
        type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? "application/octet-stream",
        content: Buffer.from(part.subarray(split + 4)),
      });
    }
    start = next;
  }
  return parts;
}
