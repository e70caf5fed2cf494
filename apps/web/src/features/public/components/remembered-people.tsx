import { useState } from "react";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./family.module.css";
import { Button, Icon } from "./ui";
import type { WebReceptionFormState } from "./use-web-reception-form";

/**
 * The people this phone remembers (docs/rules.md#family), above the first step: one tap fills the
 * form with everyone (the first as the sender, the others as the family) or with one of them;
 * 「この端末から消す」 forgets one or all.
 */
export function RememberedPeople({ form }: { form: WebReceptionFormState }) {
  const { t, r } = usePatientText();
  const [forgotten, setForgotten] = useState(false);
  const [filled, setFilled] = useState(0);
  const people = form.remembered;
  if (people.length === 0)
    return forgotten ? (
      <p role="status" className={styles.lead} data-testid="people-forgotten">
        {r("family.forgotten")}
      </p>
    ) : null;
  const forget = (patientName?: string) => {
    form.forget(patientName);
    setForgotten(true);
  };
  return (
    <section className={styles.remembered} aria-labelledby="remembered-title" data-testid="remembered-people">
      <h3 id="remembered-title" className={styles.title}>
        {r("family.rememberedTitle")}
      </h3>
      <p className={styles.lead}>{r("family.rememberedLead")}</p>
      {people.length > 1 && (
        <Button
          variant="primary"
          big
          onClick={() => {
            form.prefill(people);
            setFilled(people.length);
          }}
          data-testid="use-everyone"
          style={{ width: "100%", marginBottom: 12 }}
        >
          {t("family.useEveryone", { count: people.length })}
        </Button>
      )}
      <ul className={styles.people}>
        {people.map((person) => (
          <li key={person.patientName} className={styles.person}>
            <Button
              onClick={() => {
                form.prefill([person]);
                setFilled(1);
              }}
              data-testid="use-person"
            >
              {person.patientName}
            </Button>
            <Button
              variant="link"
              icon={<Icon name="close" />}
              aria-label={t("family.forgetPerson", { name: person.patientName })}
              onClick={() => forget(person.patientName)}
            />
          </li>
        ))}
      </ul>
      {filled > 0 && (
        <p role="status" className={styles.lead} data-testid="people-filled">
          {t("family.filled", { count: filled })}
        </p>
      )}
      <Button variant="link" onClick={() => forget()} data-testid="forget-everyone">
        {r("family.forgetEveryone")}
      </Button>
    </section>
  );
}
