// The playground page: one chat per demo person with the bot, live over server-sent events, and the
// simulator's balances and operations beside it. The server owns all state; the page only shows it
// and sends what the person does.
import { FluentBundle, FluentResource } from "@fluent/bundle";
import type { BotCommand, InlineQueryResult, KeyboardButton, Message, ReplyKeyboardMarkup } from "grammy/types";
import { el, fileUrl, type MessageHandlers, renderMessage, type Timing } from "./render.js";
import "./style.css";

interface Person {
  role: "you" | "friend" | "admin";
  id: number;
  firstName: string;
  username: string;
  languageCode: string;
  keys: { production: string; testnet: string };
}
/** Per asset: what can be spent, and what cheques, orders and the like hold apart. */
type Balances = Record<string, { available: string; held: string }>;
interface PanelState {
  accounts: {
    id: number;
    role: string;
    name: string;
    balances: Record<Network, Record<"pay" | "funding" | "trading", Balances>>;
  }[];
  operations: { seq: number; at: string; network: Network; operationId: string; summary: string }[];
  /** The "slow mass transfers" switch. */
  slowMass: boolean;
}
type Network = "production" | "testnet";
interface ChatTimings {
  messages: Record<string, Timing>;
  lastReplyMs?: number;
}
interface State {
  bot: { username: string; firstName: string };
  people: Person[];
  chats: Record<string, Message[]>;
  timings: Record<string, ChatTimings>;
  commands: Record<string, BotCommand[]>;
  /** The bot's languages (the folders of its locales/), each named in itself, with the tag it writes figures in. */
  languages: { code: string; name: string; format: string }[];
  /** The page's own words: each language's locales/<code>/playground.ftl, as Fluent source. */
  chrome: Record<string, string>;
  panel: PanelState;
  assets: string[];
}
type ChatEvent =
  | { type: "message"; chatId: number; message: Message; fromBot: boolean; timing?: Timing }
  | { type: "edit"; chatId: number; message: Message; timing?: Timing }
  | { type: "delete"; chatId: number; messageId: number }
  | { type: "callback-answer"; chatId: number; text?: string; showAlert: boolean; timing?: Timing };
/** What the server knows of a link (see src/dev/playground/links.ts). */
type ServiceLinkView = { network: Network } & (
  | { kind: "cheque"; asset: string; amount: string; state: string }
  | { kind: "invoice"; asset: string; amount: string; fixed: boolean; status: string }
  | { kind: "withdrawal-link"; asset: string; amount: string; chain: string; address: string; used: boolean }
  | { kind: "start"; payload: string; asset?: string }
);
interface DescribedLink {
  url: string;
  share: boolean;
  target: { kind: "bot"; payload: string } | { kind: "service"; view: ServiceLinkView } | { kind: "simulated" } | { kind: "outside" };
}
interface OpenedLink {
  ok: boolean;
  text: string;
  chatId?: number;
  topUp?: { personId: number; network: Network; asset?: string };
}
type WithKeyboard = Message & { keyboard?: ReplyKeyboardMarkup | { remove_keyboard: true } };

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

// ---------------------------------------------------------------- the page's words
/** Fluent bundles of the page's words, by language; English stands in for a missing one. */
const bundles = new Map<string, FluentBundle>();
const FALLBACK_LANGUAGE = "en";

function loadChrome(sources: Record<string, string>): void {
  bundles.clear();
  for (const [code, source] of Object.entries(sources)) {
    const bundle = new FluentBundle(code, { useIsolating: false });
    bundle.addResource(new FluentResource(source));
    bundles.set(code, bundle);
  }
}

/** The language the open chat's person uses in Telegram (the bot's too); English before the state comes. */
function personLanguage(): string {
  return state?.people.find((p) => p.id === current)?.languageCode ?? FALLBACK_LANGUAGE;
}

/** The page's words in the language the open chat's person uses in Telegram (the bot's too). */
function t(key: string, args?: Record<string, string | number>): string {
  const language = personLanguage();
  for (const code of [language, language.split("-")[0]!, FALLBACK_LANGUAGE]) {
    const bundle = bundles.get(code);
    const message = bundle?.getMessage(key);
    if (bundle && message?.value) return bundle.formatPattern(message.value, args);
  }
  return key;
}

