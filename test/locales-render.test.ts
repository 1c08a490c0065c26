/**
 * Every message of every locale, rendered the way the bot renders it (Fluent, no isolation marks)
 * with sample values for each variable it references, and read for what a person would stumble on:
 * a Fluent error (a reference to a message or function that does not exist), the other language's
 * words (Latin words in Russian beyond tickers, brands, commands and kept keywords; Cyrillic in
 * English), broken plurals ("1 pairs", "5 строк" next to "1 строк"), an English article in front of a
 * value ("a { $network }"), a Russian fragment slotted behind a word that governs its case ("на
 * { $kind }", "получателю { $recipient }"), decimal points in Russian examples, and a move between
 * balances called a transfer. Counts are varied over 1, 2, 5 and 21 so that each plural form is seen,
 * and each select over its keys. A new variable needs a line in KINDS below.
 */
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES_DIR, SUPPORTED_LOCALES } from "../src/bot/i18n.js";

type Pattern = NonNullable<ReturnType<FluentBundle["getMessage"]>>["value"];
type Node = Exclude<NonNullable<Pattern>, string>[number];

/**
 * What each variable holds, which decides its sample value and the checks it takes part in:
 * - count: a whole number the text counts with (varied over 1, 2, 5, 21 for the plural checks);
 * - amount: a figure, usually with its asset ("2.5 USDT");
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
  eta: "code", target: "code", lines: "code", jobs: "code", username: "code", format: "word", bot: "code", testBot: "code", fiat: "code", assets: "code",
  // typed by people
  name: "name", typed: "name", query: "name", sender: "name", account: "name",
  // the bot's own fragments
  status: "word", state: "word", kind: "word", side: "word", type: "word", tif: "word", mode: "word",
  then: "word", hint: "word", reason: "word", recipient: "word", person: "word", payer: "word", from: "word", to: "word",
  period: "word", cancelled: "word", api: "word", deposit: "word", pricing: "word", at: "word", zone: "word",
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
};
const SAMPLE: Record<Exclude<Kind, "count">, string> = {
  amount: "2.5 USDT",
  code: "BTC-USDT",
  name: "Sam",
  word: "Sam",
};
const COUNTS = [1, 2, 5, 21];
const BASE_COUNT = 7;

/**
 * Latin text a Russian message may show: tickers and networks, brands, file formats and units that
 * are written in Latin in Russian too, and the keywords the bot reads as typed (intervals, address
 * prefixes). Commands (/…) and the values of the variables are taken out before this list applies.
 */
const LATIN_IN_RUSSIAN = new Set([
  "xRocket", "Telegram", "API", "ID", "USDT", "BTC", "ETH", "TON", "TONCOIN", "BSC", "TRX", "SOL", "USD",
  "EUR", "RUB", "BTC-USDT", "btc", "CSV", "TXT", "UTF-8", "UTC", "IOC", "GTC", "15m", "1h", "4h", "1d", "1w",
  "EQ", "UQ", "kQ", "0Q", "workchain:hex", "0x", "bc1", "base58", "T", "@username",
]);
/** Names of more than one word (the "Pay" of xRocket Pay is a brand, not the balance's name). */
const LATIN_PHRASES_IN_RUSSIAN = ["xRocket Pay"];
/** Keywords a message names because the bot reads them as typed (the columns of a mass-transfer list). */
const LATIN_KEPT_IN: Record<string, string[]> = {
  "mass-ask-list": ["target", "amount", "asset", "description"],
  "mass-empty": ["target", "amount", "asset", "description"],
  "mass-problem-columns": ["target", "amount", "asset", "description"],
  "mass-problem-origin-unknown": ["client_transfer_id"],
};
/** English words that end in "s" without being plurals, and units written the same for one and many. */
const NOT_PLURAL = new Set(["is", "was", "has", "this", "its", "as", "us", "yes", "plus", "status", "ms", "always", "s"]);
/** Russian words after a number that do not change with it: prepositions, conjunctions, abbreviated units. */
const RU_SAME_AFTER_ANY_NUMBER = new Set([
  "в", "во", "на", "с", "со", "из", "от", "до", "за", "по", "к", "у", "о", "и", "или", "а", "но", "не", "—",
  "больше", "меньше", "нет", "мс", "ч", "мин", "МБ",
]);
/**
 * Words after which a Russian count stands in an oblique case, where 2 and 5 take the same form
 * ("до 2 символов", "до 5 символов"); only the nominative tells them apart ("2 строки", "5 строк").
 */
