import { createLink } from "@tanstack/react-router";
import { Button, type ButtonProps } from "antd";
import type { Ref } from "react";

type AnchorButtonProps = Omit<ButtonProps, "href"> & { href?: string; ref?: Ref<HTMLAnchorElement> };

// antd renders an <a> when given href; the router supplies href and the click handler.
function AnchorButton({ ref, ...props }: AnchorButtonProps) {
  return <Button ref={ref} {...props} />;
}

/** A router link that looks like an antd Button (and keeps the link role for screen readers). */
export const ButtonLink = createLink(AnchorButton);
