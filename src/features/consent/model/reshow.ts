/**
 * Spec §9: "consent layer reshown after 5 s on denial". Read as: a layer closed without any choice
 * ("Decide later", Escape) comes back 5 s later; an explicit choice, including "Reject all", is
 * final and never followed by the layer again (until the visitor opens it from the footer).
 */
export const CONSENT_RESHOW_MS = 5_000;
