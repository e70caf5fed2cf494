import { Component, Suspense, type ReactNode } from "react";

interface OptionalPieceProps {
  children: ReactNode;
  /** Shown while the piece loads; nothing unless given. */
  placeholder?: ReactNode;
}

/**
 * A piece of a patient page fetched on its own (`React.lazy`): while it loads, and when its fetch fails
 * on a poor link, the page around it stays and the patient can go on; without this a failed fetch
 * would blank the whole page, and the steps typed so far with it.
 */
export class OptionalPiece extends Component<OptionalPieceProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return null;
    return <Suspense fallback={this.props.placeholder ?? null}>{this.props.children}</Suspense>;
  }
}
