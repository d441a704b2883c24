import { OFFERS, type Offer } from "./site-config.ts";

/** The offer whose date window contains `now`, if any; `now` is passed in so tests can pick it. */
export function activeOffer(now: Date, offers: readonly Offer[] = OFFERS): Offer | null {
  const time = now.getTime();
  return (
    offers.find((offer) => offer.startsAt.getTime() <= time && time < offer.endsAt.getTime()) ??
    null
  );
}
