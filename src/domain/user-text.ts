/**
 * Text that people typed (a note, a description, a memo, a pair or a value they typed) or that
 * Telegram or the service passes on from them (a display name), shown set apart from the bot's own
 * lines so that it can never pass for one. Messages here are plain text, so the setting apart is plain
 * text too: a block is quoted line by line ("│ " before each of its lines, as Telegram draws a quote), a
 * name or a typed value stays on one line inside quote marks. Line separators of every kind become line
 * breaks (or spaces, on one line). Characters that cannot be seen (zero-width characters, direction
 * controls, other controls) are shown as a visible mark such as "[U+200B]", so a person sees why a pair
 * they typed was not found and nothing reorders or hides the text around it
 * (docs/decisions/041-typed-text-clipped-by-graphemes.md); what was typed goes to the service as it was.
 *
 * Text is shortened only here, by graphemes (what a person sees as one character), never by UTF-16
 * units: half an emoji is a lone surrogate, and Telegram refuses the whole message for it.
 */

/** Every way to start a new line: CR LF, CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/**
 * What cannot be seen: controls, format characters (zero-width spaces and joiners, direction marks,
 * embeddings, overrides and isolates, the byte order mark, the soft hyphen, tags), the other default
 * ignorable code points (fillers, variation selectors), and the two private-use characters that mark
 * tap-to-copy values (copyable.ts).
 */
const INVISIBLE = /^(?:\p{Cc}|\p{Cf}|\p{Default_Ignorable_Code_Point}|[\uE000\uE001])$/u;
/** Variation selectors: they choose how the character before them is drawn (an emoji's colour form). */
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u180B-\u180D\u180F\u{E0100}-\u{E01EF}]$/u;
/** Tag characters: they spell the region of a flag emoji (🏴 and tags: Scotland, Wales). */
const TAG = /^[\u{E0020}-\u{E007F}]$/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;
/**
 * Scripts whose writing uses the zero-width joiner and non-joiner between letters (Persian, Urdu and
 * other Arabic-script languages, the Indic scripts, Mongolian): there the joiners are spelling.
 */
const JOINING_SCRIPT =
  /^[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}]$/u;
const ZWNJ = "\u200C";
const ZWJ = "\u200D";
/** Quote marks that could close the marks a name is shown in. */
const QUOTE_MARKS = /["“”„«»‹›]/g;
const WHITE_SPACE = /\p{White_Space}+/gu;
const BAR = "│";
const ELLIPSIS = "…";

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The visible mark of an invisible character: its code point, e.g. "[U+200B]". */
function mark(char: string): string {
  return `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`;
}

/**
 * The text as a person sees it, one unit per grapheme (an emoji with its joiners, a letter with its
 * accents) and one per invisible character, which becomes its visible mark. Kept as they are: variation
 * selectors after a character, joiners and tags inside an emoji, joiners between letters of a script
 * that spells with them. A lone surrogate (half an emoji, from the service) becomes U+FFFD.
 */
function displayUnits(text: string): string[] & { marked: number } {
  const chars: string[] = [];
  const graphemeStarts = new Set<number>();
  const graphemeOf: number[] = [];
  for (const { segment } of GRAPHEMES.segment(text.toWellFormed())) {
    graphemeStarts.add(chars.length);
    for (const c of segment) {
      graphemeOf.push(graphemeStarts.size - 1);
      chars.push(c);
    }
  }
  const firstOf = (i: number) => {
    let j = i;
    while (!graphemeStarts.has(j)) j--;
    return chars[j]!;
  };
  const kept = (i: number): boolean => {
    const c = chars[i]!;
    if (!INVISIBLE.test(c)) return true;
    const inside = !graphemeStarts.has(i);
    const [before, after] = [chars[i - 1] ?? "", chars[i + 1] ?? ""];
    // A colour or text selector draws the visible character just before it.
    if (VARIATION_SELECTOR.test(c)) return inside && !INVISIBLE.test(before);
    // Tags spell a flag right after its black flag (🏴 and tags): a tag after anything else hides.
    if (TAG.test(c)) return inside && EMOJI.test(firstOf(i)) && (EMOJI.test(before) || (TAG.test(before) && kept(i - 1)));
    // A joiner inside an emoji sequence (👩‍💻): an emoji grapheme that goes on with an emoji.
    const joinsEmoji = EMOJI.test(firstOf(i)) && graphemeOf[i + 1] === graphemeOf[i] && EMOJI.test(after);
    if (c === ZWJ && joinsEmoji) return true;
    // Between two letters of such a script; a mark (U+061C) is of the script too, but is no letter.
    const letter = (x: string) => JOINING_SCRIPT.test(x) && !INVISIBLE.test(x);
    if (c === ZWJ || c === ZWNJ) return letter(before) && letter(after);
    return false;
  };
  const units = Object.assign([] as string[], { marked: 0 });
  let current = "";
  chars.forEach((c, i) => {
    if (graphemeStarts.has(i) && current !== "") {
      units.push(current);
      current = "";
    }
    if (kept(i)) current += c;
    else {
      if (current !== "") units.push(current);
      current = "";
      units.push(mark(c));
      units.marked++;
    }
  });
  if (current !== "") units.push(current);
  return units;
}

/** `units` joined, at most `max` of them: when there are more, the first `max - 1` and "…". */
function clipUnits(units: string[], max: number): string {
  if (units.length <= max) return units.join("");
  // A joiner kept between two letters loses the letter after it at the cut: it would join nothing, unseen.
  return `${units.slice(0, Math.max(0, max - 1)).join("").replace(/[\u200C\u200D]+$/u, "")}${ELLIPSIS}`;
}

/** Whitespace of every kind trimmed (the byte order mark is not whitespace here: it is shown). */
const trimSpace = (s: string) => s.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, "");

