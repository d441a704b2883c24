import { useT } from "../../hooks/use-t.ts";
import { DATA_FLOW_STEPS } from "../../lib/integration/data-flow.ts";
import { SmartLink } from "../ui/smart-link.tsx";
import { FlowIcon } from "./flow-icon.tsx";
import "./integration.css";

interface XeroConnectionPanelProps {
  /** Where the whole data flow is explained: the page's own diagram (`#id`) or the guide's page. */
  moreHref: string;
}

/**
 * The Xero-connection panel of the Xero pages' first screens (issue 14): what flows, how
 * often and where to, in one compact row (a column on phones). Its steps, icons, labels and
 * details are the data-flow diagram's own, so the panel and the diagram cannot drift apart.
 * Needs the `integration.diagram` and `integration.panel` messages. One per page, so its
 * heading's id is fixed; where it sits (masthead, page header) spaces it, in CSS.
 */
export function XeroConnectionPanel({ moreHref }: XeroConnectionPanelProps) {
  const t = useT();
  return (
    <section className="xero-panel" aria-labelledby="xero-panel-heading">
      <h2 id="xero-panel-heading" className="xero-panel__heading">
        {t("integration.panel.heading")}
      </h2>
      <ol className="xero-panel__steps">
        {DATA_FLOW_STEPS.map((step) => (
          <li key={step} className="xero-panel__step">
            <svg
              className="xero-panel__icon"
              viewBox="0 0 56 56"
              width="40"
              height="40"
              aria-hidden="true"
              focusable="false"
            >
              <FlowIcon step={step} cx={28} cy={28} />
            </svg>
            <span className="xero-panel__text">
              <strong className="xero-panel__label">
                {t(`integration.diagram.${step}.label`)}
              </strong>
              <span className="xero-panel__detail">{t(`integration.diagram.${step}.detail`)}</span>
            </span>
          </li>
        ))}
      </ol>
      {/* After the steps on a phone, beside the heading on wider screens (CSS grid areas). */}
      <SmartLink href={moreHref} className="xero-panel__more">
        {t("integration.panel.more")}
      </SmartLink>
    </section>
  );
}