/** A demo person's role ("you", "friend", "admin") in the page's language. */
const roleLabel = (role: string): string => (["you", "friend", "admin"].includes(role) ? t(`playground-role-${role}`) : role);

/** Every marked element of the page's frame in the current language (data-i18n and its attribute forms). */
function applyChrome(): void {
  document.documentElement.lang = person().languageCode;
  for (const node of document.querySelectorAll<HTMLElement>("[data-i18n]")) node.textContent = t(node.dataset.i18n!);
  for (const attribute of ["title", "aria-label", "placeholder"]) {
    for (const node of document.querySelectorAll<HTMLElement>(`[data-i18n-${attribute}]`)) {
      node.setAttribute(attribute, t(node.getAttribute(`data-i18n-${attribute}`)!));
    }
  }
  // The sample text to forward follows the language unless someone typed their own.
  const sample = $("forward-text") as HTMLTextAreaElement;
  const samples = [...bundles.keys()].map((code) => bundles.get(code)!.getMessage("playground-forward-sample")?.value);
  if (samples.some((s) => s === sample.value) || sample.value === sample.defaultValue) sample.value = t("playground-forward-sample");
}

let state: State | undefined;
let current = 0;
let network: Network = "production";
let previousPanel: PanelState | undefined;
const chats = new Map<number, Map<number, Message>>();
/** Per chat: the bot's messages timed as replies or marked as notices, and the latest reply's figure. */
const timings = new Map<number, ChatTimings>();
const unread = new Map<number, number>();
/** Reply keyboards the person already used (one_time_keyboard) or that were removed. */
const usedKeyboards = new Set<string>();
let pendingShare: { requestId: number } | undefined;

// ---------------------------------------------------------------- server
async function post(path: string, body: unknown, headers: Record<string, string> = { "content-type": "application/json" }): Promise<unknown> {
  const res = await fetch(path, { method: "POST", headers, body: body instanceof Blob ? body : JSON.stringify(body) });
  const reply = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new Error(reply.error ?? `the playground answered ${res.status}`);
  return reply;
}

function act(path: string, body: unknown): void {
  post(`/api/chats/${current}/${path}`, body).catch((err: Error) => toast(err.message));
}

function connect(): void {
  const events = new EventSource("/api/events");
  events.addEventListener("hello", (e) => load(JSON.parse((e as MessageEvent<string>).data) as State));
  events.addEventListener("chat", (e) => apply(JSON.parse((e as MessageEvent<string>).data) as ChatEvent));
  events.addEventListener("panel", (e) => {
    if (!state) return;
    state.panel = JSON.parse((e as MessageEvent<string>).data) as PanelState;
    renderPanel();
  });
  events.addEventListener("commands", (e) => {
    if (!state) return;
    state.commands = JSON.parse((e as MessageEvent<string>).data) as State["commands"];
  });
  events.addEventListener("open", () => document.body.classList.remove("offline"));
  events.addEventListener("error", () => document.body.classList.add("offline"));
}

function load(next: State): void {
  state = next;
  chats.clear();
  timings.clear();
  for (const [id, messages] of Object.entries(next.chats)) chats.set(Number(id), new Map(messages.map((m) => [m.message_id, m])));
  for (const [id, known] of Object.entries(next.timings)) timings.set(Number(id), known);
  const fromHash = Number(location.hash.slice(1));
  if (!current) current = next.people.some((p) => p.id === fromHash) ? fromHash : next.people[0]!.id;
  $("bot-name").textContent = next.bot.firstName;
  loadChrome(next.chrome);
  applyChrome();
  renderLanguages(next.languages);
  ($("language") as HTMLSelectElement).value = person().languageCode;
  renderPeople();
  renderChat();
  renderPanel();
}

/** The app-language selector: one option per language the bot speaks, its code shown, its name on hover. */
function renderLanguages(languages: State["languages"]): void {
  const select = $("language") as HTMLSelectElement;
  select.replaceChildren(
    ...languages.map(({ code, name }) => {
      const option = new Option(code.toUpperCase(), code);
      option.title = name;
      return option;
    }),
  );
}

