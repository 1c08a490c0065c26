/**
 * Every message of every locale (every folder of locales/), rendered the way the bot renders it
 * (Fluent, no isolation marks) with sample values for each variable it references, and read for what a
 * person would stumble on: a Fluent error (a reference to a message or function that does not exist),
 * words in letters the language does not write (Latin words in Russian beyond tickers, brands,
 * commands and kept keywords; Cyrillic in English), broken plurals ("1 pairs", "5 строк" next to
 * "1 строк"), a word that agrees with a value in front of it ("a { $network }"), a fragment slotted
 * behind a word that governs its case ("на { $kind }", "получателю { $recipient }"), decimals in
 * examples written with another separator than the language's, and a move between balances called a
 * transfer. Counts are varied over numbers of each plural category of the language, and each select
 * over its keys. A new variable needs a line in KINDS below.
 *
 * What each language is held to is data: its plural categories and separators come from Intl, its
 * letters and word lists from the `-check-…` terms of its own language.ftl (docs/development.md,
 * "Adding a language").
 */
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createI18n, Languages, LOCALES_DIR } from "../src/bot/i18n.js";
import { formattingFor } from "../src/domain/format-locale.js";
import { formatAmount } from "../src/domain/money.js";

/** The languages the bot speaks: the folders of locales/. */
const LANGUAGES = new Languages(createI18n());
const LOCALES = LANGUAGES.codes;

type Pattern = NonNullable<ReturnType<FluentBundle["getMessage"]>>["value"];
type Node = Exclude<NonNullable<Pattern>, string>[number];

/**
 * What each variable holds, which decides its sample value and the checks it takes part in:
 * - count: a whole number the text counts with (varied over 1, 2, 5, 21 for the plural checks);
 * - amount: a figure, usually with its asset (1003.5 USDT, as the language writes it);
 * - code: something the text shows as it is and that never declines (a ticker, an id, a time, a link);
 * - name: text a person typed or Telegram passed on (shown in quote marks, so its case never matters);
 * - word: a fragment of the bot's own language slotted into the sentence (a status, a balance's name).
 */
