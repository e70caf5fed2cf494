import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { patientChoices } from "../../../lib/receptions/patient-choices";
import { answerField } from "../form-steps";
import { QuestionField } from "./form-fields";
import type { WebReceptionFormState } from "./use-web-reception-form";

/** The step's questions, each with the choices its conditions leave. */
export function StepQuestions({
  form,
  webQuestionnaireUrl,
}: {
  form: WebReceptionFormState;
  webQuestionnaireUrl?: string;
}) {
  const { values, context } = form;
  const text = usePatientText();
  return (
    <>
      {form.step.questions.map((question) => {
        const key = question.key;
        return (
          <QuestionField
            key={key}
            questionKey={key}
            required={question.required}
            choices={patientChoices(text, key, values.answers, context)}
            value={values.answers[key] as string | undefined}
            error={form.errors[answerField(key)]}
            onChange={(value) => form.answer(key, value)}
            waitingForDate={key === "returnTimePeriod" && !values.answers.returnDate}
            questionnaireUrl={
              key === "questionnaireType" && values.answers.questionnaireType === "Web"
                ? webQuestionnaireUrl
                : undefined
            }
          />
        );
      })}
    </>
  );
}