function chatTimings(chatId: number): ChatTimings {
  let known = timings.get(chatId);
  if (!known) {
    known = { messages: {} };
    timings.set(chatId, known);
  }
  return known;
}

/** The header's figure: the latest reply in the open chat (notices are not answers). */
function renderLastAnswer(): void {
  const ms = timings.get(current)?.lastReplyMs;
  $("latency").textContent = ms === undefined ? "–" : t("playground-last-answer", { ms });
  $("latency").classList.toggle("slow", ms !== undefined && ms > 300);
}

function apply(e: ChatEvent): void {
  const chat = chats.get(e.chatId);
  if (!chat) return;
  if ("timing" in e && e.timing) {
    const known = chatTimings(e.chatId);
    if (e.timing.replyMs !== undefined) known.lastReplyMs = e.timing.replyMs;
    if (e.type !== "callback-answer") known.messages[e.message.message_id] = e.timing;
    if (e.chatId === current) renderLastAnswer();
  }
  if (e.type === "message" || e.type === "edit") {
    const isNew = !chat.has(e.message.message_id);
    chat.set(e.message.message_id, e.message);
    if (e.chatId !== current) {
      if (isNew && e.type === "message" && e.fromBot) unread.set(e.chatId, (unread.get(e.chatId) ?? 0) + 1);
      renderPeople();
      return;
    }
    upsert(e.message);
  } else if (e.type === "delete") {
    chat.delete(e.messageId);
    if (e.chatId === current) document.querySelector(`[data-message-id="${e.messageId}"]`)?.remove();
  } else if (e.type === "callback-answer" && e.chatId === current && e.text) {
    if (e.showAlert) showAlert(e.text);
    else toast(e.text);
  }
  if (e.chatId === current) renderReplyKeyboard();
}

// ---------------------------------------------------------------- chat
const handlers: MessageHandlers = {
  press: (message, data) => act("press", { messageId: message.message_id, data }),
  openLink: (url) => openLink(url),
  command: (text) => act("messages", { text }),
  t,
  figuresTag,
};

function person(id = current): Person {
  return state!.people.find((p) => p.id === id)!;
}

/** The arrows over the person tabs: shown on the side where tabs are out of view (a phone's header). */
function renderPeopleHints(): void {
  const nav = $("people");
  $("people-less").hidden = nav.scrollLeft <= 1;
  $("people-more").hidden = nav.scrollLeft + nav.clientWidth >= nav.scrollWidth - 1;
}

function renderPeople(): void {
  const nav = $("people");
  nav.replaceChildren(
    ...state!.people.map((p) => {
      const tab = el("button", `person ${p.id === current ? "on" : ""}`) as HTMLButtonElement;
      tab.type = "button";
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-selected", String(p.id === current));
      tab.dataset.testid = `person-${p.role}`;
      tab.append(el("span", "avatar", p.firstName[0]), el("span", "name", p.firstName), el("span", "role", roleLabel(p.role)));
      const count = unread.get(p.id);
      if (count) tab.append(el("span", "badge", String(count)));
      tab.addEventListener("click", () => switchTo(p.id));
      return tab;
    }),
  );
  nav.querySelector(".person.on")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  renderPeopleHints();
}

function switchTo(id: number): void {
  current = id;
  ($("language") as HTMLSelectElement).value = person(id).languageCode;
  unread.delete(id);
  history.replaceState(null, "", `#${id}`);
  applyChrome();
  renderPeople();
  renderChat();
  renderPanel();
  $("text").focus();
}

function renderChat(): void {
  const list = $("messages");
  const messages = [...(chats.get(current)?.values() ?? [])].sort((a, b) => a.message_id - b.message_id);
  list.replaceChildren(...messages.map((m) => bubble(m)));
  if (messages.length === 0) list.append(emptyChat());
  list.scrollTop = list.scrollHeight;
  renderReplyKeyboard();
  renderLastAnswer();
  hideCommandMenu();
}

