import { useT } from "../../hooks/use-t.ts";
import { SUPPORTERS } from "../../lib/site-config.ts";
import { SmartLink } from "../ui/smart-link.tsx";

const logos = import.meta.glob<string>("../../assets/logos/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});

/** The supported-by strip (SPEC §2, §3): four partner logos, each linking to the partner. */
export function SupportedBy() {
  const t = useT();
  return (
    <section className="supported-by" id="supported-by" aria-labelledby="supported-by-heading">
      <div className="container supported-by__inner">
        <h2 id="supported-by-heading">{t("landing.supportedBy.heading")}</h2>
        <ul>
          {SUPPORTERS.map(({ id, url }) => (
            <li key={id}>
              <SmartLink
                href={url}
                className="supported-by__link"
                trackingId={`supported-by-${id}`}
                trackingSection="supported-by"
              >
                <img
                  className="supported-by__logo"
                  src={logos[`../../assets/logos/${id}.svg`]}
                  alt={t(`landing.supportedBy.items.${id}`)}
                  width={200}
                  height={56}
                  loading="lazy"
                  decoding="async"
                />
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