const RU_OBLIQUE_AFTER = new Set([
  "до", "от", "из", "в", "во", "на", "с", "со", "по", "для", "около", "больше", "меньше", "более", "менее", "течение",
]);
/** Russian examples write decimals with a comma, as people there type them; these explain the dot. */
const DOT_DECIMAL_KEPT_IN = new Set(["amount-ambiguous", "mass-problem-amount-ambiguous"]);
/**
 * Moving funds between one's own Exchange balances is not a transfer to a person: in Russian the two
 * are "перемещение" and "перевод", and a message about the first never uses the word of the second.
 */
const ABOUT_MOVES = (id: string, text: string) =>
  /^(balances-(cmd-)?move|funding-(cmd-)?moves?\b|funding-move-)/.test(id) || text.includes("/move");
/** Words a Russian fragment may follow without being put in another case ("ордер уже { $status }"). */
const RU_BEFORE_FRAGMENT = new Set(["уже", "он", "она", "оно", "они", "сейчас", "теперь", "ещё"]);

interface Entry {
  locale: string;
  id: string;
  /** "value" or the attribute's name. */
  part: string;
  pattern: NonNullable<Pattern>;
}

interface Loaded {
  bundle: FluentBundle;
  entries: Entry[];
  duplicates: string[];
}

/** One locale's messages from Fluent sources, as the bot loads them (one bundle, no isolation marks). */
function loadSources(locale: string, sources: { name: string; text: string }[]): Loaded {
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
  return { bundle, entries, duplicates };
}

function loadLocale(locale: string): Loaded {
  const dir = join(LOCALES_DIR, locale);
  const files = readdirSync(dir).filter((f) => f.endsWith(".ftl")).sort();
  return loadSources(
    locale,
    files.map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") })),
  );
}

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

function baseArgs(id: string, vars: Variable[]): Args {
  const args: Args = {};
  for (const v of vars) {
    const kind = kindOf(id, v) ?? "word";
    args[v.name] = kind === "count" ? BASE_COUNT : v.selectKeys.size > 0 ? [...v.selectKeys][0]! : SAMPLE[kind];
  }
  return args;
}

