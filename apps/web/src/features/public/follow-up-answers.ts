import { message, messageOr, type Message } from "../../lib/i18n/message";
import {
  followUpAnswerIssues,
  REQUIRED_ANSWER_MESSAGE,
  type FollowUpAnswers,
  type FollowUpQuestion,
} from "@pharmacy/contract/follow-ups/follow-up-templates";

/**
 * The patient's questionnaire as pure rules: what is sent (a text left empty is not an answer; symptoms
 * left untouched are none) and what keeps it from being sent, per question (the contract's check).
 */

export type AnswerDraft = Record<string, string | string[]>;

export function answersToSend(questions: readonly FollowUpQuestion[], draft: AnswerDraft): FollowUpAnswers {
  const answers: FollowUpAnswers = {};
  for (const question of questions) {
    const answer = draft[question.key];
    if (question.kind === "symptoms") answers[question.key] = Array.isArray(answer) ? answer : [];
    else if (typeof answer === "string" && answer.trim() !== "")
      answers[question.key] = question.kind === "text" ? answer.trim() : answer;
  }
  return answers;
}

/** The first issue of each question, by its key; 必須項目です reads 「お答えください」 to a patient. */
export function answerErrors(
  questions: readonly FollowUpQuestion[],
  answers: FollowUpAnswers,
): Record<string, Message> {
  const errors: Record<string, Message> = {};
  for (const issue of followUpAnswerIssues(questions, answers)) {
    const key = issue.path[0];
    if (key !== undefined && errors[key] === undefined)
      errors[key] =
        issue.message === REQUIRED_ANSWER_MESSAGE
          ? message("followUp.answerRequired")
          : messageOr("errors.invalid", issue.message);
  }
  return errors;
}
