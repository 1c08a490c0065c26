/**
 * Typed callback data: a codec per kind of button builds its data and reads it back, validated, so
 * the format lives in one place. Data is `head:field:field…`; the head's first segment is the
 * feature's callback prefix (what the router keys on). Every field knows its longest value, so a test
 * can prove that every button fits Telegram's 64 bytes.
 */

/** Telegram's limit on callback data, in bytes. */
export const MAX_CALLBACK_BYTES = 64;

/**
 * One field: the pattern its text matches (without capturing groups), how it reads back, and its
 * longest text; `write` turns a value that is not its own text (a filter, say) into its text.
 */
export interface Field<T> {
  source: string;
  read(text: string): T | undefined;
  longest: string;
  write?(value: T): string;
}

/** A whole number from `min` to `max`. */
export function int(min: number, max: number): Field<number> {
  return {
    source: `[0-9]{1,${String(max).length}}`,
    read: (text) => {
      const n = Number(text);
      return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
    },
    longest: String(max),
  };
}

/** Text of the given characters (a regex character class), at most `max` long. */
export function text(chars: string, max: number, min = 1): Field<string> {
  const filler = ["x", "X", "0"].find((c) => new RegExp(`^${chars}$`).test(c)) ?? "x";
  return { source: `${chars}{${min},${max}}`, read: (t) => t, longest: filler.repeat(max) };
}

/** Text matching a regular expression source (without capturing groups), at most as long as `longest`. */
export function matching(source: string, longest: string): Field<string> {
  return { source, read: (t) => t, longest };
}

/** One of a few fixed words. */
export function oneOf<const V extends string>(values: readonly V[]): Field<V> {
  return {
    source: `(?:${values.join("|")})`,
    read: (t) => (values as readonly string[]).includes(t) ? (t as V) : undefined,
    longest: values.reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a), ""),
  };
}

type Values<F> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export interface CallbackCodec<T> {
  /** The fixed start of the data (`chq:show`). */
  head: string;
  /** Its first segment: the feature's callback prefix (`chq`). */
  prefix: string;
  /** Matches this codec's data exactly (for grammY's `callbackQuery`). */
  pattern: RegExp;
  build(values: T): string;
  /** The data, or undefined when a value would not read back (too long, other characters). */
  tryBuild(values: T): string | undefined;
  /** The values, or undefined for data that is not this codec's or does not validate. */
  parse(data: string): T | undefined;
  /** The data with every field at its longest (for the 64-byte check). */
  longest(): string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A codec for `head` followed by `fields` in order (none: the data is the head alone). */
export function callbackData<const F extends Record<string, Field<unknown>>>(
  head: string,
  fields: F = {} as F,
): CallbackCodec<Values<F>> {
  const names = Object.keys(fields) as (keyof F & string)[];
  const pattern = new RegExp(`^${escape(head)}${names.map((n) => `:(${fields[n]!.source})`).join("")}$`);
  const join = (parts: string[]) => [head, ...parts].join(":");
  const build = (values: Values<F>) =>
    join(
      names.map((n) => {
        const value = (values as Record<string, unknown>)[n];
        const field = fields[n] as Field<unknown>;
        return field.write ? field.write(value) : String(value);
      }),
    );
  const codec: CallbackCodec<Values<F>> = {
    head,
    prefix: head.split(":")[0]!,
    pattern,
    build,
    tryBuild(values) {
      const data = build(values);
      return Buffer.byteLength(data) <= MAX_CALLBACK_BYTES && codec.parse(data) !== undefined ? data : undefined;
    },
    parse(data) {
      const match = pattern.exec(data);
      if (!match) return undefined;
      const out: Record<string, unknown> = {};
      for (const [i, n] of names.entries()) {
        const value = fields[n]!.read(match[i + 1]!);
        if (value === undefined) return undefined;
        out[n] = value;
      }
      return out as Values<F>;
    },
    longest: () => join(names.map((n) => fields[n]!.longest)),
  };
  return codec;
}

/** What a manifest lists of its codecs (any value types): enough for the router and the size check. */
export type DeclaredCodec = Pick<CallbackCodec<never>, "head" | "prefix" | "pattern" | "longest">;
