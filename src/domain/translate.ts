/** A locale key and its variables to the text in a person's language (Fluent files under locales/). */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;
