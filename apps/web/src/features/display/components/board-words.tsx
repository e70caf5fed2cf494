import styles from "./display-page.module.css";

/** Japanese, then the same in English, smaller (board-words.ts). */
export function BoardWords({ words }: { words: { ja: string; en: string } }) {
  return (
    <>
      {words.ja}
      <span lang="en" className={styles.english}>
        {words.en}
      </span>
    </>
  );
}
