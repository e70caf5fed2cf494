import type { LiveView, ReceptionEventType, ServerFrame } from "@pharmacy/contract/live/realtime";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { LiveChange } from "../../live/live-change.js";
import { toReception } from "./mapping.js";
import { receptionDetails } from "./repository.js";
import { boardColumns } from "./wait-repository.js";
import type { WaitService } from "./wait-service.js";

export interface ReceptionFramesDeps {
  db: Db;
  clock: Clock;
  wait: WaitService;
}

/**
 * A reception change as the views here need it, from one query: the staff screens' frame (the reception,
 * deleted ones too, so that a deletion names what was deleted) and the calling display's board.
 */
export async function receptionFramesOf(
  deps: ReceptionFramesDeps,
  change: LiveChange,
  views: ReadonlySet<LiveView>,
): Promise<Partial<Record<LiveView, ServerFrame>>> {
  const now = deps.clock.now();
  const board = views.has("board");
  const row = await deps.db
    .selectFrom("receptions")
    .selectAll("receptions")
    .select((eb) => receptionDetails(eb))
    .$if(board, (query) => query.select(boardColumns(deps.db, deps.wait.boardQuery(change.pharmacyId, now))))
    .where("receptions.id", "=", change.subjectId)
    .where("receptions.pharmacy_id", "=", change.pharmacyId)
    .executeTakeFirst();
  if (!row) return {};
  return {
    ...(views.has("staff") && {
      staff: {
        type: change.type as ReceptionEventType,
        reception: toReception(row, row.prescriptions, row.photo_request),
        ...(change.originSessionId && { originSessionId: change.originSessionId }),
      },
    }),
    ...(row.board_rows && {
      board: deps.wait.boardFrameOf(change, row as typeof row & Required<Pick<typeof row, BoardColumn>>, row, now),
    }),
  };
}

type BoardColumn = "board_rows" | "board_completions" | "board_used_today" | "board_pharmacy_name";