/** The text's lines: line breaks unified, tabs as spaces, invisible characters marked, no blank lines at either end. */
function lines(text: string): string[] {
  const all = text
    .replace(LINE_BREAK, "\n")
    .replace(/\t/g, " ")
    .split("\n")
    .map((line) => displayUnits(line).join("").replace(/\p{White_Space}+$/u, ""));
  while (all.length > 0 && trimSpace(all[0]!) === "") all.shift();
  while (all.length > 0 && trimSpace(all.at(-1)!) === "") all.pop();
  return all;
}

/** Typed text as a quote: each of its lines after "│ " (an empty line as "│"); empty when nothing shows. */
export function quoteBlock(text: string): string {
  return lines(text)
    .map((line) => (line === "" ? BAR : `${BAR} ${line}`))
    .join("\n");
}

/** A field holding typed text: its label, then the text quoted on the lines below; "label —" when empty. */
export function quotedField(label: string, text: string | null | undefined): string {
  const quote = text ? quoteBlock(text) : "";
  return quote === "" ? `${label} —` : `${label}\n${quote}`;
}

/**
 * A name, a typed value or other short text for one line inside quote marks: line breaks as spaces, no
 * quote marks of its own (which could close ours), invisible characters marked, at most `max`
 * characters (graphemes; a mark counts as one), "…" last when cut. The one way typed text is
 * shortened for display.
 */
export function inlineUserText(text: string, max = 64): string {
  const flat = trimSpace(text.replace(LINE_BREAK, " ").replace(QUOTE_MARKS, "'").replace(WHITE_SPACE, " "));
  return clipUnits(displayUnits(flat), max);
}

/**
 * Whether `text` holds a character that cannot be seen, line breaks and tabs aside (a character that
 * `inlineUserText` and `quoteBlock` would show as a mark).
 */
export function hasInvisible(text: string): boolean {
  return displayUnits(text.replace(LINE_BREAK, " ").replace(/\t/g, " ")).marked > 0;
}

/**
 * The longest start of `text` of at most `maxUnits` UTF-16 code units (Telegram's measure of a
 * message) that ends between two graphemes, so no emoji or accented letter is cut in half.
 */
export function headWithin(text: string, maxUnits: number): string {
  let head = "";
  for (const { segment } of GRAPHEMES.segment(text)) {
    if (head.length + segment.length > maxUnits) break;
    head += segment;
  }
  return head;
}
