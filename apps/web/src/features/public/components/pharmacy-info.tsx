import { addDays, businessClockOf, weekdayOf } from "@pharmacy/contract/calendar/business-calendar";
import type { PublicPharmacy } from "@pharmacy/contract/public/public";
import type { Period } from "@pharmacy/contract/settings/settings";
import { WEEKDAY_ORDER } from "@pharmacy/contract/calendar/date-labels";
import { monthDayIn, periodIn, weekdayIn } from "../../../lib/i18n/patient-dates";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import { closedNowTextOf } from "../labels";
import styles from "./pharmacy-info.module.css";
import page from "./public-page.module.css";
import { Icon, LinkButton } from "./ui";
import { closedDaysAhead } from "../closed-days";

/** How many days ahead closures are listed: about three months, so late November already shows the year-end. */
const CLOSED_DATES_AHEAD = 92;

/** Periods side by side, each kept on one line ("9:00〜13:00" never breaks in the middle). */
function Periods({ periods }: { periods: readonly Period[] }) {
  const { language } = usePatientText();
  return (
    <span className={styles.periods}>
      {periods.map((period) => (
        <span key={period.start} className={styles.period}>
          {periodIn(language, period)}
        </span>
      ))}
    </span>
  );
}

/** Today's hours and whether the branch is open now, at the top of the page. */
export function TodayStatus({ pharmacy }: { pharmacy: PublicPharmacy }) {
  const { today } = pharmacy;
  const { r, m, language } = usePatientText();
  return (
    <section className={page.section} aria-labelledby="today-title">
      <h2 id="today-title" className={page.sectionTitle}>
        <Icon name="clock" /> {r("pharmacy.todayTitle")}
        <span className={styles.todayDate}>{monthDayIn(language, today.date)}</span>
      </h2>
      <p className={styles.todayHours}>
        {today.periods.length > 0 ? <Periods periods={today.periods} /> : r("pharmacy.closedToday")}
      </p>
      <p className={today.openNow ? styles.open : styles.closed} role="status">
        {today.openNow
          ? r("pharmacy.openNow")
          : m(closedNowTextOf(language, pharmacy.businessHours, businessClockOf()))}
      </p>
      <a href="#branch-info" className={styles.more}>
        {r("pharmacy.weekLink")}
      </a>
    </section>
  );
}

/** The week's hours, the coming closed days, address and phone, at the bottom of the page. */
export function PharmacyDetails({ pharmacy }: { pharmacy: PublicPharmacy }) {
  const { businessHours, today } = pharmacy;
  const todayWeekday = weekdayOf(today.date);
  const lastDay = addDays(today.date, CLOSED_DATES_AHEAD);
  const closedAhead = closedDaysAhead(pharmacy, today.date, lastDay);
  const { t, r, language } = usePatientText();
  return (
    <section className={page.section} aria-labelledby="branch-info-title" id="branch-info">
      <h2 id="branch-info-title" className={page.sectionTitle}>
        {r("pharmacy.infoTitle")}
      </h2>
      <table className={styles.week}>
        <caption className={styles.visuallyHidden}>{t("pharmacy.weekCaption")}</caption>
        <tbody>
          {WEEKDAY_ORDER.map((weekday) => {
            const periods = businessHours.weekly.find((day) => day.weekday === weekday)?.periods ?? [];
            return (
              <tr key={weekday} className={weekday === todayWeekday ? styles.todayRow : undefined}>
                <th scope="row">{weekdayIn(language, weekday)}</th>
                <td>{periods.length > 0 ? <Periods periods={periods} /> : r("pharmacy.dayOff")}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {closedAhead.length > 0 && (
        <div className={styles.closedDates}>
          <h3 className={styles.subTitle}>{r("pharmacy.closedDays")}</h3>
          <ul>
            {closedAhead.map(({ date, name }) => (
              <li key={date}>{name ? `${monthDayIn(language, date)} ${name}` : monthDayIn(language, date)}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className={styles.contact}>
        <dt>
          <Icon name="place" /> {r("pharmacy.address")}
        </dt>
        <dd>{pharmacy.address}</dd>
        <dt>
          <Icon name="phone" /> {r("pharmacy.phone")}
        </dt>
        <dd>
          <LinkButton
            variant="default"
            href={`tel:${pharmacy.phone.replace(/[^\d+]/g, "")}`}
            icon={<Icon name="phone" />}
          >
            {pharmacy.phone}
          </LinkButton>
        </dd>
      </dl>
    </section>
  );
}
