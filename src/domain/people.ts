import { copyable } from "./copyable.js";
import type { Translate } from "./translate.js";
import { inlineUserText } from "./user-text.js";

/** People by their Telegram id, with the display name the bot has seen (never sent to the service). */

export interface KnownPerson {
  id: number;
  /** First and last name as Telegram shows them. */
  name?: string;
  /** Without the "@". */
  username?: string;
  /** The language Telegram says the person's app uses (`language_code`), when they wrote to the bot. */
  language?: string;
}

/** A name from Telegram's first and last name; undefined when both are empty. */
export function joinName(first: string | undefined, last: string | undefined): string | undefined {
  const name = [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name === "" ? undefined : name;
}

/** A person from a Telegram user object (or users_shared's SharedUser), with what it carries. */
export function personFrom(user: {
  id?: number;
  user_id?: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}): KnownPerson | undefined {
  const id = user.id ?? user.user_id;
  if (id === undefined) return undefined;
  const name = joinName(user.first_name, user.last_name);
  return {
    id,
    ...(name ? { name } : {}),
    ...(user.username ? { username: user.username } : {}),
    ...(user.language_code ? { language: user.language_code } : {}),
  };
}

/**
 * How a person is named: "“Sam” (id 1002)", "@sam (id 1002)" or "user id 1002". A name is what
 * Telegram passed on, so it is quoted on one line (docs/decisions/002); the id is tap-to-copy.
 */
export function personLabel(t: Translate, id: number | string, known?: KnownPerson): string {
  const shownId = copyable(String(id));
  if (known?.name) return t("person-named", { name: inlineUserText(known.name), id: shownId });
  if (known?.username) return t("person-username", { username: known.username, id: shownId });
  return t("person-id", { id: shownId });
}