type Kind = "count" | "amount" | "code" | "name" | "word";
const KINDS: Record<string, Kind> = {
  // counts
  count: "count", rows: "count", recipients: "count", max: "count", n: "count", page: "count", pages: "count",
  total: "count", seconds: "count", decimals: "count", precision: "count", length: "count", index: "count",
  of: "count", ms: "count", sent: "count", failed: "count", left: "count", skipped: "count",
  unreachable: "count", line: "count", description: "count", paid: "count", expected: "count",
  // amounts and other figures
  amount: "amount", available: "amount", fee: "amount", min: "amount", price: "amount", size: "amount",
  funds: "amount", step: "amount", last: "amount", after: "amount", filled: "amount", stop: "amount",
  stays: "amount", spent: "amount", received: "amount", reserved: "amount", rest: "amount", cost: "amount",
  value: "amount", limit: "amount", held: "amount", shortfall: "amount", remaining: "amount", bid: "amount",
  ask: "amount", high: "amount", low: "amount", now: "amount", maker: "amount", taker: "amount",
  transfer: "amount", cheque: "amount", invoice: "amount", withdrawal: "amount", pay: "amount",
  funding: "amount", trading: "amount", example: "amount", rate: "amount", change: "amount",
  percent: "amount", amounts: "amount", totals: "amount", ordered: "amount", estimate: "amount", most: "amount",
  least: "amount", worst: "amount", margin: "amount", makerFee: "amount", takerFee: "amount",
  // codes, ids, times, links
  asset: "code", base: "code", quote: "code", pair: "code", symbol: "code", network: "code", other: "code",
  id: "code", job: "code", time: "code", link: "code", address: "code", tx: "code", interval: "code",
  command: "code", created: "code", updated: "code", expires: "code", arrow: "code", networks: "code",
  eta: "code", target: "code", lines: "code", jobs: "code", username: "code", format: "word", bot: "code", testBot: "code", fiat: "code", assets: "code", people: "name", more: "count", chain: "code", own: "code", worth: "amount",
  // typed by people
  name: "name", typed: "name", query: "name", sender: "name", account: "name",
  // the bot's own fragments
  status: "word", state: "word", kind: "word", side: "word", type: "word", tif: "word", mode: "word",
  then: "word", hint: "word", reason: "word", recipient: "word", person: "word", payer: "word", from: "word", to: "word",
  period: "word", cancelled: "word", api: "word", deposit: "word", pricing: "word", at: "word", zone: "word",
  what: "word",
  // the simulator's own words, passed on by the playground
  detail: "name",
};
/** A variable whose meaning in one message differs from what its name says elsewhere. */
const KIND_IN_MESSAGE: Record<string, Record<string, Kind>> = {
  "notify-quiet-on": { from: "count", to: "count" },
  "notify-quiet-set": { from: "count", to: "count" },
  "alerts-created": { line: "word" },
  "alerts-exists": { line: "word" },
  "alerts-set": { line: "word" },
  "mass-summary-asset": { total: "amount" },
  "mass-insufficient-asset": { total: "amount" },
  "mass-type-total": { total: "amount" },
  "mass-type-total-wrong": { total: "amount" },
  "withdraw-field-total": { total: "amount" },
  "balances-title-network": { network: "word" },
  "cheques-summary-create": { description: "word" },
  "cheques-details-text": { description: "word" },
  "invoices-delete-summary": { description: "word" },
  "error-decimal-places": { max: "count" },
  "amount-above_maximum": { max: "amount" },
  "error-amount-out-of-range": { max: "amount" },
  "market-info-size": { max: "amount" },
  "market-info-funds": { max: "amount" },
  "market-info-price": { max: "amount" },
  "funding-ask-amount": { max: "amount" },
  "withdraw-ask-amount": { max: "amount" },
  "withdraw-link-ask-amount": { max: "amount" },
  "trade-ask-size-buy": { max: "amount" },
  "market-asset-network": { withdrawal: "word" },
  "swap-no-pair": { from: "code", to: "code" },
  "history-line-swap": { to: "code" },
};
const SAMPLE: Record<Exclude<Kind, "count" | "amount">, string> = {
  code: "BTC-USDT",
  name: "Sam",
  word: "Sam",
};
/** A count's value wherever another variable is being varied. */
const BASE_COUNT = 7;

/** Keywords a message names because the bot reads them as typed (the columns of a mass-transfer list). */
const KEPT_IN: Record<string, string[]> = {
  "mass-ask-list": ["target", "amount", "asset", "description"],
  "mass-empty": ["target", "amount", "asset", "description"],
  "mass-problem-columns": ["target", "amount", "asset", "description"],
  "mass-problem-origin-unknown": ["client_transfer_id"],
};
/** Messages that explain both decimal separators (an ambiguous "1,000"), in every language. */
const BOTH_SEPARATORS_IN = new Set(["amount-ambiguous", "mass-problem-amount-ambiguous"]);
/** Messages no person reads: the Intl tag a language writes its numbers and dates with. */
const NOT_SHOWN = new Set(["language-format"]);
/** Messages about moving funds between one's own Exchange balances (never a transfer to a person). */
const ABOUT_MOVES = (id: string, text: string) =>
  /^(balances-(cmd-)?move|funding-(cmd-)?moves?\b|funding-move-)/.test(id) || text.includes("/move");

/**
 * What a locale's own files say its messages are held to (terms `-check-…` in its language.ftl, each a
 * list separated by spaces, phrases one a line), and what Intl knows of it (plural categories, decimal
 * and grouping separators). No rule is written here for a language by its name.
 */
