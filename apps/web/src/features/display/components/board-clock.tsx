import { inBusinessTime } from "../../../lib/dates/dayjs";
import { useNow } from "../hooks/use-now";
import styles from "./display-page.module.css";

/** Today's date and the time in Tokyo, whatever the TV's own clock zone. */
export function BoardClock() {
  const now = inBusinessTime(useNow(1000));
  return (
    <div className={styles.clock}>
      <span className={styles.date}>{now.format("M月D日(dd)")}</span>
      <time className={styles.time} dateTime={now.format()}>
        {now.format("H:mm")}
      </time>
    </div>
  );
}
