/** SPEC §4, §9: the FAQ item's content class toggles this long after a click. */
export const FAQ_CONTENT_TOGGLE_DELAY_MS = 500;

/** The address parameter that keeps the FAQ filter text, so a filtered list can be shared. */
export const FAQ_QUERY_PARAM = "q";