interface Rules {
  locale: string;
  /** Every letter the language writes: a word with another letter is foreign unless kept. */
  letters: Set<string>;
  /** Words and phrases written as they are in any language (tickers, brands, keywords the bot reads). */
  keptWords: Set<string>;
  keptPhrases: string[];
  /** Words that stay the same after any number (prepositions, conjunctions, abbreviated units). */
  sameAfterAnyNumber: Set<string>;
  /**
   * Where only nouns change with a count and their plural has an ending (English "-s"), those
   * endings: other words after a count are not judged. Undefined: every word is.
   */
  pluralEndings: string[] | undefined;
  /** Words after which a count stands in a case where its "few" and "many" forms coincide. */
  obliqueAfter: Set<string>;
  /** Words that agree with the word after them (English articles): no value may follow one. */
  agreeingBeforeValue: Set<string>;
  /**
   * In a language whose words decline, the only words a fragment of the bot's own (a status, a bare
   * name) may follow; undefined where words do not decline.
   */
  fragmentAfter: Set<string> | undefined;
  /** Stems a message about moves between one's own balances never uses (the word for a transfer). */
  notAboutMoves: string[];
  /** Intl's plural categories of the language ("one", "few", "many", "other" …). */
  pluralCategories: Set<string>;
  /** Whole numbers that stand for each category: its first, then its second (1 and 21 for "one"). */
  samples: { category: string; n: number; first: boolean }[];
  /** The category of round numbers (100): the form most counts take. */
  roundCategory: string;
  decimal: string;
  group: string;
  /** The sample amount, written as the language writes numbers ("1,003.5 USDT", "1 003,5 USDT"). */
  amount: string;
}

/** The locale's rules: its `-check-…` terms and Intl's data for its code. */
function rulesOf(locale: string, sources: { text: string }[]): Rules {
  const terms = new Map<string, string>();
  for (const { text } of sources) {
    for (const entry of new FluentResource(text).body) {
      if (!entry.id.startsWith("-check-") || entry.value === null) continue;
      const value = typeof entry.value === "string" ? entry.value : entry.value.filter((e) => typeof e === "string").join("");
      terms.set(entry.id.slice("-check-".length), value);
    }
  }
  const words = (name: string) => new Set((terms.get(name) ?? "").split(/\s+/u).filter(Boolean));
  const plural = new Intl.PluralRules(locale);
  const samples: Rules["samples"] = [];
  for (let n = 1; n <= 200; n++) {
    const category = plural.select(n);
    const seen = samples.filter((s) => s.category === category).length;
    if (seen < 2) samples.push({ category, n, first: seen === 0 });
  }
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.5);
  return {
    locale,
    letters: new Set(terms.get("letters") ?? ""),
    keptWords: words("kept-words"),
    keptPhrases: (terms.get("kept-phrases") ?? "").split("\n").map((p) => p.trim()).filter(Boolean),
    sameAfterAnyNumber: words("same-after-any-number"),
    pluralEndings: terms.has("plural-endings") ? [...words("plural-endings")] : undefined,
    obliqueAfter: words("oblique-after"),
    agreeingBeforeValue: words("agreeing-before-value"),
    fragmentAfter: terms.has("fragment-after") ? words("fragment-after") : undefined,
    notAboutMoves: [...words("not-about-moves")],
    pluralCategories: new Set(plural.resolvedOptions().pluralCategories),
    samples,
    // An amount as the bot writes it for this language's reader (src/domain/format-locale.ts).
    amount: formattingFor(LANGUAGES.formatOf(locale), () => formatAmount("1003.5", "USDT")),
    roundCategory: plural.select(100),
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    group: parts.find((p) => p.type === "group")?.value ?? ",",
  };
}

interface Entry {
  locale: string;
  id: string;
  /** "value" or the attribute's name. */
  part: string;
  pattern: NonNullable<Pattern>;
}

interface Loaded {
  rules: Rules;
  bundle: FluentBundle;
  entries: Entry[];
  duplicates: string[];
}

/**
 * One locale's messages from Fluent sources, as the bot loads them (one bundle, no isolation marks),
 * held to the rules its own files give (`ruleSources`, by default the same sources).
 */