/** An empty chat, as Telegram shows a bot's: what to do, and START, which sends /start. */
function emptyChat(): HTMLElement {
  const box = el("div", "empty");
  const start = el("button", "start-button", t("playground-start")) as HTMLButtonElement;
  start.type = "button";
  start.dataset.testid = "start-button";
  start.addEventListener("click", () => send("/start"));
  box.append(el("p", "", t("playground-empty-chat", { name: state?.bot.firstName ?? "" })), start);
  return box;
}

function bubble(m: Message): HTMLElement {
  const fromBot = m.from?.is_bot === true;
  const timing = timings.get(current)?.messages[m.message_id];
  return renderMessage(m, { fromBot, ...(timing ? { timing } : {}) }, handlers);
}

/** A new message is appended; an edited one is replaced where it stands. */
function upsert(m: Message): void {
  const list = $("messages");
  list.querySelector(".empty")?.remove();
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const existing = list.querySelector(`[data-message-id="${m.message_id}"]`);
  const node = bubble(m);
  if (existing) existing.replaceWith(node);
  else list.append(node);
  if (!existing || atBottom) list.scrollTop = list.scrollHeight;
}

/** The bot's latest reply keyboard in this chat, unless removed or already used once. */
function renderReplyKeyboard(): void {
  const box = $("reply-keyboard");
  const messages = [...(chats.get(current)?.values() ?? [])].sort((a, b) => b.message_id - a.message_id) as WithKeyboard[];
  const latest = messages.find((m) => m.keyboard !== undefined);
  const markup = latest?.keyboard;
  const key = `${current}:${latest?.message_id}`;
  if (!markup || "remove_keyboard" in markup || usedKeyboards.has(key)) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  box.hidden = false;
  box.replaceChildren(
    ...markup.keyboard.map((line) => {
      const row = el("div", "kb-row");
      for (const b of line) row.append(replyButton(b, markup, key));
      return row;
    }),
  );
}

function replyButton(b: KeyboardButton, markup: ReplyKeyboardMarkup, key: string): HTMLElement {
  const text = typeof b === "string" ? b : b.text;
  const button = el("button", "kb-button", text) as HTMLButtonElement;
  button.type = "button";
  button.addEventListener("click", () => {
    if (typeof b !== "string" && "request_users" in b) {
      openSharePicker(b.request_users.request_id, text);
      return;
    }
    if (markup.one_time_keyboard) usedKeyboards.add(key);
    act("messages", { text });
    renderReplyKeyboard();
  });
  return button;
}

// ---------------------------------------------------------------- composer
function send(text: string): void {
  const trimmed = text.trim();
  if (!trimmed) return;
  // In Telegram, "@bot query" is not sent: a result is picked from the list instead.
  if (inlineQueryOf(text) !== undefined) return scheduleInlineQuery(inlineQueryOf(text)!);
  act("messages", { text: trimmed });
  ($("text") as HTMLInputElement).value = "";
  hideCommandMenu();
}

function showCommandMenu(filter: string): void {
  const menu = $("command-menu");
  const list = (state?.commands[current] ?? []).filter((c) => `/${c.command}`.startsWith(filter));
  if (list.length === 0) return hideCommandMenu();
  menu.hidden = false;
  menu.replaceChildren(
    ...list.map((c) => {
      const item = el("button", "command-item") as HTMLButtonElement;
      item.type = "button";
      item.append(el("span", "cmd", `/${c.command}`), el("span", "muted", c.description));
      item.addEventListener("click", () => send(`/${c.command}`));
      return item;
    }),
  );
}

function hideCommandMenu(): void {
  $("command-menu").hidden = true;
}

let inlineTimer: ReturnType<typeof setTimeout> | undefined;
let inlineSeq = 0;

/** "@bot query" in the message box asks the bot for inline results, as Telegram's apps do while typing. */
function inlineQueryOf(text: string): string | undefined {
  const bot = state?.bot.username;
  const m = bot ? new RegExp(`^@${bot}\\s(.*)$`, "is").exec(text) : null;
  return m ? m[1]!.trim() : undefined;
}

