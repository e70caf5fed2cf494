import type { i18n, ThirdPartyModule } from "i18next";
import { IntlMessageFormat } from "intl-messageformat";

/**
 * i18next's message format, ICU MessageFormat by intl-messageformat (plural, select, number and date
 * arguments; `{name}` placeholders), each message parsed once per language. In place of i18next-icu:
 * that plugin imports whichever intl-messageformat the workspace hoists (here lighthouse's 10.x, CommonJS),
 * which under Node's ESM is no constructor, and it then shows the raw message without saying so.
 */
export class IcuFormat {
  static readonly type = "i18nFormat";
  readonly type = "i18nFormat";
  private readonly parsed = new Map<string, IntlMessageFormat>();

  init(_i18n: i18n): void {}

  parse(message: unknown, values: Record<string, unknown>, language: string): unknown {
    if (typeof message !== "string") return message;
    const key = `${language}\u0000${message}`;
    let format = this.parsed.get(key);
    if (!format) {
      // Tags are text here: a message never holds markup.
      format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
      this.parsed.set(key, format);
    }
    return format.format(values as Record<string, string | number>);
  }
}

export const icuFormat = IcuFormat as unknown as ThirdPartyModule;