function loadSources(locale: string, sources: { name: string; text: string }[], ruleSources = sources): Loaded {
  const bundle = new FluentBundle(locale, { useIsolating: false });
  const entries: Entry[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const { name, text } of sources) {
    const resource = new FluentResource(text);
    const errors = bundle.addResource(resource, { allowOverrides: true });
    expect(errors, `${locale}/${name}`).toEqual([]);
    for (const message of resource.body) {
      if (message.id.startsWith("-")) continue;
      if (seen.has(message.id)) duplicates.push(message.id);
      seen.add(message.id);
      if (message.value !== null) entries.push({ locale, id: message.id, part: "value", pattern: message.value });
      for (const [part, pattern] of Object.entries(message.attributes))
        entries.push({ locale, id: message.id, part, pattern });
    }
  }
  return { rules: rulesOf(locale, ruleSources), bundle, entries, duplicates };
}

/** The .ftl files of one locale folder. */
function sourcesOf(locale: string): { name: string; text: string }[] {
  const dir = join(LOCALES_DIR, locale);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ftl")).sort();
  return files.map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") }));
}

const loadLocale = (locale: string): Loaded => loadSources(locale, sourcesOf(locale));

/** A variable of a message: the keys of the selects it drives (plural categories make it a count). */
interface Variable {
  name: string;
  selectKeys: Set<string>;
  plural: boolean;
}

/** Plural categories a count selects (a select with only "other" among them selects on a string). */
const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many"]);

function variablesOf(bundle: FluentBundle, pattern: Pattern, found = new Map<string, Variable>(), depth = 0) {
  const variable = (name: string) => {
    let v = found.get(name);
    if (!v) found.set(name, (v = { name, selectKeys: new Set(), plural: false }));
    return v;
  };
  const walk = (node: Node | NonNullable<Pattern>): void => {
    if (typeof node === "string") return;
    if (Array.isArray(node)) return node.forEach(walk);
    switch (node.type) {
      case "var":
        variable(node.name);
        return;
      case "select": {
        walk(node.selector);
        if (node.selector.type === "var") {
          const v = variable(node.selector.name);
          for (const variant of node.variants) {
            const key = String(variant.key.value);
            v.selectKeys.add(key);
            if (variant.key.type === "num" || PLURAL_CATEGORIES.has(key)) v.plural = true;
          }
        }
        node.variants.forEach((variant) => walk(variant.value));
        return;
      }
      case "mesg": {
        const referenced = bundle.getMessage(node.name);
        const inner = node.attr ? referenced?.attributes[node.attr] : referenced?.value;
        if (inner && depth < 5) variablesOf(bundle, inner, found, depth + 1);
        return;
      }
      case "func":
      case "term":
        node.args.forEach((arg) => (arg.type === "narg" ? undefined : walk(arg)));
        return;
      default:
        return;
    }
  };
  if (pattern !== null) walk(pattern);
  return found;
}

function kindOf(id: string, v: Variable): Kind | undefined {
  if (v.plural) return "count";
  return KIND_IN_MESSAGE[id]?.[v.name] ?? KINDS[v.name];
}

type Args = Record<string, string | number>;

function baseArgs(rules: Rules, id: string, vars: Variable[]): Args {
  const args: Args = {};
  for (const v of vars) {
    const kind = kindOf(id, v) ?? "word";
    const sample = kind === "amount" ? rules.amount : kind === "count" ? "" : SAMPLE[kind];
    args[v.name] = kind === "count" ? BASE_COUNT : v.selectKeys.size > 0 ? [...v.selectKeys][0]! : sample;
  }
  return args;
}

/**
 * The base values, then each variable in turn at each value worth seeing (every select key, a count
 * at two numbers of each of the language's plural categories).
 */
function variations(rules: Rules, id: string, vars: Variable[]): Args[] {
  const base = baseArgs(rules, id, vars);
  const all = [base];
  for (const v of vars) {
    const kind = kindOf(id, v);
    const values: (string | number)[] =
      kind === "count" ? rules.samples.map((s) => s.n) : [...v.selectKeys, ...(v.selectKeys.size > 0 ? ["something-else"] : [])];
    for (const value of values) all.push({ ...base, [v.name]: value });
  }
  return all;
}

