import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { usePatientText } from "../../../lib/i18n/use-patient-text";
import styles from "./ui.module.css";

/** The few controls of the patient's pages, in plain elements: large, #01579B, no UI kit. */

type Variant = "primary" | "default" | "link";

function classOf(variant: Variant, big?: boolean, extra?: string): string {
  return [styles.button, styles[variant], big ? styles.big : undefined, extra].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  big?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = "default",
  big,
  loading,
  icon,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classOf(variant, big, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden /> : icon}
      {/* one flex item: a label's furigana (<ruby>) would each be an item of their own, side by side, never wrapping */}
      <span>{children}</span>
    </button>
  );
}

interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: Variant;
  big?: boolean;
  icon?: ReactNode;
}

export function LinkButton({ variant = "primary", big, icon, className, children, ...rest }: LinkButtonProps) {
  return (
    <a className={classOf(variant, big, className)} {...rest}>
      {icon}
      <span>{children}</span>
    </a>
  );
}

export function Alert({
  type,
  title,
  children,
}: {
  type: "success" | "info" | "error";
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`${styles.alert} ${styles[type]}`} role={type === "error" ? "alert" : undefined}>
      <div className={styles.alertTitle}>{title}</div>
      {children && <div className={styles.alertBody}>{children}</div>}
    </div>
  );
}

export function Spinner() {
  const { t } = usePatientText();
  return (
    <div className={styles.pageSpinner} role="status" aria-live="polite">
      <span className={`${styles.spinner} ${styles.large}`} aria-hidden />
      <span className={styles.visuallyHidden}>{t("common.loading")}</span>
    </div>
  );
}

/** Line icons (24 px grid), drawn in the text colour. */
const ICON_PATHS = {
  camera: "M4 8h3l2-3h6l2 3h3v11H4zM12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z",
  picture: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5a1 1 0 1 0 0-.01",
  file: "M6 3h8l4 4v14H6zM14 3v4h4",
  close: "M6 6l12 12M18 6L6 18",
  check: "M5 12l5 5 9-10",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
  phone: "M5 4h4l2 5-3 2a11 11 0 0 0 5 5l2-3 5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
  place: "M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12zM12 11.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  reload: "M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5",
  send: "M4 12l16-8-6 16-3-7z",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5",
  done: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 12l3 3 5-6",
  medicine: "M9 3h6v4H9zM6 7h12v14H6zM12 11v6M9 14h6",
  back: "M15 5l-7 7 7 7",
  next: "M9 5l7 7-7 7",
  bell: "M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0",
} as const;

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      className={`${styles.icon} ${className ?? ""}`}
      aria-hidden
      focusable="false"
    >
      <path
        d={ICON_PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
