import { formatReceptionNumber } from "@pharmacy/contract/shared/formats";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { asksExchangeNumber } from "../../../lib/receptions/prescription-limits";
import { CounterFrame } from "./counter-frame";
import { CounterQuestion } from "./counter-question";
import { ExchangeStep } from "./exchange-step";
import { PhotoStep } from "./photo-step";
import { TicketStep } from "./ticket-step";
import { useCancelCounterReception } from "./use-cancel-counter-reception";
import { useCounterFlow, type CounterFlowState } from "./use-counter-flow";
import { useCounterSession } from "./use-counter-session";
import type { ScanFiles } from "./scan-files";

interface CounterFlowProps {
  /** The reception POST /api/reception just made for this patient. */
  reception: Reception;
  /** Closes the flow: after the done screen, or once the unfinished reception was cancelled. */
  onFinished: () => void;
  /** The counter kiosk: the done screen leads back to the welcome screen rather than the list. */
  kiosk?: boolean;
}

/**
 * The counter reception, full screen with big buttons: photograph the prescriptions, answer the
 * questions one at a time, check the ticket, confirm (and print), done. Cancelling at any step deletes
 * the unfinished reception.
 */
export function CounterFlow({ reception, onFinished, kiosk = false }: CounterFlowProps) {
  const number = formatReceptionNumber(reception.receptionNumber, reception.partitionNumber);
  const flow = useCounterFlow(reception.id);
  const files = useCounterSession();
  const confirmCancel = useCancelCounterReception(reception, number, onFinished);

  return (
    <CounterFrame number={number} onCancel={flow.step.kind === "done" ? undefined : confirmCancel}>
      <CounterStepView flow={flow} reception={reception} files={files} onFinished={onFinished} kiosk={kiosk} />
    </CounterFrame>
  );
}

interface CounterStepViewProps extends Required<CounterFlowProps> {
  flow: CounterFlowState;
  files: ScanFiles;
}

/** The step the flow stands at. */
function CounterStepView({ flow, reception, files, onFinished, kiosk }: CounterStepViewProps) {
  const { step } = flow;
  switch (step.kind) {
    case "photos":
      return (
        <PhotoStep
          receptionId={reception.id}
          files={files}
          // The questions depend on the settings: wait for them (a failure is shown on the next step).
          nextLoading={flow.settingsLoading}
          onNext={flow.start}
          kiosk={kiosk}
        />
      );
    case "question":
      return <CounterQuestion flow={flow} questionKey={step.key} />;
    case "exchange":
      return (
        <ExchangeStep
          // mounted again once the 控え's number arrives, so it fills the field
          key={flow.copiedExchangeNumber ?? ""}
          value={flow.exchangeNumber || flow.copiedExchangeNumber || ""}
          fromCopy={!flow.exchangeNumber && flow.copiedExchangeNumber !== undefined}
          onNext={flow.exchangeEntered}
          onBack={flow.backToVerifyMethod}
        />
      );
    case "preview":
    case "done":
      return (
        <TicketStep
          reception={reception}
          questions={flow.questions}
          answers={flow.answers}
          exchangeNumber={asksExchangeNumber(flow.answers) && flow.exchangeNumber ? flow.exchangeNumber : undefined}
          onReturnDateRefused={flow.returnDateRefused}
          autoPrint={flow.appSettings.autoPrintTicket}
          confirmed={step.kind === "done"}
          kiosk={kiosk}
          onBack={() => flow.back(undefined)}
          onConfirmed={flow.confirmed}
          onFinished={onFinished}
        />
      );
  }
}