function render(bundle: FluentBundle, entry: Entry, args: Args): { text: string; errors: string[] } {
  const errors: Error[] = [];
  const text = bundle.formatPattern(entry.pattern, args, errors);
  return { text, errors: errors.map((e) => e.message) };
}

const label = (e: Entry) => (e.part === "value" ? `${e.locale}:${e.id}` : `${e.locale}:${e.id}.${e.part}`);

/** The text with the variables' values, commands and links taken out: what the locale itself wrote. */
function ownWords(text: string, args: Args): string {
  let own = text;
  const values = Object.values(args)
    .map(String)
    .sort((a, b) => b.length - a.length);
  for (const value of values) own = own.split(value).join(" ");
  return own.replace(/https?:\/\/\S+/g, " ").replace(/\/[a-z_]+/g, " ");
}

/** A letter, not a pictograph that Unicode counts among letters ("ℹ️"). */
const isLetter = (ch: string) => /\p{L}/u.test(ch) && !/\p{Extended_Pictographic}/u.test(ch);
const hasLetter = (t: string) => [...t].some(isLetter);
/** Whether every letter of `word` is one the language writes. */
const inOwnLetters = (rules: Rules, word: string) => [...word].every((ch) => !isLetter(ch) || rules.letters.has(ch));

/**
 * Words of the text the locale wrote in letters it does not write ("API" of "API-ключ" included),
 * unless kept as written.
 */
function foreignWords(rules: Rules, entry: Entry, text: string, args: Args): string[] {
  const own = rules.keptPhrases.reduce((text, phrase) => text.split(phrase).join(" "), ownWords(text, args));
  const others = [...own].map((ch) => (isLetter(ch) && rules.letters.has(ch) ? " " : ch)).join("");
  const kept = new Set(KEPT_IN[entry.id] ?? []);
  const words = others.match(/@?[\p{L}\p{N}]+(?:[-:_][\p{L}\p{N}]+)*/gu) ?? [];
  return words.filter((w) => hasLetter(w) && !rules.keptWords.has(w) && !kept.has(w));
}

