import { addDays, businessClockOf, weekdayOf } from "@pharmacy/contract/calendar/business-calendar";
import type { PublicPharmacy } from "@pharmacy/contract/public/public";
import type { Period } from "@pharmacy/contract/settings/settings";
import {
  formatMonthDay,
  formatPeriodText,
  WEEKDAY_NAMES,
  WEEKDAY_ORDER,
} from "@pharmacy/contract/calendar/date-labels";
import { closedNowTextOf, OPEN_NOW_TEXT } from "../labels";
import styles from "./pharmacy-info.module.css";
import page from "./public-page.module.css";
import { Icon, LinkButton } from "./ui";
import { closedDaysAhead } from "../closed-days";

/** How many days ahead closures are listed: about three months, so late November already shows the year-end. */
const CLOSED_DATES_AHEAD = 92;

/** Periods side by side, each kept on one line ("9:00〜13:00" never breaks in the middle). */
function Periods({ periods }: { periods: readonly Period[] }) {
  return (
    <span className={styles.periods}>
      {periods.map((period) => (
        <span key={period.start} className={styles.period}>
          {formatPeriodText(period)}
        </span>
      ))}
    </span>
  );
}

/** Today's hours and whether the branch is open now, at the top of the page. */
export function TodayStatus({ pharmacy }: { pharmacy: PublicPharmacy }) {
  const { today } = pharmacy;
  return (
    <section className={page.section} aria-labelledby="today-title">
      <h2 id="today-title" className={page.sectionTitle}>
        <Icon name="clock" /> 本日の営業時間
        <span className={styles.todayDate}>{formatMonthDay(today.date)}</span>
      </h2>
      <p className={styles.todayHours}>
        {today.periods.length > 0 ? <Periods periods={today.periods} /> : "本日は休業日です"}
      </p>
      <p className={today.openNow ? styles.open : styles.closed} role="status">
        {today.openNow ? OPEN_NOW_TEXT : closedNowTextOf(pharmacy.businessHours, businessClockOf())}
      </p>
      <a href="#branch-info" className={styles.more}>
        1週間の営業時間・休業日を見る
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
  return (
    <section className={page.section} aria-labelledby="branch-info-title" id="branch-info">
      <h2 id="branch-info-title" className={page.sectionTitle}>
        営業時間・店舗情報
      </h2>
      <table className={styles.week}>
        <caption className={styles.visuallyHidden}>曜日ごとの営業時間</caption>
        <tbody>
          {WEEKDAY_ORDER.map((weekday) => {
            const periods = businessHours.weekly.find((day) => day.weekday === weekday)?.periods ?? [];
            return (
              <tr key={weekday} className={weekday === todayWeekday ? styles.todayRow : undefined}>
                <th scope="row">{WEEKDAY_NAMES[weekday]}</th>
                <td>{periods.length > 0 ? <Periods periods={periods} /> : "休み"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {closedAhead.length > 0 && (
        <div className={styles.closedDates}>
          <h3 className={styles.subTitle}>休業日（祝日・臨時休業）</h3>
          <ul>
            {closedAhead.map(({ date, name }) => (
              <li key={date}>{name ? `${formatMonthDay(date)} ${name}` : formatMonthDay(date)}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className={styles.contact}>
        <dt>
          <Icon name="place" /> 住所
        </dt>
        <dd>{pharmacy.address}</dd>
        <dt>
          <Icon name="phone" /> 電話番号
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
