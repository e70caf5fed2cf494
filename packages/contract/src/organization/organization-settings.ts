import * as z from "../shared/zod.js";
import { ReceiveMethodSchema } from "../shared/enums.js";
import { FollowUpTemplatesSchema } from "../follow-ups/follow-up-templates.js";
import { QuestionsSchema, TicketMessageSchema, addEssentialQuestionIssues } from "../settings/settings.js";

/**
 * What an organisation defines once for its branches (docs/rules.md#organisations): the web and counter
 * questions, the ticket message and the follow-up templates. A branch uses them until its admin keeps
 * its own version of one, and may return to them.
 */
export const OrganizationSettingsSchema = z
  .strictObject({
    questions: QuestionsSchema,
    ticketMessage: TicketMessageSchema,
    followUpTemplates: FollowUpTemplatesSchema.shape.templates,
  })
  // a branch may enable any receive method: the organisation's questions must serve every one of them
  .superRefine((settings, ctx) =>
    addEssentialQuestionIssues(settings.questions, ReceiveMethodSchema.options, ctx, ["questions"]),
  );
export type OrganizationSettings = z.output<typeof OrganizationSettingsSchema>;
export type OrganizationSettingsInput = z.input<typeof OrganizationSettingsSchema>;
