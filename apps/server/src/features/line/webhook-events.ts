import { z } from "zod";

/** The part of LINE's webhook body this server reads; other fields and event types pass unread. */
const WebhookEventSchema = z.object({
  type: z.string(),
  /** Milliseconds since the epoch, when the event happened. */
  timestamp: z.number().int().nonnegative(),
  webhookEventId: z.string().min(1).max(64),
  replyToken: z.string().max(256).optional(),
  source: z
    .object({
      type: z.string(),
      userId: z
        .string()
        .regex(/^U[0-9a-f]{32}$/)
        .optional(),
    })
    .optional(),
  message: z.object({ type: z.string(), text: z.string().max(5000).optional() }).optional(),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookBodySchema = z.object({
  /** The bot's user ID: the channel the events are for. */
  destination: z.string().min(1).max(64),
  events: z.array(WebhookEventSchema).max(100),
});