/** The base values, then each variable in turn at each value worth seeing (every select key, every count). */
function variations(id: string, vars: Variable[]): Args[] {
  const base = baseArgs(id, vars);
  const all = [base];
  for (const v of vars) {
    const kind = kindOf(id, v);
    const values: (string | number)[] =
      kind === "count" ? COUNTS : [...v.selectKeys, ...(v.selectKeys.size > 0 ? ["something-else"] : [])];
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

function foreignWords(entry: Entry, text: string, args: Args): string[] {
  const own = ownWords(text, args);
  if (entry.locale === "en") return own.match(/[\u0400-\u04ff]+/g) ?? [];
  if (entry.locale !== "ru") return [];
  const kept = new Set(LATIN_KEPT_IN[entry.id] ?? []);
  const tokens = LATIN_PHRASES_IN_RUSSIAN.reduce((text, phrase) => text.split(phrase).join(" "), own).match(/@?[A-Za-z0-9]+(?:[-:_][A-Za-z0-9]+)*/g) ?? [];
  return tokens.filter((t) => /[A-Za-z]/.test(t) && !LATIN_IN_RUSSIAN.has(t) && !kept.has(t));
}

const TOKEN = /[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const tokens = (text: string): string[] => text.match(TOKEN) ?? [];
const isWord = (t: string | undefined) => t !== undefined && /^\p{L}/u.test(t);

/**
 * Broken plurals: a count shown next to a word that does not follow it. The message is rendered with
 * the count at 1, 2, 5 and 21; where the count stands, the word after it must change as the language
 * needs (English: no plural noun after 1; Russian: 1 and 5, and 2 and 5, take different forms).
 */
function pluralProblems(bundle: FluentBundle, entry: Entry, vars: Variable[]): string[] {
  const problems: string[] = [];
  const base = baseArgs(entry.id, vars);
  for (const v of vars) {
    if (kindOf(entry.id, v) !== "count") continue;
    const at = (n: number) => tokens(render(bundle, entry, { ...base, [v.name]: n }).text);
    const [one, two, five, twentyOne] = COUNTS.map(at) as [string[], string[], string[], string[]];
    if (v.plural && !twentyOne.includes("21"))
      problems.push(`$${v.name} = 21 is not shown (a plural variant spells the number out)`);
    if (one.length !== five.length || two.length !== five.length) continue;
    for (let i = 0; i < five.length; i++) {
      if (one[i] !== "1" || two[i] !== "2" || five[i] !== "5") continue;
      if (entry.locale === "en") {
        for (let j = i + 1; j <= i + 2 && isWord(one[j]); j++) {
          const word = one[j]!;
          if (word === five[j] && /^[a-z]+s$/.test(word) && !NOT_PLURAL.has(word))
            problems.push(`"1 ${one.slice(i + 1, j + 1).join(" ")}" ($${v.name})`);
        }
      } else if (entry.locale === "ru") {
        const word = five[i + 1];
        if (!isWord(word) || !/[\u0400-\u04ff]/.test(word!) || RU_SAME_AFTER_ANY_NUMBER.has(word!)) continue;
        if (one[i + 1] === word) problems.push(`"1 ${word}" and "5 ${word}" ($${v.name})`);
        else if (two[i + 1] === word && !RU_OBLIQUE_AFTER.has(five[i - 1]?.toLowerCase() ?? "")) problems.push(`"2 ${word}" and "5 ${word}" ($${v.name})`);
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

/** An article or a case-governing word right before a value that may not fit it. */
function slotProblems(entry: Entry, vars: Map<string, Variable>): string[] {
  const problems: string[] = [];
  for (const { before, name } of textBeforeVariables(entry.pattern)) {
    const v = vars.get(name);
    const kind = v ? kindOf(entry.id, v) : undefined;
    if (entry.locale === "en" && /(^|\s)(a|an)\s+$/i.test(before))
      problems.push(`"${before.trim().split(/\s+/).pop()} { $${name} }": the article depends on the value; reword`);
    // A name in quote marks reads as a title in any case; bare, it would have to decline.
    const quoted = /[«“"„]$/.test(before);
    if (entry.locale === "ru" && (kind === "word" || (kind === "name" && !quoted))) {
      const previous = /([\p{L}]+)\s+$/u.exec(before)?.[1];
      if (previous && /[\u0400-\u04ff]/.test(previous) && !RU_BEFORE_FRAGMENT.has(previous.toLowerCase()))
        problems.push(`"${previous} { $${name} }": the fragment would need the case "${previous}" asks for; reword`);
    }
  }
  return problems;
}

/**
 * What a message shows at each variation of its values: Fluent errors, the other language's words, and
 * in Russian decimal points in examples and moves called transfers.
 */
function renderProblems(bundle: FluentBundle, entry: Entry, vars: Variable[]): string[] {
  const problems: string[] = [];
  for (const args of variations(entry.id, vars)) {
    const { text, errors } = render(bundle, entry, args);
    problems.push(...errors);
    const foreign = foreignWords(entry, text, args);
    if (foreign.length > 0) problems.push(`${foreign.join(", ")} in “${text}”`);
    if (entry.locale === "ru" && !DOT_DECIMAL_KEPT_IN.has(entry.id) && /\d\.\d/.test(ownWords(text, args)))
      problems.push(`a decimal point in an example (write "2,5") in “${text}”`);
    if (entry.locale === "ru" && ABOUT_MOVES(entry.id, text) && /перев/i.test(text))
      problems.push(`a move between balances called a transfer ("перевод") in “${text}”`);
  }
  return [...new Set(problems)];
}

/** Every problem of one kind in a locale, each with the message's label. */
function problemsIn(
  { bundle, entries }: Loaded,
  check: (bundle: FluentBundle, entry: Entry, vars: Map<string, Variable>) => string[],
): string[] {
  return entries.flatMap((entry) =>
    check(bundle, entry, variablesOf(bundle, entry.pattern)).map((p) => `${label(entry)}: ${p}`),
  );
}
const RENDER = (bundle: FluentBundle, entry: Entry, vars: Map<string, Variable>) =>
  renderProblems(bundle, entry, [...vars.values()]);
const PLURALS = (bundle: FluentBundle, entry: Entry, vars: Map<string, Variable>) =>
  [...new Set(pluralProblems(bundle, entry, [...vars.values()]))];
const SLOTS = (_bundle: FluentBundle, entry: Entry, vars: Map<string, Variable>) => slotProblems(entry, vars);

describe("the checks", () => {
  /** The problems each check finds in one message of the given locale. */
  const check = (locale: string, source: string) => {
    const loaded = loadSources(locale, [{ name: "sample.ftl", text: source }]);
    return [RENDER, PLURALS, SLOTS].map((c) => problemsIn(loaded, c).length);
  };

  it.each([
    ["en", "market-symbols-page = Page { $page }/{ $pages } · { $total } pairs", [0, 1, 0]],
    ["en", "mass-summary-recipients = Recipients: { $recipients } ({ $rows } transfers)", [0, 1, 0]],
    ["en", "mass-summary-asset = { $asset }: { $total } in { $rows } transfers", [0, 1, 0]],
    ["en", "balances-currencies-head = { $asset } ({ $precision } decimal places)", [0, 1, 0]],
    ["en", "withdraw-bad-address = That is not a { $network } address.", [0, 0, 1]],
    ["en", "x = Готово.", [1, 0, 0]],
    ["en", "x = See { no-such-message }.", [1, 0, 0]],
    ["en", "x = { $count ->\n  [one] { $count } pair\n *[other] { $count } pairs\n}", [0, 0, 0]],
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
  ])("%s: %s → render, plural, slot problems %j", (locale, source, expected) => {
    expect(check(locale, source)).toEqual(expected);
  });
});

describe("every message of every locale, rendered", () => {
  const loaded = new Map(SUPPORTED_LOCALES.map((locale) => [locale, loadLocale(locale)]));

  it.each(SUPPORTED_LOCALES)("%s defines each message once", (locale) => {
    expect(loaded.get(locale)!.duplicates).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)("%s: every variable has a known kind (add new ones to KINDS)", (locale) => {
    const { bundle, entries } = loaded.get(locale)!;
    const unknown = entries.flatMap((e) =>
      [...variablesOf(bundle, e.pattern).values()]
        .filter((v) => kindOf(e.id, v) === undefined)
        .map((v) => `${label(e)} $${v.name}`),
    );
    expect(unknown).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)("%s renders every message without Fluent errors and in its own language", (locale) => {
    expect(problemsIn(loaded.get(locale)!, RENDER)).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)("%s has no broken plurals", (locale) => {
    expect(problemsIn(loaded.get(locale)!, PLURALS)).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)("%s puts no value where an article or a case would have to fit it", (locale) => {
    expect(problemsIn(loaded.get(locale)!, SLOTS)).toEqual([]);
  });

  it("each message takes the same variables in every locale", () => {
    const [first, ...others] = SUPPORTED_LOCALES;
    const varsOf = (locale: (typeof SUPPORTED_LOCALES)[number]) => {
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
