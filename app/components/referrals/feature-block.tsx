import type { ReactNode } from "react";

interface FeatureBlockProps {
  id: string;
  eyebrow: string;
  title: string;
  paragraphs: readonly string[];
  benefitsLabel?: string;
  benefits?: readonly string[];
  image: { src: string; alt: string; width: number; height: number };
  /** Puts the image on the right on wide screens. */
  isReversed?: boolean;
  /** The call to action and any secondary link. */
  children: ReactNode;
}

/** SPEC §2: a feature block with an image, title, paragraphs, optional benefits and actions. */
export function FeatureBlock({
  id,
  eyebrow,
  title,
  paragraphs,
  benefitsLabel,
  benefits = [],
  image,
  isReversed = false,
  children,
}: FeatureBlockProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      className="feature-block"
      data-reversed={isReversed || undefined}
      aria-labelledby={titleId}
    >
      <div className="container feature-block__inner">
        <div className="feature-block__media">
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
        </div>
        <div className="feature-block__copy">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={titleId}>{title}</h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {benefits.length > 0 ? (
            <ul className="benefits" aria-label={benefitsLabel}>
              {benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          ) : null}
          <div className="button-row">{children}</div>
        </div>
      </div>
    </section>
  );
}