const TOKEN = /[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const tokens = (text: string): string[] => text.match(TOKEN) ?? [];
const isWord = (t: string | undefined) => t !== undefined && /^\p{L}/u.test(t);
/** Acronyms, tickers and units in capitals ("USDT", "МБ") read the same after any number. */
const isCapitals = (t: string) => t.length > 1 && t === t.toUpperCase() && t !== t.toLowerCase();

/**
 * Broken plurals, from the language's plural categories (Intl.PluralRules): a count shown next to
 * words that do not follow it. The message is rendered with the count at the first number of each
 * category and at that of round numbers (100); where the count stands, the words after it (up to two,
 * until one changes or one that stays the same after any number) must not keep a form that follows
 * one count only: "1 pairs", "5 строка". Capitals (tickers, units) and, where the language says so,
 * words without a plural ending are not judged. Two categories neither of which is "one" may coincide
 * after a word that puts the count in an oblique case ("до 2 символов", "до 5 символов"). A plural
 * select keys only the language's own categories, and shows every count (21 is "one" in Russian:
 * "[one] 1 ошибка" hides it).
 */
function pluralProblems(rules: Rules, bundle: FluentBundle, entry: Entry, vars: Variable[]): string[] {
  const problems: string[] = [];
  const base = baseArgs(rules, entry.id, vars);
  const at = (v: Variable, n: number) => tokens(render(bundle, entry, { ...base, [v.name]: n }).text);
  const round = rules.samples.find((s) => s.first && s.category === rules.roundCategory)!;
  const judged = (w: string) =>
    inOwnLetters(rules, w) && !isCapitals(w) && (rules.pluralEndings?.some((e) => w.toLowerCase().endsWith(e)) ?? true);
  for (const v of vars) {
    if (kindOf(entry.id, v) !== "count") continue;
    for (const key of v.selectKeys)
      if (PLURAL_CATEGORIES.has(key) && !rules.pluralCategories.has(key))
        problems.push(`[${key}] is not a plural category of ${rules.locale} ($${v.name})`);
    if (v.plural)
      for (const s of rules.samples)
        if (!s.first && !at(v, s.n).includes(String(s.n)))
          problems.push(`$${v.name} = ${s.n} is not shown (a plural variant spells the number out)`);
    const reference = at(v, round.n);
    const flagged = new Set<number>();
    for (const sample of rules.samples) {
      if (!sample.first || sample.category === round.category) continue;
      const other = at(v, sample.n);
      if (other.length !== reference.length) continue;
      for (let i = 0; i < reference.length; i++) {
        if (flagged.has(i) || other[i] !== String(sample.n) || reference[i] !== String(round.n)) continue;
        const oblique = rules.obliqueAfter.has(reference[i - 1]?.toLowerCase() ?? "");
        if (oblique && sample.category !== "one" && round.category !== "one") continue;
        for (let j = i + 1; j <= i + 2 && isWord(reference[j]) && isWord(other[j]); j++) {
          const word = reference[j]!;
          if (rules.sameAfterAnyNumber.has(word.toLowerCase()) || other[j] !== word) break;
          if (!judged(word)) continue;
          const words = reference.slice(i + 1, j + 1).join(" ");
          problems.push(`"${sample.n} ${words}" and "${round.n} ${words}" ($${v.name})`);
          flagged.add(i);
          break;
        }
      }
    }
  }
  return problems;
}

/** The text right before each placeable of a variable, within the pattern (selects walked into). */
function textBeforeVariables(pattern: NonNullable<Pattern>): { before: string; name: string }[] {
  const found: { before: string; name: string }[] = [];
  const walk = (elements: NonNullable<Pattern>) => {
    if (typeof elements === "string") return;
    let before = "";
    for (const element of elements) {
      if (typeof element === "string") {
        before += element;
        continue;
      }
      if (element.type === "var") found.push({ before, name: element.name });
      if (element.type === "select") element.variants.forEach((variant) => walk(variant.value));
      before = "";
    }
  };
  walk(pattern);
  return found;
}

/** A word that agrees with what follows (an article), or governs its case, right before a value that may not fit it. */
function slotProblems(rules: Rules, entry: Entry, vars: Map<string, Variable>): string[] {
  const problems: string[] = [];
  for (const { before, name } of textBeforeVariables(entry.pattern)) {
    const v = vars.get(name);
    const kind = v ? kindOf(entry.id, v) : undefined;
    const previous = /([\p{L}]+)\s+$/u.exec(before)?.[1];
    if (previous && rules.agreeingBeforeValue.has(previous.toLowerCase()))
      problems.push(`"${previous} { $${name} }": the word depends on the value; reword`);
    // A name in quote marks reads as a title in any case; bare, it would have to decline.
    const quoted = /[«“"„]$/.test(before);
    if (rules.fragmentAfter && (kind === "word" || (kind === "name" && !quoted))) {
      if (previous && inOwnLetters(rules, previous) && !rules.fragmentAfter.has(previous.toLowerCase()))
        problems.push(`"${previous} { $${name} }": the fragment would need the case "${previous}" asks for; reword`);
    }
  }
  return problems;
}

/**
 * What a message shows at each variation of its values: Fluent errors, words in other letters,
 * decimals in examples written with another separator than the language's, and moves called
 * transfers.
 */
function renderProblems(rules: Rules, bundle: FluentBundle, entry: Entry, vars: Variable[]): string[] {
  const problems: string[] = [];
  for (const args of variations(rules, entry.id, vars)) {
    const { text, errors } = render(bundle, entry, args);
    problems.push(...errors);
    const foreign = NOT_SHOWN.has(entry.id) ? [] : foreignWords(rules, entry, text, args);
    if (foreign.length > 0) problems.push(`${foreign.join(", ")} in “${text}”`);
    // Figures the bot writes (amounts, counts) follow the language's separators too: one grouping style.
    if (!BOTH_SEPARATORS_IN.has(entry.id))
      for (const [figure, separator] of text.matchAll(/\d([.,\u00a0\u202f])\d{3}(?!\d)/g))
        if (separator !== rules.decimal && separator !== rules.group.replace("\u202f", "\u00a0"))
          problems.push(`a figure "${figure}" with a separator the language does not write in “${text}”`);
    if (!BOTH_SEPARATORS_IN.has(entry.id))
      for (const [, separator] of ownWords(text, args).matchAll(/\d([.,])\d/g))
        if (separator !== rules.decimal && separator !== rules.group)
          problems.push(`a decimal "${separator}" in an example (write "2${rules.decimal}5") in “${text}”`);
    if (ABOUT_MOVES(entry.id, text) && rules.notAboutMoves.some((stem) => text.toLowerCase().includes(stem)))
      problems.push(`a move between balances called a transfer in “${text}”`);
  }
  return [...new Set(problems)];
}

type Check = (rules: Rules, bundle: FluentBundle, entry: Entry, vars: Map<string, Variable>) => string[];

/** Every problem of one kind in a locale, each with the message's label. */
function problemsIn({ rules, bundle, entries }: Loaded, check: Check): string[] {
  return entries.flatMap((entry) =>
    check(rules, bundle, entry, variablesOf(bundle, entry.pattern)).map((p) => `${label(entry)}: ${p}`),
  );
}
const RENDER: Check = (rules, bundle, entry, vars) => renderProblems(rules, bundle, entry, [...vars.values()]);
const PLURALS: Check = (rules, bundle, entry, vars) => [...new Set(pluralProblems(rules, bundle, entry, [...vars.values()]))];
const SLOTS: Check = (rules, _bundle, entry, vars) => slotProblems(rules, entry, vars);

describe("the checks", () => {
  /** The problems each check finds in one message, held to the rules of the given locale's folder. */
  const check = (locale: string, source: string) => {
    const loaded = loadSources(locale, [{ name: "sample.ftl", text: source }], sourcesOf(locale));
    return [RENDER, PLURALS, SLOTS].map((c) => problemsIn(loaded, c).length);
  };

  it.each([
    ["en", "market-symbols-page = Page { $page }/{ $pages } · { $total } pairs", [0, 1, 0]],
    ["en", "mass-summary-recipients = Recipients: { $recipients } ({ $rows } transfers)", [0, 1, 0]],
    ["en", "mass-summary-asset = { $asset }: { $total } in { $rows } transfers", [0, 1, 0]],
    ["en", "balances-currencies-head = { $asset } ({ $precision } decimal places)", [0, 1, 0]],
    ["en", "withdraw-bad-address = That is not a { $network } address.", [0, 0, 1]],
    ["en", "x = Готово.", [1, 0, 0]],
    ["en", "x = Total: 1\u00a0000 USDT", [1, 0, 0]],
    ["ru", "x = Итого: 1,000.5 USDT", [1, 0, 0]],
    ["en", "x = See { no-such-message }.", [1, 0, 0]],
    ["en", "x = { $count ->\n  [one] { $count } pair\n *[other] { $count } pairs\n}", [0, 0, 0]],
    ["en", "x = { $count ->\n  [one] { $count } pair\n  [few] { $count } pairs\n *[other] { $count } pairs\n}", [0, 1, 0]],
    ["ru", "send-done = ✅ Отправлено { $amount } получателю { $recipient }.", [0, 0, 1]],
    ["ru", "invoices-payment-line = • { $amount } от { $payer }", [0, 0, 1]],
    ["ru", "mass-notify-received = Вы получили { $amounts } от { $sender }.", [0, 0, 1]],
    ["ru", "balances-line = { $asset }: Pay { $pay } · Funding { $funding } · Trading { $trading }", [1, 0, 0]],
    ["ru", "balances-move-button = ↔️ Перевод между балансами", [1, 0, 0]],
    ["ru", "amount-not_a_number = Отправьте число, например 10 или 2.5.", [1, 0, 0]],
    ["ru", "cmd-alert = Ценовой сигнал: /alert BTC-USDT above 100000", [1, 0, 0]],
    ["ru", "send-find = Найти по id", [1, 0, 0]],
    ["ru", "alerts-too-many = У вас уже { $max } сигналов.", [0, 1, 0]],
    ["ru", "mass-too-many-rows = В списке { $rows } { $rows ->\n  [one] строка\n *[other] строк\n}.", [0, 1, 0]],
    ["ru", "mass-errors-title = { $count ->\n  [one] 1 ошибка\n  [few] { $count } ошибки\n *[other] { $count } ошибок\n}", [0, 1, 0]],
    ["ru", "common-text-too-long = От 1 до { $max } { $max ->\n  [one] символа\n *[other] символов\n}.", [0, 0, 0]],
    ["ru", "mass-summary-notify-as = Выплата от «{ $sender }».", [0, 0, 0]],
    ["uk", "x = Готово, выберите.", [1, 0, 0]],
    ["uk", "amount-not_a_number = Надішліть число, наприклад 10 або 2.5.", [1, 0, 0]],
    ["uk", "balances-move-button = ↔️ Переказ між балансами", [1, 0, 0]],
    ["uk", "alerts-too-many = У вас уже { $max } сповіщень.", [0, 1, 0]],
    ["uk", "mass-too-many-rows = У списку { $rows } { $rows ->\n  [one] рядок\n *[other] рядків\n}.", [0, 1, 0]],
    ["uk", "send-done = ✅ Надіслано { $amount } отримувачеві { $recipient }.", [0, 0, 1]],
  ])("%s: %s → render, plural, slot problems %j", (locale, source, expected) => {
    expect(check(locale, source)).toEqual(expected);
  });
});

describe("every message of every locale, rendered", () => {
  const loaded = new Map(LOCALES.map((locale) => [locale, loadLocale(locale)]));

  it.each(LOCALES)("%s defines each message once", (locale) => {
    expect(loaded.get(locale)!.duplicates).toEqual([]);
  });

  it.each(LOCALES)("%s: every variable has a known kind (add new ones to KINDS)", (locale) => {
    const { bundle, entries } = loaded.get(locale)!;
    const unknown = entries.flatMap((e) =>
      [...variablesOf(bundle, e.pattern).values()]
        .filter((v) => kindOf(e.id, v) === undefined)
        .map((v) => `${label(e)} $${v.name}`),
    );
    expect(unknown).toEqual([]);
  });

  it.each(LOCALES)("%s renders every message without Fluent errors and in its own language", (locale) => {
    expect(problemsIn(loaded.get(locale)!, RENDER)).toEqual([]);
  });

  it.each(LOCALES)("%s has no broken plurals", (locale) => {
    expect(problemsIn(loaded.get(locale)!, PLURALS)).toEqual([]);
  });

  it.each(LOCALES)("%s puts no value where an article or a case would have to fit it", (locale) => {
    expect(problemsIn(loaded.get(locale)!, SLOTS)).toEqual([]);
  });

  it("each message takes the same variables in every locale", () => {
    const [first = "", ...others] = LOCALES;
    const varsOf = (locale: string) => {
      const { bundle, entries } = loaded.get(locale)!;
      return new Map(entries.map((e) => [label(e).slice(locale.length + 1), [...variablesOf(bundle, e.pattern).keys()].sort().join(",")]));
    };
    const reference = varsOf(first);
    const differing: string[] = [];
    for (const locale of others) {
      for (const [key, vars] of varsOf(locale)) {
        const expected = reference.get(key);
        if (expected !== undefined && expected !== vars) differing.push(`${key}: ${first} {${expected}} ${locale} {${vars}}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