function scheduleInlineQuery(query: string): void {
  clearTimeout(inlineTimer);
  inlineTimer = setTimeout(() => {
    const seq = ++inlineSeq;
    const chatId = current;
    post(`/api/chats/${chatId}/inline`, { query })
      .then((r) => {
        if (seq === inlineSeq && chatId === current) showInlineResults(r as { queryId: string; results: InlineQueryResult[] });
      })
      .catch((err: Error) => toast(err.message));
  }, 300);
}

function showInlineResults({ queryId, results }: { queryId: string; results: InlineQueryResult[] }): void {
  const menu = $("command-menu");
  menu.hidden = false;
  if (results.length === 0) {
    menu.replaceChildren(el("div", "command-item muted", t("playground-no-results")));
    return;
  }
  menu.replaceChildren(
    ...results.map((r) => {
      const item = el("button", "command-item inline-result") as HTMLButtonElement;
      item.type = "button";
      item.dataset.testid = "inline-result";
      if (r.type === "photo" && "photo_file_id" in r) {
        const img = el("img", "thumb") as HTMLImageElement;
        img.src = fileUrl(r.photo_file_id);
        img.alt = "";
        item.append(img);
      }
      const title = "title" in r && r.title ? r.title : r.type;
      const description = "description" in r && r.description ? r.description : "";
      item.append(el("span", "cmd", title), el("span", "muted", description));
      item.addEventListener("click", () => {
        ($("text") as HTMLInputElement).value = "";
        hideCommandMenu();
        act("inline-send", { queryId, resultId: r.id });
      });
      return item;
    }),
  );
}

async function upload(file: File): Promise<void> {
  const type = file.type || (file.name.endsWith(".csv") ? "text/csv" : "application/octet-stream");
  await post(`/api/chats/${current}/documents?name=${encodeURIComponent(file.name)}`, file, { "content-type": type }).catch((err: Error) =>
    toast(err.message),
  );
}

// ---------------------------------------------------------------- dialogs
function openSharePicker(requestId: number, title: string): void {
  pendingShare = { requestId };
  $("share-title").textContent = title;
  const others = state!.people.filter((p) => p.id !== current);
  $("share-people").replaceChildren(
    ...others.map((p) => {
      const b = el("button", "choice") as HTMLButtonElement;
      b.type = "button";
      b.dataset.testid = `share-${p.role}`;
      b.append(el("span", "avatar", p.firstName[0]), el("span", "", `${p.firstName} · ${p.id}`));
      b.addEventListener("click", () => share(p.id));
      return b;
    }),
  );
  ($("share-dialog") as HTMLDialogElement).showModal();
}

function share(userId: number): void {
  if (!pendingShare) return;
  act("share", { requestId: pendingShare.requestId, userId });
  pendingShare = undefined;
  ($("share-dialog") as HTMLDialogElement).close();
}

function openForward(): void {
  const select = $("forward-from") as HTMLSelectElement;
  select.replaceChildren(
    ...state!.people
      .filter((p) => p.id !== current)
      .map((p) => {
        const o = el("option", "", `${p.firstName} (${p.id})`) as HTMLOptionElement;
        o.value = String(p.id);
        return o;
      }),
    Object.assign(el("option", "", t("playground-forward-hidden")) as HTMLOptionElement, { value: "hidden" }),
  );
  ($("forward-dialog") as HTMLDialogElement).showModal();
}

/** A link in a chat, opened as Telegram would: the server says where it leads, the page's user picks who opens it. */
function openLink(url: string): void {
  if (!URL.canParse(url)) return toast(t("playground-link-bad"));
  post("/api/links/describe", { url })
    .then((r) => {
      const link = r as DescribedLink;
      if (link.target.kind === "outside") window.open(link.url, "_blank", "noopener");
      else if (link.target.kind === "simulated") toast(t("playground-link-simulated"));
      else chooseOpener(link);
    })
    .catch((err: Error) => toast(err.message));
}

