/**
 * /help on one screen: the commands grouped by topic, the two most used of each named there, and a
 * button per topic that shows all of its commands (each topic screen leads back). Every command any
 * feature declares is under the topic the feature declared; a feature that names none lands in "More".
 */
import { InlineKeyboard } from "grammy";
import { copyable } from "../../../domain/copyable.js";
import type { Translate } from "../../../domain/translate.js";
import type { FeatureCommand } from "../../feature.js";
import { menu } from "../../menu-data.js";
import { START_DATA } from "./callback-data.js";

/** One feature's commands as /help sees them (admin commands as the "admin" feature). */
export interface HelpSection {
  feature: string;
  /** The topic the feature declared, if any. */
  topic?: string;
  commands: FeatureCommand[];
}

/** The topics in order; a feature that names none (or one not here) lands in "more". */
const TOPICS = ["wallet", "documents", "exchange", "notices", "basics", "admin"];
const MORE = "more";

export const HELP_MAIN = START_DATA.helpMain.build({});

/** The topics with their commands, in order; empty topics left out. */
function topicsOf(sections: HelpSection[]): { topic: string; commands: FeatureCommand[] }[] {
  const topicOf = (s: HelpSection) => (s.topic && TOPICS.includes(s.topic) ? s.topic : MORE);
  const all = [...TOPICS, MORE].map((topic) => ({
    topic,
    commands: sections.filter((s) => topicOf(s) === topic).flatMap((s) => s.commands),
  }));
  return all.filter((t) => t.commands.length > 0);
}

/**
 * An example with arguments in a description ("/price BTC-USDT") is shown as code: as plain text,
 * Telegram would link only "/price", and a tap would send it bare.
 */
const EXAMPLE = /\/[a-z_]+(?: [^\s()]+)+/g;
const line = (t: Translate, c: FeatureCommand) => `/${c.command} — ${t(c.descriptionKey).replace(EXAMPLE, (m) => copyable(m))}`;

function topicButtons(t: Translate, topics: { topic: string }[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  topics.forEach(({ topic }, i) => {
    if (i > 0 && i % 2 === 0) kb.row();
    kb.text(t(`help-topic-${topic}`), START_DATA.helpTopic.build({ topic }));
  });
  return kb.row().text(t("help-menu"), menu("main"));
}

/** The first screen: each topic with its featured commands, and a button per topic. */
export function helpMain(t: Translate, sections: HelpSection[]): { text: string; keyboard: InlineKeyboard } {
  const topics = topicsOf(sections);
  const lines = [t("help-title"), ""];
  for (const { topic, commands } of topics) {
    lines.push(t(`help-topic-${topic}`));
    const featured = commands.filter((c) => c.featured);
    for (const c of featured.length > 0 ? featured : commands.slice(0, 2)) lines.push(line(t, c));
  }
  lines.push("", t("help-more"));
  return { text: lines.join("\n"), keyboard: topicButtons(t, topics) };
}

/** One topic's screen: every command of it, and « Back; undefined for a topic the person has not. */
export function helpTopic(
  t: Translate,
  sections: HelpSection[],
  id: string,
): { text: string; keyboard: InlineKeyboard } | undefined {
  const found = topicsOf(sections).find((x) => x.topic === id);
  if (!found) return undefined;
  const text = [t(`help-topic-${id}`), "", ...found.commands.map((c) => line(t, c))].join("\n");
  return { text, keyboard: new InlineKeyboard().text(t("common-back"), HELP_MAIN) };
}
