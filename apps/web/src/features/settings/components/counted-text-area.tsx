import { Input, type GetProps } from "antd";
import styles from "./counted-text-area.module.css";

type TextAreaProps = GetProps<typeof Input.TextArea>;

/**
 * A TextArea with its "12 / 200" counter on its own line under the box: antd's showCount sits over
 * the line below (where the Form.Item's help text goes) or inside the box.
 */
export function CountedTextArea({ maxLength, ...props }: TextAreaProps & { maxLength: number }) {
  const length = typeof props.value === "string" ? [...props.value].length : 0;
  return (
    <>
      <Input.TextArea {...props} maxLength={maxLength} />
      <div className={styles.count} aria-hidden>
        {`${length} / ${maxLength}`}
      </div>
    </>
  );
}
