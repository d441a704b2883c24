import { useT } from "../../hooks/use-t.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { CALLS_TO_ACTION } from "../../lib/navigation.ts";
import { SmartLink } from "../ui/smart-link.tsx";

interface MastheadProps {
  headingKey: MessageKey;
  subtitleKey: MessageKey;
}

/** The landing masthead: headline, sub-title and the demo and register calls to action. */
export function Masthead({ headingKey, subtitleKey }: MastheadProps) {
  const t = useT();
  return (
    <section className="masthead" id="top">
      <div className="container masthead__inner">
        <div className="masthead__copy">
          <h1>{t(headingKey)}</h1>
          <p className="lede">{t(subtitleKey)}</p>
          <div className="button-row">
            <SmartLink
              href={CALLS_TO_ACTION.tryNow}
              className="button button--primary button--large"
              trackingId="register"
              trackingSection="masthead"
            >
              {t("common.nav.tryNow")}
            </SmartLink>
            <SmartLink
              href={CALLS_TO_ACTION.bookDemo}
              className="button button--secondary button--large"
              trackingId="book-demo"
              trackingSection="masthead"
            >
              {t("common.nav.bookDemo")}
            </SmartLink>
          </div>
        </div>
      </div>
    </section>
  );
}
