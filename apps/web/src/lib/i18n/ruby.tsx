import { Fragment, type ReactNode } from "react";

/**
 * Furigana in the catalogs (やさしい日本語) are written as in Japanese e-texts: 「｜漢字《かんじ》」. On screen
 * they become <ruby>; where only a string fits (a title, an aria-label) the reading is left out.
 */
const RUBY = /｜([^｜《》]+)《([^》]+)》/g;

export function withoutRuby(text: string): string {
  return text.replace(RUBY, "$1");
}

export function withRuby(text: string): ReactNode {
  if (!text.includes("《")) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(RUBY)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <ruby key={match.index}>
        {match[1]}
        <rp>(</rp>
        <rt>{match[2]}</rt>
        <rp>)</rp>
      </ruby>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