/** The chooser's heading and explanation for a link. */
function linkWording(link: DescribedLink): { title: string; hint: string; outsider: boolean } {
  const target = link.target;
  let opened: { title: string; hint: string; outsider: boolean };
  if (target.kind === "bot") {
    const command = target.payload ? `/start ${target.payload}` : "/start";
    opened = { title: t("playground-open-bot"), hint: t("playground-open-bot-hint", { command }), outsider: false };
  } else if (target.kind === "service") {
    const v = target.view;
    const network = t(`playground-network-${v.network}`);
    const amount = "amount" in v ? `${v.amount} ${v.asset}` : "";
    opened =
      v.kind === "cheque"
        ? { title: t("playground-open-cheque"), hint: t("playground-open-cheque-hint", { network, amount }), outsider: false }
        : v.kind === "invoice"
          ? { title: t("playground-open-invoice"), hint: t("playground-open-invoice-hint", { network, amount }), outsider: true }
          : v.kind === "withdrawal-link"
            ? { title: t("playground-open-withdrawal"), hint: t("playground-open-withdrawal-hint", { network, amount, address: v.address, chain: v.chain }), outsider: false }
            : { title: t("playground-open-service"), hint: t("playground-open-service-hint", { network }), outsider: false };
  } else opened = { title: t("playground-open-as"), hint: "", outsider: false };
  if (!link.share) return opened;
  return { ...opened, title: t("playground-share-with"), hint: `${t("playground-share-with-hint")} ${opened.hint}` };
}

function chooseOpener(link: DescribedLink): void {
  const wording = linkWording(link);
  $("open-title").textContent = wording.title;
  $("open-hint").textContent = wording.hint;
  const choice = (testid: string, avatar: string, label: string, as: number | "outsider") => {
    const b = el("button", "choice") as HTMLButtonElement;
    b.type = "button";
    b.dataset.testid = testid;
    b.append(el("span", "avatar", avatar), el("span", "", label));
    b.addEventListener("click", () => {
      ($("open-dialog") as HTMLDialogElement).close();
      post("/api/links/open", { url: link.url, as, language: person().languageCode })
        .then((r) => opened(r as OpenedLink))
        .catch((err: Error) => toast(err.message));
    });
    return b;
  };
  $("open-people").replaceChildren(
    ...state!.people.map((p) => choice(`open-as-${p.role}`, p.firstName[0]!, `${p.firstName} (${t(`playground-role-${p.role}`)})`, p.id)),
    ...(wording.outsider ? [choice("open-as-outsider", "?", t("playground-outsider"), "outsider")] : []),
  );
  ($("open-dialog") as HTMLDialogElement).showModal();
}

function opened(reply: OpenedLink): void {
  // A link into this bot opens that person's chat with it.
  if (reply.chatId !== undefined && reply.chatId !== current) switchTo(reply.chatId);
  if (reply.topUp) return openTopUp(reply.topUp.personId, reply.topUp.network, reply.topUp.asset);
  if (reply.text) toast(reply.text);
}

// ---------------------------------------------------------------- top-up
/** The simulator credits money the way a deposit through xRocket's bot would bring it. */
function openTopUp(personId: number, onNetwork: Network, asset?: string): void {
  const who = person(personId);
  const dialog = $("top-up-dialog") as HTMLDialogElement;
  dialog.dataset.personId = String(personId);
  $("top-up-title").textContent = t("playground-top-up-title", { name: who.firstName });
  ($("top-up-network") as HTMLSelectElement).value = onNetwork;
  const assets = $("top-up-asset") as HTMLSelectElement;
  if (assets.options.length === 0) {
    assets.replaceChildren(...state!.assets.map((a) => Object.assign(el("option", "", a) as HTMLOptionElement, { value: a })));
  }
  ($("top-up-to") as HTMLSelectElement).value = "pay";
  if (asset) assets.value = asset;
  dialog.showModal();
}

function topUp(): void {
  const dialog = $("top-up-dialog") as HTMLDialogElement;
  post("/api/top-up", {
    personId: Number(dialog.dataset.personId),
    network: ($("top-up-network") as HTMLSelectElement).value,
    to: ($("top-up-to") as HTMLSelectElement).value,
    asset: ($("top-up-asset") as HTMLSelectElement).value,
    amount: ($("top-up-amount") as HTMLInputElement).value,
    language: person().languageCode,
  })
    .then((r) => toast((r as { text: string }).text))
    .catch((err: Error) => toast(err.message));
}

