import styles from "./web-reception-form.module.css";

/** The steps as a bar of marks, the ones done filled: for the eye only (the title says 「2 / 4」). */
export function FormProgress({ position }: { position: { index: number; total: number } }) {
  return (
    <div className={styles.progress} aria-hidden>
      {Array.from({ length: position.total }, (_, at) => (
        <span key={at} className={at < position.index ? styles.progressDone : styles.progressTodo} />
      ))}
    </div>
  );
}
