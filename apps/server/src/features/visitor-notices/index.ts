// The visitor-notices feature as other features see it (apps/server/README.md, "Boundaries").
export {
  keptUntil,
  type KeptReception,
  type LinkedNoticeChannel,
  type NoticeReception,
  type VisitorNotices,
} from "./service.js";
export { noticeText, numberLabel, statusPath, type NoticeSubject, type VisitorMilestone } from "./messages.js";
export type { PushTarget } from "./push-sender.js";