function showAlert(text: string): void {
  $("alert-text").textContent = text;
  ($("alert-dialog") as HTMLDialogElement).showModal();
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function toast(text: string): void {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 4000);
}

// ---------------------------------------------------------------- side panel
function renderPanel(): void {
  if (!state) return;
  const me = person();
  $("keys").replaceChildren(
    el("h3", "", t("playground-keys", { name: me.firstName })),
    ...(["production", "testnet"] as const).map((n) => {
      const row = el("div", "key-row");
      const b = el("button", "small", t("playground-paste")) as HTMLButtonElement;
      b.type = "button";
      b.title = t("playground-paste-hint");
      b.dataset.testid = `paste-key-${n}`;
      b.addEventListener("click", () => {
        const input = $("text") as HTMLInputElement;
        input.value = me.keys[n];
        // On a phone the panel covers the chat: the key is pasted where it is sent.
        document.body.classList.remove("show-panel");
        input.focus();
      });
      row.append(el("span", "muted", t(`playground-network-${n}`)), el("code", "key", me.keys[n]), b);
      return row;
    }),
  );
  $("accounts").replaceChildren(
    ...state.panel.accounts.map((a) => {
      const card = el("section", `account ${a.id === current ? "current" : ""}`);
      card.dataset.testid = `account-${a.role}`;
      const heading = el("div", "account-head");
      const add = el("button", "small", t("playground-top-up-button")) as HTMLButtonElement;
      add.type = "button";
      add.title = t("playground-top-up-button-hint", { name: a.name, network: t(`playground-network-${network}`) });
      add.dataset.testid = `top-up-${a.role}`;
      add.addEventListener("click", () => openTopUp(a.id, network));
      heading.append(el("h4", "", `${a.name} · ${roleLabel(a.role)} · ${a.id}`), add);
      card.append(heading);
      const was = previousPanel?.accounts.find((p) => p.id === a.id)?.balances[network];
      for (const kind of ["pay", "funding", "trading"] as const) {
        const entries = Object.entries(a.balances[network][kind]);
        if (entries.length === 0) continue;
        const table = el("dl", "balances");
        table.dataset.kind = kind;
        table.append(el("dt", "kind", t(`playground-kind-${kind}`)));
        // Available, and what is held apart, as the bot's /balance writes them: "5 USDT (+2 held)".
        for (const [asset, shown] of entries) {
          const before = was?.[kind][asset];
          const changed = was !== undefined && JSON.stringify(before) !== JSON.stringify(shown);
          const value = el("dd", changed ? "changed" : "");
          value.dataset.asset = asset;
          value.append(el("span", "amount", `${group(shown.available)} ${asset}`));
          if (!/^0(\.0*)?$/.test(shown.held)) value.append(el("span", "held muted", ` ${t("playground-held", { amount: group(shown.held) })}`));
          table.append(value);
        }
        card.append(table);
      }
      return card;
    }),
  );
  $("operations").replaceChildren(
    ...state.panel.operations
      .filter((o) => o.network === network)
      .map((o) => {
        const item = el("li");
        item.append(
          el("span", "muted", new Date(o.at).toLocaleTimeString(figuresTag())),
          el("strong", "", ` ${o.operationId} `),
          el("span", "", o.summary),
        );
        return item;
      }),
  );
  ($("slow-mass") as HTMLInputElement).checked = state.panel.slowMass;
  previousPanel = state.panel;
}

/** The tag the open chat's person reads figures in: as the bot writes them to that person. */
function figuresTag(): string {
  const language = personLanguage();
  const known = state?.languages ?? [];
  return (known.find((l) => l.code === language) ?? known.find((l) => l.code === language.split("-")[0]))?.format ?? FALLBACK_LANGUAGE;
}

/** An amount as the person's language writes it, every digit kept (Intl takes the decimal string exactly). */
function group(amount: string): string {
  return new Intl.NumberFormat(figuresTag(), { maximumFractionDigits: 100 }).format(amount as Intl.StringNumericLiteral);
}

// ---------------------------------------------------------------- wiring
function setTheme(theme: "light" | "dark"): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem("playground-theme", theme);
}

