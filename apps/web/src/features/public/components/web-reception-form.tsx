import type { PublicPharmacy, WebReceptionCreated } from "@pharmacy/contract/public/public";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { STEP_TITLES } from "../form-steps";
import { ContactStepFields } from "./contact-step-fields";
import { FormNavigation } from "./form-navigation";
import { FormProgress } from "./form-progress";
import { PrescriptionStepFields } from "./prescription-step-fields";
import page from "./public-page.module.css";
import { SendErrorAlert } from "./send-error-alert";
import { StepQuestions } from "./step-questions";
import { useWebReceptionForm } from "./use-web-reception-form";
import { lazy, useEffect } from "react";
import { OptionalPiece } from "./optional-piece";
import styles from "./web-reception-form.module.css";

// The family's pieces are out of the patient entry (its budget), fetched once the first step is on
// screen: the last step then shows the family section at once, even on a slow link.
const loadFamilyFields = () => import("./family-fields");
const FamilyFields = lazy(() => loadFamilyFields().then((module) => ({ default: module.FamilyFields })));
const RememberedPeople = lazy(() =>
  import("./remembered-people").then((module) => ({ default: module.RememberedPeople })),
);

interface WebReceptionFormProps {
  publicSlug: string;
  pharmacy: PublicPharmacy;
  onSent: (created: WebReceptionCreated, answers: Answers, names?: string[]) => void;
  onStepChange: (index: number) => void;
}

/** Photos, the branch's reserved-visit questions (big buttons, conditions applied), name and phone, in short steps. */
export function WebReceptionForm(props: WebReceptionFormProps) {
  const { formRef, headingRef, form } = useWebReceptionForm(props);
  const { step, position } = form;
  const { r } = usePatientText();
  useEffect(() => {
    // a failed fetch is asked again by the last step, and else leaves the form without the family section
    loadFamilyFields().catch(() => undefined);
  }, []);
  return (
    <form
      ref={formRef}
      name="web-reception"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      className={styles.form}
    >
      {form.index === 0 && form.offersPeople && (
        <OptionalPiece>
          <RememberedPeople form={form} />
        </OptionalPiece>
      )}
      <FormProgress position={position} />
      <section className={page.section} aria-labelledby="step-title">
        <h2 id="step-title" ref={headingRef} tabIndex={-1} className={page.sectionTitle}>
          <span className={styles.stepCount} data-testid="step-count">
            {`${position.index} / ${position.total}`}
          </span>
          {r(STEP_TITLES[step.id])}
        </h2>
        <StepQuestions form={form} webQuestionnaireUrl={props.pharmacy.webQuestionnaireUrl} />
        {step.id === "prescription" && <PrescriptionStepFields form={form} />}
        {step.id === "returnVisit" && (
          <p className={styles.notice} data-testid="return-date-notice">
            {r("form.usablePeriod")}
          </p>
        )}
        {step.id === "contact" && <ContactStepFields form={form} />}
        {step.id === "contact" && (
          <OptionalPiece>
            <FamilyFields form={form} />
          </OptionalPiece>
        )}
      </section>
      {form.sendError && <SendErrorAlert error={form.sendError} />}
      <FormNavigation form={form} />
    </form>
  );
}
