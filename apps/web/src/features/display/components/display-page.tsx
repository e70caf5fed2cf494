import type { ReactNode } from "react";
import { useLiveStatus } from "../../../lib/live/use-live";
import { useDocumentTitle } from "../../../lib/browser/use-document-title";
import { BOARD_REFRESH_MS, useGetBoardQuery } from "../api";
import { PAGE_TURN_MS, PREPARING_PER_PAGE, READY_PER_PAGE, boardKey, pageAt, readyOrder } from "../board-pages";
import { useCallAnnouncements } from "../hooks/use-call-announcements";
import { useTicker } from "../hooks/use-ticker";
import { useWakeLock } from "../hooks/use-wake-lock";
import { BOARD_WORDS, waitMinutesWords } from "../board-words";
import { BoardClock } from "./board-clock";
import { BoardWords } from "./board-words";
import { BoardNumberCell } from "./board-number";
import { SoundGate } from "./sound-gate";
import styles from "./display-page.module.css";

/**
 * The waiting-room screen (呼出画面), made to be read from 5 m on a 16:9 TV: numbers only, never a
 * name. Every size is a share of the screen, so a 1280×720 TV shows the same board smaller.
 * `exit` is the staff's way out, small in a corner.
 */
export function DisplayPage({ exit }: { exit: ReactNode }) {
  useDocumentTitle("呼出画面");
  useWakeLock();
  const { data: board, isError } = useGetBoardQuery(undefined, { pollingInterval: BOARD_REFRESH_MS });
  const live = useLiveStatus("board");
  const { soundEnabled, enableSound } = useCallAnnouncements();
  const turn = useTicker(PAGE_TURN_MS);

  const { latest, others } = readyOrder(board?.ready ?? []);
  const ready = pageAt(others, latest ? READY_PER_PAGE - 1 : READY_PER_PAGE, turn);
  const preparing = pageAt(board?.preparing ?? [], PREPARING_PER_PAGE, turn);
  const reconnecting = live === "reconnecting" || isError;

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.branch}>{board?.pharmacyName}</h1>
        <BoardClock />
      </header>
      <main className={styles.panels}>
        <section className={`${styles.panel} ${styles.preparingPanel}`} aria-labelledby="board-preparing">
          <h2 id="board-preparing" className={`${styles.panelTitle} ${styles.preparingTitle}`}>
            <span>
              <BoardWords words={BOARD_WORDS.preparing} />
            </span>
            <PageMark page={preparing.page} pages={preparing.pages} />
          </h2>
          <ol className={styles.preparingGrid} data-testid="board-preparing">
            {preparing.items.map((number) => (
              <BoardNumberCell key={boardKey(number)} number={number} className={styles.preparingCell} />
            ))}
          </ol>
        </section>
        <section className={`${styles.panel} ${styles.readyPanel}`} aria-labelledby="board-ready">
          <h2 id="board-ready" className={`${styles.panelTitle} ${styles.readyTitle}`}>
            <span>
              <BoardWords words={BOARD_WORDS.ready} />
            </span>
            <PageMark page={ready.page} pages={ready.pages} />
          </h2>
          {board && !latest && others.length === 0 ? (
            <p className={styles.empty}>
              <BoardWords words={BOARD_WORDS.emptyReady} />
            </p>
          ) : (
            <ol className={styles.readyGrid} data-testid="board-ready">
              {latest && (
                // A new key per call replays the highlight's pulse.
                <BoardNumberCell
                  key={`latest-${latest.calledAt}`}
                  number={latest}
                  className={`${styles.readyCell} ${styles.latestCell}`}
                />
              )}
              {ready.items.map((number) => (
                <BoardNumberCell key={boardKey(number)} number={number} className={styles.readyCell} />
              ))}
            </ol>
          )}
        </section>
      </main>
      <footer className={styles.footer}>
        <p className={styles.wait}>
          {board?.waitMinutes !== undefined ? (
            <>
              <BoardWords words={BOARD_WORDS.waitEstimate} />{" "}
              <strong className={styles.waitMinutes}>
                <BoardWords words={waitMinutesWords(board.waitMinutes)} />
              </strong>
            </>
          ) : (
            <BoardWords words={BOARD_WORDS.comeWhenShown} />
          )}
        </p>
        {reconnecting && (
          <span className={styles.reconnecting} role="status">
            <BoardWords words={BOARD_WORDS.reconnecting} />
          </span>
        )}
        <span className={styles.exit}>{exit}</span>
      </footer>
      {!soundEnabled && <SoundGate onEnable={() => void enableSound()} />}
    </div>
  );
}

function PageMark({ page, pages }: { page: number; pages: number }) {
  if (pages < 2) return null;
  return (
    <span className={styles.pageMark}>
      {page + 1} / {pages}
    </span>
  );
}