function init(): void {
  const saved = localStorage.getItem("playground-theme");
  setTheme(saved === "dark" || saved === "light" ? saved : matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  $("theme").addEventListener("click", () => setTheme(document.documentElement.dataset.theme === "dark" ? "light" : "dark"));
  $("panel-toggle").addEventListener("click", () => document.body.classList.toggle("show-panel"));

  const input = $("text") as HTMLInputElement;
  $("composer").addEventListener("submit", (e) => {
    e.preventDefault();
    send(input.value);
  });
  input.addEventListener("input", () => {
    const inline = inlineQueryOf(input.value);
    if (inline !== undefined) return scheduleInlineQuery(inline);
    if (input.value.startsWith("/") && !input.value.includes(" ")) showCommandMenu(input.value);
    else hideCommandMenu();
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hideCommandMenu();
  });
  $("commands").addEventListener("click", () => ($("command-menu").hidden ? showCommandMenu("/") : hideCommandMenu()));
  $("attach").addEventListener("click", () => $("file").click());
  $("file").addEventListener("change", () => {
    const fileInput = $("file") as HTMLInputElement;
    const file = fileInput.files?.[0];
    if (file) void upload(file);
    fileInput.value = "";
  });
  $("forward").addEventListener("click", openForward);
  $("language").addEventListener("change", () => {
    const language = ($("language") as HTMLSelectElement).value;
    post(`/api/chats/${current}/language`, { language })
      .then((r) => {
        person().languageCode = language;
        state!.commands[current] = (r as { commands: BotCommand[] }).commands;
        const name = state!.languages.find((l) => l.code === language)?.name ?? language;
        applyChrome();
        renderChat();
        renderPanel();
        toast(t("playground-language-set", { name }));
      })
      .catch((err: Error) => toast(err.message));
  });
  // The chat shrinks when a reply keyboard appears (or the window, or a phone's own keyboard): a chat
  // read at its end stays at its end, so the bottom of the bot's question is never hidden behind it.
  const list = $("messages");
  let atEnd = true;
  list.addEventListener("scroll", () => (atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 80));
  new ResizeObserver(() => {
    if (atEnd) list.scrollTop = list.scrollHeight;
  }).observe(list);
  const people = $("people");
  people.addEventListener("scroll", renderPeopleHints);
  new ResizeObserver(renderPeopleHints).observe(people);
  $("people-more").addEventListener("click", () => people.scrollTo({ left: people.scrollWidth, behavior: "smooth" }));
  $("people-less").addEventListener("click", () => people.scrollTo({ left: 0, behavior: "smooth" }));
  // A photo that finishes loading in the newest message would otherwise push the chat's end out of view.
  $("messages").addEventListener(
    "load",
    (e) => {
      const list = $("messages");
      if ((e.target as HTMLElement).closest(".row") === list.lastElementChild) list.scrollTop = list.scrollHeight;
    },
    true,
  );
  $("forward-send").addEventListener("click", () => {
    const from = ($("forward-from") as HTMLSelectElement).value;
    const text = ($("forward-text") as HTMLTextAreaElement).value;
    act("forward", from === "hidden" ? { hiddenName: "Hidden Person", text } : { fromId: Number(from), text });
  });
  $("top-up-send").addEventListener("click", topUp);
  $("slow-mass").addEventListener("change", () => {
    const on = ($("slow-mass") as HTMLInputElement).checked;
    post("/api/slow-mass", { on })
      .then(() => toast(t(on ? "playground-slow-mass-on" : "playground-slow-mass-off")))
      .catch((err: Error) => toast(err.message));
  });
  $("share-by-id").addEventListener("click", (e) => {
    const id = ($("share-id") as HTMLInputElement).value.trim();
    if (!/^[1-9][0-9]{0,15}$/.test(id)) {
      e.preventDefault();
      toast(t("playground-share-bad-id"));
      return;
    }
    share(Number(id));
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>("[data-network]")) {
    b.addEventListener("click", () => {
      network = b.dataset.network as Network;
      for (const o of document.querySelectorAll("[data-network]")) o.classList.toggle("on", o === b);
      previousPanel = undefined;
      renderPanel();
    });
  }
  connect();
}

init();
